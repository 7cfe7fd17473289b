/**
 * A find that runs out of a line comment into the code after it is no match (docs/locate-strings.md, "Find"): the
 * caller adds the file's comment spans only when some match spans a line break (`matchesAcrossLines`).
 */
import type { Span } from '../core/positions.js';
import { findAll, type CompiledFind, type FindMatch } from './matcher.js';

/** Closing delimiters of block comments: a match may leave a comment through one of them (it spells it). */
const CLOSED_COMMENT = /(?:\*\/|\]=*\]|-->|=end|\*\)|-\})\s*$/;

/**
 * The matches that do not begin inside a line comment and run on past its end into the code after it
 * (docs/locate-strings.md, "Find"): `state.` ending a comment line and `base_` starting the next are no match
 * of `state.base_`. A match starting at a comment's opener contains the comment and stands; so does one leaving
 * a block comment through its `*\/`, which the find then spells.
 */
export function outsideComments(
  matches: FindMatch[],
  text: string,
  comments: readonly Span[] | undefined,
): FindMatch[] {
  if (!comments || comments.length === 0) return matches;
  return matches.filter((match) => {
    const comment = commentAt(comments, match.span.start);
    if (!comment || comment.start === match.span.start || match.span.end <= comment.end) return true;
    return CLOSED_COMMENT.test(text.slice(comment.start, comment.end));
  });
}

/** The comment containing `offset` (binary search over sorted, disjoint spans). */
function commentAt(comments: readonly Span[], offset: number): Span | undefined {
  let lo = 0;
  let hi = comments.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const span = comments[mid] as Span;
    if (offset < span.start) hi = mid - 1;
    else if (offset >= span.end) lo = mid + 1;
    else return span;
  }
  return undefined;
}

/** True when some match of the find in `text` spans a line break (only those can leave a line comment). */
export function matchesAcrossLines(compiled: CompiledFind, text: string): boolean {
  if (compiled.kind !== 'tokens' || compiled.tokens.length < 2) return false;
  return findAll(compiled, text, { start: 0, end: text.length }).some((m) =>
    /[\n\r]/.test(text.slice(m.span.start, m.span.end)),
  );
}
