/**
 * Shared shapes of the LSP layer: language ids, answers with readiness flags and timings, file changes.
 */

import type { ServerLanguage } from '../core/languages.js';

/**
 * A language Locus can route to a language server (keys of `locus.config.json` → `languages`): a language of the
 * registry, or one the configuration declares by its extensions (a language without a grammar, `haskell`).
 */
export type LanguageKey = ServerLanguage | (string & {});

/** Where the time of one call went; `requestMs` is the raw JSON-RPC round trip, `totalMs` the whole call. */
export interface LspTiming {
  /** Wall time from sending the request to receiving its response (the raw LSP cost). */
  requestMs: number;
  /** Wall time of the whole session call: start, sync, readiness wait, request and conversion. */
  totalMs: number;
  /** Part of `totalMs` spent waiting for the server to become ready (0 once it is). */
  readyWaitMs: number;
}

/** One answer from a language server, positions always in UTF-16. */
export interface LspAnswer<T> {
  /** The protocol result, with every position converted to UTF-16. */
  result: T;
  /** True when the server answered before its readiness signal, so the result may miss project files. */
  possiblyIncomplete: boolean;
  /** With `possiblyIncomplete`: why, naming the server ("rust-analyzer was still loading the project (Fetching) after waiting 15.0 s"). */
  incompleteReason?: string;
  /**
   * With `possiblyIncomplete`: true when the server had not finished loading the project, or the files changed behind
   * the request, when it answered; false when it had, but reports a problem with the project (the answer is then as
   * complete as the server can make it). Writes refuse only the former (a rename that may miss places).
   */
  unready?: boolean;
  /** Adapter id of the server that answered (`typescript`, `pyright`, `gopls`, …). */
  server: string;
  /** Timings for the benchmark ("Locus overhead over the raw LSP request"). */
  timing: LspTiming;
}

/** Kind of a file change reported through `notifyFilesChanged`. */
export type FileChangeKind = 'created' | 'changed' | 'deleted';

/** A change to a file made outside the language server (absolute path). */
export interface FileChange {
  path: string;
  kind: FileChangeKind;
}
