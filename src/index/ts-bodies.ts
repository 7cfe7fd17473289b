/**
 * The TypeScript function bodies an index skeleton parse may leave out (`skeleton.ts`): a body declares a symbol
 * only through a nested function, class, type alias, interface, enum or namespace (docs/locate-strings.md, "Which
 * declarations are symbols"), so a body that spells none of them — nor anything this plain-text scan cannot read
 * (template literals, regular expressions and divisions, which the scan does not tell apart) — is skipped. Every
 * gap is then checked in the skeleton tree (an empty `statement_block` of a function), or the file is parsed whole.
 */
import type { Span } from '../core/positions.js';

/**
 * A line that opens a function's body: `) {` after a parameter list (with an optional plain return type), or
 * `=> {`; lines of control statements, whose blocks belong to no function, comment lines and lines that go on from one before (`) {`, `}) {`) are left out.
 */
const TS_BODY_LINE =
  /^[ \t]*(?![ \t]|\/\/|\/\*|\*|\)|\})(?!(?:else|if|for|while|switch|catch|with|do|try)\b)[^\n]*(?:\)(?:[ \t]*:[ \t]*[\w$.<>[\]][\w$.<>[\], |&?]*)?|=>)[ \t]*\{[ \t]*$/gm;
/** What may declare a symbol inside a body, or hide one from this scan (a template literal). */
const TS_RISKY =
  /=>|`|\b(?:function|class|interface|type|enum|namespace|module|declare|abstract|private|public|protected|readonly|override)\b/;

/** The interiors of TypeScript function bodies that declare no symbol, in order. */
export function tsBodies(text: string): Span[] {
  if (/\r(?!\n)/.test(text)) return [];
  const gaps: Span[] = [];
  let after = 0;
  for (const match of text.matchAll(TS_BODY_LINE)) {
    const open = text.lastIndexOf('{', match.index + match[0].length - 1) + 1;
    if (open <= after) continue;
    const close = closingBrace(text, open);
    if (close === undefined) continue;
    const body = text.slice(open, close);
    if (body.length > 1 && !TS_RISKY.test(body)) {
      gaps.push({ start: open, end: close });
      after = close;
    }
  }
  return gaps;
}

/**
 * The offset of the `}` closing the block opened just before `from`, when brackets pair up in order outside
 * strings and comments and no template literal or `/` other than a comment's stands in the way (undefined then).
 */
function closingBrace(text: string, from: number): number | undefined {
  const stack: number[] = [0x7d];
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x27) {
      i = quoteEnd(text, i, c);
      if (i < 0) return undefined;
    } else if (c === 0x2f) {
      const next = text.charCodeAt(i + 1);
      if (next === 0x2f) i = text.indexOf('\n', i);
      else if (next === 0x2a) i = text.indexOf('*/', i + 2) + 1;
      else return undefined;
      if (i <= 0) return undefined;
    } else if (c === 0x60) return undefined;
    else if (c === 0x28 || c === 0x5b || c === 0x7b) stack.push(c === 0x28 ? 0x29 : c + 2);
    else if (c === 0x29 || c === 0x5d || c === 0x7d) {
      if (stack.pop() !== c) return undefined;
      if (stack.length === 0) return i;
    }
  }
  return undefined;
}

/** The index of the quote closing the string (or Go rune) opened at `start`, or -1 when the line ends first. */
export function quoteEnd(text: string, start: number, quote: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === quote) return i;
    else if (c === 0x0a) return -1;
  }
  return -1;
}
