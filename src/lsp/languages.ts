/**
 * Which server language a file is and the LSP `languageId` servers expect for it. The language itself is the one
 * decision of `workspace/file-language.ts` (docs/languages.md): configuration globs, `.h` evidence, an extension a
 * language without a grammar declares, the language decided the last time the operations had the file's text (a `.h`
 * as C++ by its content), the extension, else the file's two ends (shebang, modeline) — exactly as the outline
 * decides it. Here it is only mapped to a server.
 */
import { lspLanguageIdOf, serverLanguageOf } from '../core/languages.js';
import type { FileLanguages } from '../workspace/file-language.js';
import type { LanguageKey } from './types.js';

/** The server language of a file (a declared one is its own key), or undefined when Locus has no server for it. */
export function serverLanguageOfFile(absPath: string, languages: FileLanguages): LanguageKey | undefined {
  const declared = languages.declaredOf(absPath);
  if (declared !== undefined) return declared.language;
  const id = languages.languageOf(absPath);
  return id === undefined ? undefined : serverLanguageOf(id);
}

/** The LSP `languageId` of a file (`typescriptreact`, `shellscript`, …); `plaintext` when unknown. */
export function lspLanguageId(absPath: string, languages: FileLanguages): string {
  const declared = languages.declaredOf(absPath);
  if (declared !== undefined) return declared.languageId;
  const id = languages.languageOf(absPath);
  return id === undefined ? 'plaintext' : lspLanguageIdOf(id, absPath);
}
