/** Which language a file is, by extension, and the LSP `languageId` servers expect for it. */
import { extname } from 'node:path';
import type { LanguageKey } from './types.js';

const BY_EXTENSION: Record<string, [LanguageKey, string]> = {
  '.ts': ['typescript', 'typescript'],
  '.mts': ['typescript', 'typescript'],
  '.cts': ['typescript', 'typescript'],
  '.tsx': ['typescript', 'typescriptreact'],
  '.js': ['javascript', 'javascript'],
  '.mjs': ['javascript', 'javascript'],
  '.cjs': ['javascript', 'javascript'],
  '.jsx': ['javascript', 'javascriptreact'],
  '.py': ['python', 'python'],
  '.pyi': ['python', 'python'],
  '.go': ['go', 'go'],
  '.c': ['c', 'c'],
  '.h': ['c', 'c'],
  '.cc': ['cpp', 'cpp'],
  '.cpp': ['cpp', 'cpp'],
  '.cxx': ['cpp', 'cpp'],
  '.c++': ['cpp', 'cpp'],
  '.hh': ['cpp', 'cpp'],
  '.hpp': ['cpp', 'cpp'],
  '.hxx': ['cpp', 'cpp'],
  '.ipp': ['cpp', 'cpp'],
  '.sh': ['bash', 'shellscript'],
  '.bash': ['bash', 'shellscript'],
  // Languages without a built-in server: served only when configured (docs/configuration.md, "languages").
  '.rs': ['rust', 'rust'],
  '.java': ['java', 'java'],
  '.cs': ['csharp', 'csharp'],
  '.rb': ['ruby', 'ruby'],
  '.php': ['php', 'php'],
  '.kt': ['kotlin', 'kotlin'],
  '.kts': ['kotlin', 'kotlin'],
  '.swift': ['swift', 'swift'],
  '.scala': ['scala', 'scala'],
  '.sc': ['scala', 'scala'],
  '.lua': ['lua', 'lua'],
};

/** The language of a file, or undefined when Locus has no server for its extension. */
export function languageOfPath(absPath: string): LanguageKey | undefined {
  return BY_EXTENSION[extname(absPath).toLowerCase()]?.[0];
}

/** The LSP `languageId` of a file (`typescriptreact`, `shellscript`, …); `plaintext` when unknown. */
export function lspLanguageId(absPath: string): string {
  return BY_EXTENSION[extname(absPath).toLowerCase()]?.[1] ?? 'plaintext';
}

/** File extensions (with dot) that belong to a language. */
export function extensionsOf(language: LanguageKey): string[] {
  return Object.entries(BY_EXTENSION)
    .filter(([, [key]]) => key === language)
    .map(([ext]) => ext);
}
