/**
 * The one language registry (docs/languages.md): which language a file is — by extension, file name,
 * shebang, editor modeline and, for `.h`, content — which grammar parses it, and which language
 * server (and LSP `languageId`) serves it. Pure data and pure rules: the syntax layer and the LSP
 * layer both read this table; file-system evidence for `.h` (compile database, sibling and including
 * translation units, config globs) is gathered by `workspace/file-language.ts`.
 */

/**
 * Every language Locus can route to a language server (keys of `locus.config.json` → `languages`), in a
 * stable order. The first seven have a built-in server; the others get one only from configuration
 * (`ocaml` serves `.ml` and `.mli`).
 */
export const SERVER_LANGUAGES = [
  'typescript',
  'javascript',
  'python',
  'go',
  'c',
  'cpp',
  'bash',
  'rust',
  'java',
  'csharp',
  'ruby',
  'php',
  'kotlin',
  'swift',
  'scala',
  'lua',
  'json',
  'yaml',
  'toml',
  'html',
  'css',
  'vue',
  'zig',
  'elixir',
  'dart',
  'ocaml',
  'objc',
  'solidity',
  'elm',
  'markdown',
] as const;

/** A language Locus routes to a language server. */
export type ServerLanguage = (typeof SERVER_LANGUAGES)[number];

/** True for a language of the registry (not one a configuration declares). */
export function isServerLanguage(key: string): key is ServerLanguage {
  return (SERVER_LANGUAGES as readonly string[]).includes(key);
}

/** One row of the registry. `id` is also the grammar id of `grammars/manifest.json`. */
export interface LanguageSpec {
  id: string;
  /** Extensions with the dot, lower-case. */
  extensions: readonly string[];
  /** Interpreters whose shebang selects the language for a file without a known extension. */
  shebangs?: readonly string[];
  /** Emacs `-*- mode -*-` / vim `ft=` names that select it for a file without a known extension. */
  modelines?: readonly string[];
  /** The server language (config key) when a language server can serve it. */
  server?: ServerLanguage;
  /** LSP `languageId` (default: the id); per extension where the language has several. */
  lspId?: string;
  lspIdByExtension?: Readonly<Record<string, string>>;
  /**
   * False for a language whose symbols stay out of the workspace index (docs/workspace.md): data files, whose
   * symbols are key paths (`package.json:scripts.test`), so that a bare `test` does not drown in configuration
   * keys, and Markdown headings. The files are still indexed for `search`.
   */
  indexSymbols?: false;
}

