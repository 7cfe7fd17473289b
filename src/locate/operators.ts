/**
 * Multi-character operators and comment delimiters per language (docs/locate-strings.md, "Find"): each is one
 * token of a find and of the text, read longest first as the language's own lexer reads them, so `->` never
 * matches across `tries-- > 0` and `-` never matches inside `->`. Left out where a language reads the characters
 * as two tokens in common code: `>>` in languages whose generics close with `>>` (`Map<K, List<V>>`), `**` in C,
 * C++, Rust and Go (`char **argv`, `**p`), `/*` and `*` where a comment is `#`. A language not listed has no
 * multi-character operators (every punctuation character is a token, as before).
 */

const C_FAMILY = ['->', '++', '--', '<<=', '<<', '<=', '>=', '==', '!=', '&&', '||', '+=', '-=', '*='];
const C_MORE = ['/=', '%=', '&=', '|=', '^=', '...', '::', '/*', '*/', '//'];
const C_LIKE = [...C_FAMILY, ...C_MORE];
const JS_LIKE = [
  ...C_LIKE.filter((op) => op !== '::' && op !== '->'),
  '===',
  '!==',
  '=>',
  '**=',
  '**',
  '??=',
  '??',
  '?.',
  '&&=',
  '||=',
  '>>>=',
];
const PYTHON = ['**=', '**', '//=', '//', '->', ':=', '==', '!=', '<=', '>=', '<<=', '>>=', '<<', '>>'];
const PYTHON_MORE = ['+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '@=', '...'];

/** Operators by language id (the grammar ids of `core/languages.ts`). */
const OPERATORS: Readonly<Record<string, readonly string[]>> = {
  c: [...C_LIKE, '>>=', '>>'],
  cpp: [...C_LIKE, '->*', '<=>'],
  java: [...C_LIKE, '>>>='],
  csharp: [...C_LIKE, '=>', '??=', '??', '?.'],
  kotlin: [...C_LIKE, '===', '!==', '?.', '?:', '!!', '..<', '..'],
  swift: [...C_LIKE.filter((op) => op !== '::'), '===', '!==', '??', '?.', '..<'],
  scala: [...C_LIKE, '=>', '<-'],
  rust: [...C_LIKE.filter((op) => op !== '++' && op !== '--'), '=>', '..=', '..', '>>='],
  go: [...C_LIKE.filter((op) => op !== '::' && op !== '->'), ':=', '<-', '&^=', '&^', '>>=', '>>'],
  typescript: JS_LIKE,
  tsx: JS_LIKE,
  javascript: JS_LIKE,
  php: [...JS_LIKE, '->', '?->', '::', '<=>', '.=', '>>=', '>>'],
  python: [...PYTHON, ...PYTHON_MORE],
  ruby: ['**=', '**', '==', '===', '!=', '<=>', '<=', '>=', '&&=', '||=', '&&', '||', '<<', '>>', '+=', '-='],
  lua: ['--', '==', '~=', '<=', '>=', '...', '..', '//', '<<', '>>', '::'],
  bash: ['&&', '||', ';;', '<<<', '<<', '>>', '&>', '|&', '==', '!=', '=~', '<=', '>=', '+=', '--', '++'],
};

/** The operator lists of every listed language, by language id. */
export function operatorTable(): Readonly<Record<string, readonly string[]>> {
  return OPERATORS;
}
