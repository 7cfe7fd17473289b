/**
 * Which server language a file is and the LSP `languageId` servers expect for it, read from the one
 * language registry (`core/languages.ts`, docs/languages.md). Files without a known extension are
 * detected from their first bytes (shebang, modeline), exactly as the outline detects them. The
 * operations layer may record a finer per-file decision (`.h` as C++ by its compile command or its
 * including translation units) in the LspManager's `LanguageDecisions`, so didOpen sends the same language.
 */
import { readHead } from '../workspace/read-file.js';
import { detectLanguage, extensionOf, lspLanguageIdOf, serverLanguageOf } from '../core/languages.js';
import { LruMap } from '../core/lru-map.js';
import type { LanguageKey } from './types.js';

const HEAD_BYTES = 512;
const REMEMBERED_MAX = 10_000;

/** The languages the operations layer decided per file (registry language ids), one store per LspManager. */
export class LanguageDecisions {
  private readonly decided = new LruMap<string, string>({ maxEntries: REMEMBERED_MAX });

  /** Records the language decided for a file. */
  remember(absPath: string, languageId: string): void {
    this.decided.set(absPath, languageId);
  }

  /** The language decided for a file, if any. */
  get(absPath: string): string | undefined {
    return this.decided.peek(absPath);
  }
}

/** The registry language of a file: decided, else by extension, else from its first bytes. */
function registryLanguage(absPath: string, decisions: LanguageDecisions | undefined): string | undefined {
  const known = decisions?.get(absPath);
  if (known !== undefined) return known;
  if (extensionOf(absPath) !== '') {
    const byPath = detectLanguage(absPath);
    if (byPath !== undefined) return byPath;
  }
  const head = readHead(absPath, HEAD_BYTES)?.toString('utf8');
  return head === undefined ? undefined : detectLanguage(absPath, head);
}

/** The server language of a file, or undefined when Locus has no server for it. */
export function languageOfPath(absPath: string, decisions?: LanguageDecisions): LanguageKey | undefined {
  const id = registryLanguage(absPath, decisions);
  return id === undefined ? undefined : serverLanguageOf(id);
}

/** The LSP `languageId` of a file (`typescriptreact`, `shellscript`, …); `plaintext` when unknown. */
export function lspLanguageId(absPath: string, decisions?: LanguageDecisions): string {
  const id = registryLanguage(absPath, decisions);
  return id === undefined ? 'plaintext' : lspLanguageIdOf(id, absPath);
}
