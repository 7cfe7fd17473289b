/**
 * Which server language a file is and the LSP `languageId` servers expect for it, read from the one
 * language registry (`core/languages.ts`, docs/languages.md). Files without a known extension are
 * detected from their first bytes (shebang, modeline), exactly as the outline detects them. The
 * operations layer may record a finer per-file decision (`.h` as C++ by its compile command or its
 * including translation units) with `rememberLanguage`, so didOpen sends the same language.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import {
  detectLanguage,
  extensionOf,
  extensionsOfServer,
  lspLanguageIdOf,
  serverLanguageOf,
} from '../core/languages.js';
import type { LanguageKey } from './types.js';

const HEAD_BYTES = 512;
const REMEMBERED_MAX = 10_000;
const remembered = new Map<string, string>();

/** Records the language the operations layer decided for a file (registry language id). */
export function rememberLanguage(absPath: string, languageId: string): void {
  remembered.delete(absPath);
  remembered.set(absPath, languageId);
  if (remembered.size > REMEMBERED_MAX) remembered.delete(remembered.keys().next().value as string);
}

/** The registry language of a file: remembered, else by extension, else from its first bytes. */
function registryLanguage(absPath: string): string | undefined {
  const known = remembered.get(absPath);
  if (known !== undefined) return known;
  if (extensionOf(absPath) !== '') {
    const byPath = detectLanguage(absPath);
    if (byPath !== undefined) return byPath;
  }
  const head = readHead(absPath);
  return head === undefined ? undefined : detectLanguage(absPath, head);
}

function readHead(absPath: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(absPath, 'r');
    const buffer = Buffer.alloc(HEAD_BYTES);
    const read = readSync(fd, buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, read).toString('utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The server language of a file, or undefined when Locus has no server for it. */
export function languageOfPath(absPath: string): LanguageKey | undefined {
  const id = registryLanguage(absPath);
  return id === undefined ? undefined : serverLanguageOf(id);
}

/** The LSP `languageId` of a file (`typescriptreact`, `shellscript`, …); `plaintext` when unknown. */
export function lspLanguageId(absPath: string): string {
  const id = registryLanguage(absPath);
  return id === undefined ? 'plaintext' : lspLanguageIdOf(id, absPath);
}

/** File extensions (with dot) that belong to a language. */
export function extensionsOf(language: LanguageKey): string[] {
  return extensionsOfServer(language);
}
