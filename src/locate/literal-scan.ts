/**
 * The fast path of token matching: candidates come from `String.indexOf` of the pattern's first
 * token and are verified in place, token by token. Verification work is budgeted (a few times the
 * text plus the pattern); when a pathological text exhausts it, the caller falls back to the KMP
 * scan, so the total stays linear either way.
 */
import { SPACE_CHAR, WORD_CHAR } from './tokens.js';

/** A compiled token pattern, as the matcher holds it. */
export interface TokenPattern {
  tokens: string[];
  /** Per token: true for a word token (its ends must be word boundaries in the text). */
  words: boolean[];
  /** The language's multi-character operators, longest first: a punctuation token must be the text's whole token. */
  operators: readonly string[];
  cursor: { edge: 'match-start' | 'token' | 'end' | 'space'; index: number; offset: number };
}

/** One match in the scanned slice: first token start, last token end, cursor, where to go on. */
export interface SliceMatch {
  start: number;
  end: number;
  cursor: number;
  next: number;
}

const WORD_START = new RegExp(`^${WORD_CHAR}`, 'u');
const SPACE = new RegExp(`^${SPACE_CHAR}$`, 'u');

function isWordAt(text: string, i: number): boolean {
  return i < text.length && WORD_START.test(text.slice(i, i + 2));
}

function isWordBefore(text: string, i: number): boolean {
  if (i <= 0) return false;
  const low = text.charCodeAt(i - 1);
  const from = low >= 0xdc00 && low <= 0xdfff && i >= 2 ? i - 2 : i - 1;
  return WORD_START.test(text.slice(from, i));
}

function isSpaceAt(text: string, i: number): boolean {
  return i < text.length && SPACE.test(text[i] as string);
}

/** The punctuation token the text has at `at`: the longest operator there, else one code point. */
function punctuationAt(text: string, at: number, operators: readonly string[]): string {
  for (const op of operators) if (text.startsWith(op, at)) return op;
  const code = text.codePointAt(at) ?? 0;
  return String.fromCodePoint(code);
}

/** True when a token starts at `at` (operators are read longest first from the start of their punctuation run). */
function startsToken(text: string, at: number, operators: readonly string[]): boolean {
  if (operators.length === 0) return true;
  let start = at;
  while (start > 0 && start > at - 16 && isPunctuation(text, start - 1)) start--;
  let pos = start;
  while (pos < at) pos += punctuationAt(text, pos, operators).length;
  return pos === at;
}

function isPunctuation(text: string, i: number): boolean {
  return !isSpaceAt(text, i) && !WORD_START.test(text.slice(i, i + 1));
}

/** Leftmost non-overlapping matches, or undefined when the work budget ran out. */
export function scanLiteral(
  slice: string,
  pattern: TokenPattern,
  limit: number,
  budget: { steps: number },
): SliceMatch[] | undefined {
  const matches: SliceMatch[] = [];
  const first = pattern.tokens[0] as string;
  for (let from = 0; matches.length < limit;) {
    const at = slice.indexOf(first, from);
    if (at < 0) break;
    if (--budget.steps < 0) return undefined;
    const match = verify(slice, at, pattern, budget);
    if (budget.steps < 0) return undefined;
    if (match) matches.push(match);
    from = match ? match.next : at + 1;
  }
  return matches;
}

function verify(
  slice: string,
  at: number,
  pattern: TokenPattern,
  budget: { steps: number },
): SliceMatch | undefined {
  const { tokens, words, cursor, operators } = pattern;
  if (words[0] ? isWordBefore(slice, at) : !startsToken(slice, at, operators)) return undefined;
  let pos = at;
  let cursorAt = at;
  for (let j = 0; j < tokens.length; j++) {
    if (j > 0) {
      const gap = pos;
      while (isSpaceAt(slice, pos)) pos++;
      budget.steps -= pos - gap;
    }
    const token = tokens[j] as string;
    budget.steps -= token.length;
    if (!slice.startsWith(token, pos)) return undefined;
    if (!words[j] && operators.length > 0 && punctuationAt(slice, pos, operators) !== token) return undefined;
    if (cursor.edge === 'token' && cursor.index === j) cursorAt = pos + cursor.offset;
    pos += token.length;
    if (words[j] && isWordAt(slice, pos)) return undefined;
  }
  const end = pos;
  if (cursor.edge === 'end') cursorAt = end;
  if (cursor.edge !== 'space') return { start: at, end, cursor: cursorAt, next: end };
  if (!isSpaceAt(slice, end)) return undefined;
  while (isSpaceAt(slice, pos)) pos++;
  budget.steps -= pos - end;
  return { start: at, end, cursor: pos, next: pos };
}
