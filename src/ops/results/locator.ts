/** The plain result and option types of locator (no functions: a consumer's type graph stops here). */
import type { Position } from '../../core/positions.js';
import type { Locate } from '../../locate/model.js';
import type { Limits } from '../../core/limits.js';
import type { LocateFailure, LocateResult } from '../../locate/resolver.js';
import type { OutlineResult } from './outline.js';

/** A locate as an agent gives it: the string syntax or the object form. */
export type LocateInput = string | Locate;

/** Where to describe: an LSP position (0-based, UTF-16) or a display position (1-based, code points). */
export type DescribeTarget = { position: Position } | { line: number; column: number };

export type DescribeResult =
  | {
      ok: true;
      file_path: string;
      position: Position;
      display: string;
      locate: string;
      exact: boolean;
      symbol?: { path: string; kind: string };
    }
  | LocateFailure;

/** The caller's cancel: the call answers CANCELLED (big files parsed in a worker stop being parsed). */
export interface Cancellable {
  signal?: AbortSignal;
}

/** The offline locator as a library user sees it (src/index.ts exports it as `Locator`). */
export interface LocatorApi {
  readonly root: string;
  locate(input: LocateInput, options?: { range?: boolean } & Cancellable): Promise<LocateResult>;
  locateRange(input: LocateInput, options?: Cancellable): Promise<LocateResult>;
  describe(filePath: string, target: DescribeTarget, options?: Cancellable): Promise<DescribeResult>;
  outline(filePath: string, options?: Cancellable): Promise<OutlineResult | LocateFailure>;
  close(): Promise<void>;
}

/** What a library user may set when creating a locator. */
export interface LocatorApiOptions {
  root: string;
  maxFileBytes?: number;
  /** Input limits; unset ones come from `limits` in locus.config.json, then the defaults. */
  limits?: Partial<Limits>;
  /** Glob → language overrides (default: `fileLanguages` of `locus.config.json`, docs/languages.md). */
  languageOverrides?: Readonly<Record<string, string>>;
}
