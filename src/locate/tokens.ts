/**
 * Tokenizer shared by the matcher and reverse positioning: word tokens (letters, marks, digits,
 * connector punctuation such as `_`, and `$`), whitespace runs (Unicode White_Space), and single
 * punctuation code points (docs/locate-strings.md, "Find").
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

/** Regex source of one token: group 1 a word, group 2 whitespace, else one code point. */
export const TOKEN_RE_SOURCE = `(${WORD_CHAR}+)|(${SPACE_CHAR}+)|([\\s\\S])`;
const TOKEN_RE = new RegExp(TOKEN_RE_SOURCE, 'gu');
const SPACE_START_RE = new RegExp(`^${SPACE_CHAR}`, 'u');

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

/** True when the text is empty or only whitespace. */
export function isBlank(text: string): boolean {
  return SPACE_ONLY_RE.test(text);
}

/** True when `text` starts with whitespace. */
export function isSpaceStart(text: string): boolean {
  return SPACE_START_RE.test(text);
}
