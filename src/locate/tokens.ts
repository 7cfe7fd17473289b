/**
 * Tokenizer shared by the matcher and reverse positioning: word tokens (letters, marks, digits,
 * connector punctuation such as `_`, and `$`), whitespace runs (Unicode White_Space), and single
 * punctuation code points (SPEC §4.2, §14.6–7).
 */

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

const TOKEN_RE = new RegExp(`(${WORD_CHAR}+)|(${SPACE_CHAR}+)|([\\s\\S])`, 'gu');
const WORD_CHAR_RE = new RegExp(`^${WORD_CHAR}$`, 'u');
const SPACE_ONLY_RE = new RegExp(`^${SPACE_CHAR}*$`, 'u');

/** Splits text into tokens; a surrogate pair is one punctuation token. */
export function tokenize(text: string, from = 0, to = text.length): Token[] {
  const tokens: Token[] = [];
  const slice = from === 0 && to === text.length ? text : text.slice(from, to);
  TOKEN_RE.lastIndex = 0;
  for (let m = TOKEN_RE.exec(slice); m !== null; m = TOKEN_RE.exec(slice)) {
    const kind = m[1] !== undefined ? 'word' : m[2] !== undefined ? 'space' : 'punct';
    const start = from + m.index;
    tokens.push({ kind, text: m[0], start, end: start + m[0].length });
  }
  return tokens;
}

/** True when the single character (code point) is a word character. */
export function isWordChar(char: string | undefined): boolean {
  return char !== undefined && WORD_CHAR_RE.test(char);
}

/** True when the text is empty or only whitespace. */
export function isBlank(text: string): boolean {
  return SPACE_ONLY_RE.test(text);
}

/** The code point that ends just before `offset` (handles surrogate pairs). */
export function charBefore(text: string, offset: number): string | undefined {
  if (offset <= 0) return undefined;
  const low = text.charCodeAt(offset - 1);
  if (low >= 0xdc00 && low <= 0xdfff && offset >= 2) {
    const high = text.charCodeAt(offset - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.slice(offset - 2, offset);
  }
  return text[offset - 1];
}

/** The code point that starts at `offset`. */
export function charAt(text: string, offset: number): string | undefined {
  if (offset >= text.length) return undefined;
  const cp = text.codePointAt(offset);
  return cp === undefined ? undefined : String.fromCodePoint(cp);
}