/** Every language, in a stable order (the order of `grammars/manifest.json`). */
export const LANGUAGES: readonly LanguageSpec[] = [
  { id: 'python', extensions: ['.py', '.pyi'], shebangs: ['python', 'python3'], server: 'python' },
  { id: 'typescript', extensions: ['.ts', '.mts', '.cts'], server: 'typescript' },
  { id: 'tsx', extensions: ['.tsx'], server: 'typescript', lspId: 'typescriptreact' },
  {
    id: 'javascript',
    extensions: ['.js', '.mjs', '.cjs', '.jsx'],
    shebangs: ['node'],
    server: 'javascript',
    lspIdByExtension: { '.jsx': 'javascriptreact' },
  },
  { id: 'go', extensions: ['.go'], server: 'go' },
  { id: 'rust', server: 'rust', extensions: ['.rs'] },
  { id: 'java', server: 'java', extensions: ['.java'] },
  // `.h` is listed under c; `headerLanguage` decides per file (C++ syntax → cpp).
  { id: 'c', extensions: ['.c', '.h'], server: 'c' },
  {
    id: 'cpp',
    extensions: ['.cpp', '.cc', '.cxx', '.c++', '.hpp', '.hh', '.hxx', '.h++', '.ipp', '.tpp', '.inl'],
    server: 'cpp',
  },
  { id: 'csharp', server: 'csharp', extensions: ['.cs'] },
  { id: 'ruby', server: 'ruby', extensions: ['.rb'], shebangs: ['ruby'] },
  { id: 'php', server: 'php', extensions: ['.php'], shebangs: ['php'] },
  {
    id: 'bash',
    extensions: ['.sh', '.bash'],
    shebangs: ['bash', 'sh', 'dash', 'ksh'],
    modelines: ['sh', 'bash', 'shell-script'],
    server: 'bash',
    lspId: 'shellscript',
  },
  { id: 'kotlin', server: 'kotlin', extensions: ['.kt', '.kts'] },
  { id: 'swift', server: 'swift', extensions: ['.swift'] },
  { id: 'scala', server: 'scala', extensions: ['.scala', '.sc'] },
  { id: 'lua', server: 'lua', extensions: ['.lua'], shebangs: ['lua'] },
  // Data files: their keys are symbol paths (`package.json:scripts.test`, docs/locate-strings.md, "Key paths").
  {
    id: 'json',
    server: 'json',
    extensions: ['.json', '.jsonc'],
    lspIdByExtension: { '.jsonc': 'jsonc' },
    indexSymbols: false,
  },
  { id: 'yaml', server: 'yaml', extensions: ['.yaml', '.yml'], indexSymbols: false },
  { id: 'toml', server: 'toml', extensions: ['.toml'], indexSymbols: false },
  { id: 'html', server: 'html', extensions: ['.html', '.htm', '.xhtml'] },
  { id: 'css', server: 'css', extensions: ['.css'] },
  // The CSS server serves SCSS too (its `scss` languageId).
  { id: 'scss', server: 'css', extensions: ['.scss'], lspId: 'scss' },
  { id: 'vue', server: 'vue', extensions: ['.vue'] },
  { id: 'zig', server: 'zig', extensions: ['.zig'] },
  { id: 'elixir', server: 'elixir', extensions: ['.ex', '.exs'], shebangs: ['elixir'] },
  { id: 'dart', server: 'dart', extensions: ['.dart'] },
  { id: 'ocaml', server: 'ocaml', extensions: ['.ml'] },
  { id: 'ocaml_interface', server: 'ocaml', extensions: ['.mli'], lspId: 'ocaml.interface' },
  { id: 'objc', server: 'objc', extensions: ['.m'], lspId: 'objective-c' },
  { id: 'solidity', server: 'solidity', extensions: ['.sol'] },
  { id: 'elm', server: 'elm', extensions: ['.elm'] },
  // Headings are symbols: `README.md:Install."From source"`.
  { id: 'markdown', server: 'markdown', extensions: ['.md', '.markdown'], indexSymbols: false },
];

const BY_ID = new Map(LANGUAGES.map((spec) => [spec.id, spec]));
const BY_EXTENSION = new Map(LANGUAGES.flatMap((spec) => spec.extensions.map((ext) => [ext, spec.id])));

/** The registry row of a language id, or undefined. */
export function languageSpec(id: string): LanguageSpec | undefined {
  return BY_ID.get(id);
}

/** The registry language an extension (`.py`, lower-case) names, not a file's: what a configuration may not declare. */
export function extensionLanguage(extension: string): string | undefined {
  return BY_EXTENSION.get(extension);
}

