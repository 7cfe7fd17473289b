/**
 * Tokenizer shared by the matcher and reverse positioning: word tokens (letters, marks, digits,
 * connector punctuation such as `_`, and `$`), whitespace runs (Unicode White_Space), the language's
 * multi-character operators (`operators.ts`) and single punctuation code points (docs/locate-strings.md, "Find").
 */

import { operatorTable } from './operators.js';

/** A token of a pattern or of source text, with its UTF-16 span in the tokenized string. */
export interface Token {
  kind: 'word' | 'space' | 'punct';
  text: string;
  start: number;
  end: number;
}

/** Regex source for one word character. */
export const WORD_CHAR = String.raw`[\p{L}\p{M}\p{Nd}\p{Pc}$]`;
/** Regex source for one whitespace character (Unicode White_Space). */
export const SPACE_CHAR = String.raw`\p{White_Space}`;

/** How a language's text splits into tokens: its operators (longest first) and a token pattern using them. */
export interface FindSyntax {
  /** Multi-character operators, longest first. */
  operators: readonly string[];
  /** Token pattern: group 1 a word, group 2 whitespace, group 3 an operator, else one code point. */
  tokenSource: string;
  /** `tokenSource` compiled once (global: `tokenize` resets `lastIndex` before each use). */
  tokenRe: RegExp;
}

function syntaxOf(operators: readonly string[]): FindSyntax {
  const longestFirst = [...new Set(operators)].sort((a, b) => b.length - a.length);
  const escaped = longestFirst.map((op) => op.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  // Group 3 exists in every pattern (the tokenizers count groups); without operators it never matches.
  const ops = escaped.length > 0 ? `(${escaped.join('|')})|` : '((?!))|';
  const tokenSource = `(${WORD_CHAR}+)|(${SPACE_CHAR}+)|${ops}([\\s\\S])`;
  return { operators: longestFirst, tokenSource, tokenRe: new RegExp(tokenSource, 'gu') };
}

/** Every punctuation character its own token (a language without multi-character operators). */
export const PLAIN_SYNTAX: FindSyntax = syntaxOf([]);
/**
 * Built on first use per language: a Unicode-property pattern costs ~0.4 ms to construct, and building all 34
 * when the module loaded was 13–15 ms of every one-shot command, which uses one (docs/performance.md, "Cold start").
 */
const syntaxes = new Map<string, FindSyntax>();

/** The token syntax of a language (plain for an unknown or absent one). */
export function findSyntax(language: string | undefined): FindSyntax {
  if (language === undefined) return PLAIN_SYNTAX;
  const known = syntaxes.get(language);
  if (known) return known;
  const operators = Object.hasOwn(operatorTable(), language) ? operatorTable()[language] : undefined;
  if (!operators) return PLAIN_SYNTAX;
  const syntax = syntaxOf(operators);
  syntaxes.set(language, syntax);
  return syntax;
}
const SPACE_START_RE = new RegExp(`^${SPACE_CHAR}`, 'u');

const WORD_ONE_RE = new RegExp(`^${WORD_CHAR}$`, 'u');

/** True when the code point starting at `index` is a word character. */
export function isWordCharAt(text: string, index: number): boolean {
  const code = text.codePointAt(index);
  return code !== undefined && WORD_ONE_RE.test(String.fromCodePoint(code));
}

const SPACE_ONLY_RE = new RegExp(`^${SPACE_CHAR}*$`, 'u');

/**
 * Splits text into tokens; a surrogate pair is one punctuation token, and so is each multi-character operator
 * of `syntax` (read longest first, docs/locate-strings.md "Find").
 */
export function tokenize(
  text: string,
  from = 0,
  to = text.length,
  syntax: FindSyntax = PLAIN_SYNTAX,
): Token[] {
  const tokens: Token[] = [];
  const slice = from === 0 && to === text.length ? text : text.slice(from, to);
  const re = syntax.tokenRe;
  re.lastIndex = 0;
  for (let m = re.exec(slice); m !== null; m = re.exec(slice)) {
    const kind = m[1] !== undefined ? 'word' : m[2] !== undefined ? 'space' : 'punct';
    const start = from + m.index;
    tokens.push({ kind, text: m[0], start, end: start + m[0].length });
  }
  return tokens;
}

/** True when the text is empty or only whitespace. */
export function isBlank(text: string): boolean {
  return SPACE_ONLY_RE.test(text);
}

/** True when `text` starts with whitespace. */
export function isSpaceStart(text: string): boolean {
  return SPACE_START_RE.test(text);
}