/** Lower-case extension of a path (`.h`), or '' for none and for dotfiles (`.bashrc`). */
export function extensionOf(path: string): string {
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

const HEADER_EXTENSIONS = new Set(['.h', '.hh', '.hpp', '.hxx', '.h++', '.ipp', '.tpp', '.inl']);

/** True for C/C++ header files (never compiled on their own). */
export function isHeaderPath(path: string): boolean {
  return HEADER_EXTENSIONS.has(extensionOf(path));
}

/**
 * The language a C or C++ translation unit (a source file, not a header) compiles as, by its extension: what a
 * folder's units say about its headers, and what a generated compile database compiles. Undefined otherwise.
 */
export function translationUnitLanguage(path: string): 'c' | 'cpp' | undefined {
  if (isHeaderPath(path)) return undefined;
  const language = BY_EXTENSION.get(extensionOf(path));
  return language === 'c' || language === 'cpp' ? language : undefined;
}

/** True for C/C++ header extensions whose language is decided per file (`.h`). */
export function isAmbiguousHeader(path: string): boolean {
  return extensionOf(path) === '.h';
}

/**
 * The language of a file from its path and, when given, its text: extension (`.h` by content, see
 * `headerLanguage`); a file without an extension (`bin/deploy`, `.bashrc`) by its shebang, else an editor modeline.
 * Undefined when unknown — also for an extension the table does not know, whatever the text says (so the rule
 * gives the same answer from a file's two ends as from its whole text, and a walk never reads such files).
 */
export function detectLanguage(path: string, text?: string): string | undefined {
  const ext = extensionOf(path);
  if (ext !== '') {
    const byExtension = BY_EXTENSION.get(ext);
    return ext === '.h' && byExtension && text !== undefined ? headerLanguage(text) : byExtension;
  }
  if (text === undefined) return undefined;
  return languageForShebang(text) ?? languageForModeline(text);
}

/** `#!/bin/bash`, `#!/usr/bin/env -S bash -e` → bash; undefined when no known interpreter. */
export function languageForShebang(text: string): string | undefined {
  const match = /^(?:\uFEFF)?#!\s*(\S+)((?:[ \t]+\S+)*)/.exec(text);
  if (!match) return undefined;
  const program = match[1] ?? '';
  let interpreter = program.slice(program.lastIndexOf('/') + 1);
  if (interpreter === 'env') {
    const args = (match[2] ?? '').trim().split(/[ \t]+/);
    interpreter = args.find((arg) => !arg.startsWith('-') && !arg.includes('=')) ?? '';
  }
  interpreter = interpreter.replace(/[\d.]+$/, '');
  return LANGUAGES.find((spec) => spec.shebangs?.includes(interpreter))?.id;
}

/** Emacs `-*- shell-script -*-` in the first two lines, or vim/ex `ft=sh` in the first/last five. */
export function languageForModeline(text: string): string | undefined {
  const head = text.slice(0, 400).split('\n').slice(0, 2).join('\n');
  const emacs = /-\*-\s*(?:mode:\s*)?([\w+-]+)\s*(?:;[^\n]*)?-\*-/i.exec(head)?.[1];
  const lines = text.split('\n', 5).concat(text.slice(-400).split('\n').slice(-5));
  let vim: string | undefined;
  for (const line of lines) {
    vim ??= /\b(?:vim?|ex):.*?\b(?:ft|filetype)=([\w+-]+)/.exec(line)?.[1];
  }
  const mode = (emacs ?? vim)?.toLowerCase();
  if (mode === undefined) return undefined;
  return LANGUAGES.find((spec) => spec.modelines?.includes(mode))?.id;
}

// C++-only syntax at the start of a line (comments and strings aside, this is rare in C).
const CPP_ONLY =
  /^[ \t]*(?:(?:class|namespace)[ \t]+\w+[^;\n]*(?:\{|$|:)|template[ \t]*<|using[ \t]+namespace\b|public:|private:|protected:|extern[ \t]+"C\+\+")|\w::~?\w/m;

// Objective-C directives at the start of a line (`@interface Cart : NSObject`, `@end`).
const OBJC_ONLY = /^[ \t]*@(?:interface|protocol|implementation|end|property|class)\b/m;

/**
 * `.h` by content: Objective-C when the text has `@interface`/`@protocol`/`@end`-style directives, C++ when it has
 * C++-only syntax (class, namespace, template, `::`), else C.
 */
export function headerLanguage(text: string): 'c' | 'cpp' | 'objc' {
  const code = stripComments(text);
  if (OBJC_ONLY.test(code)) return 'objc';
  return CPP_ONLY.test(code) ? 'cpp' : 'c';
}

function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"/g, ' ');
}

/** False for a language whose symbols stay out of the workspace index (data-file keys, Markdown headings). */
export function indexesSymbols(id: string): boolean {
  return BY_ID.get(id)?.indexSymbols !== false;
}

/** The server language of a language id (tsx → typescript), or undefined when no server serves it. */
export function serverLanguageOf(id: string): ServerLanguage | undefined {
  return BY_ID.get(id)?.server;
}

/** The LSP `languageId` for a file of a language (`typescriptreact`, `shellscript`, …). */
export function lspLanguageIdOf(id: string, path: string): string {
  const spec = BY_ID.get(id);
  if (!spec) return 'plaintext';
  return spec.lspIdByExtension?.[extensionOf(path)] ?? spec.lspId ?? spec.id;
}
