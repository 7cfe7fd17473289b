/**
 * The pattern search behind describe: marker patterns built from whole tokens around an offset,
 * shortest first, tested under a work budget (docs/performance.md, "describe").
 *
 * A candidate is first matched inside its own extent (cheap: it must land on the offset at all).
 * Uniqueness in a big region is then proven without scanning it when one of the pattern's words occurs
 * only once there as plain text: every match contains each of the pattern's words, and where that
 * one occurrence sits fixes the whole match. Otherwise the region is searched, which the budget bounds.
 */
import type { Span } from '../core/positions.js';
import { joinWithMarker } from './markers.js';
import { compileFind, findAll, type CompiledFind, type ScanMeter } from './matcher.js';
import { tokenize, type FindSyntax, type Token } from './tokens.js';

// Patterns grow to NEAR_TOKENS a side first (the common case, cheap), then to FAR_TOKENS.
const NEAR_TOKENS = 8;
const FAR_TOKENS = 14;
/** Tokens are taken from this many characters either side of the offset. */
export const WINDOW_CHARS = 400;
/** `indexOf` walks text far faster than the token regex: its characters count this much less. */
const INDEX_OF_DISCOUNT = 16;

/** Work counted so far (characters scanned) and the limit of the current phase. */
export interface Budget extends ScanMeter {
  limit: number;
}

/** One candidate: the find text, the text span it was built from and the words in it. */
interface Candidate {
  find: string;
  span: Span;
  /** Where an in-place match of the candidate must end its search (a token end), if known. */
  checkEnd: number | undefined;
  /** The words in the candidate, computed only for the few candidates that land in place. */
  words: () => string[];
}

/** What the search looks for, and how a found pattern is accepted (formatted and resolved back). */
export interface PatternQuery {
  text: string;
  region: Span;
  offset: number;
  /** The first match must be the only one in the region. */
  unique: boolean;
  accept: (find: string) => string | undefined;
  /** The text's tokens (its language's operators). */
  syntax: FindSyntax;
}

/**
 * Shortest readable `find` (by length; with a word, docs/locate-strings.md, "Going back: describe") that lands on `offset`
 * inside `region` and that `accept` takes;
 * gives up (undefined) once the searches have scanned `budget.limit` characters.
 */
export function shortestPattern(query: PatternQuery, budget: Budget): string | undefined {
  const { text, region, offset } = query;
  const tried = new Set<string>();
  const counts = new Map<string, number>();
  for (const reach of [NEAR_TOKENS, FAR_TOKENS])
    for (const candidate of candidatePatterns(text, region, offset, reach, query.syntax)) {
      if (budget.scanned >= budget.limit) return undefined;
      if (tried.has(candidate.find)) continue;
      tried.add(candidate.find);
      const compiled = compileFind(candidate.find, 'position', query.syntax);
      if (!landsInPlace(compiled, text, region, candidate, offset)) continue;
      const proven =
        query.unique && candidate.words().some((w) => occurrences(text, region, w, counts, budget) === 1);
      if (!proven && !searchedUnique(compiled, query, budget)) continue;
      const accepted = query.accept(candidate.find);
      if (accepted) return accepted;
    }
  return undefined;
}

/**
 * The region search (what resolution does: the scope's region is exactly what it searches): the first
 * match lands on the offset (and is the only one when `unique`). A search that would pass the budget
 * walks only what is left of it; if that cannot decide, the budget is spent and the answer is no.
 */
function searchedUnique(compiled: CompiledFind, query: PatternQuery, budget: Budget): boolean {
  const { region } = query;
  const left = budget.limit - budget.scanned;
  const truncated = region.end - region.start > left;
  const span = truncated ? { start: region.start, end: region.start + left } : region;
  const matches = findAll(compiled, query.text, span, 2, budget);
  if (matches[0]?.cursor !== query.offset || (query.unique && matches.length > 1)) return false;
  if (truncated) budget.scanned = budget.limit;
  return !truncated;
}

/** The candidate matched within its own extent (plus the next token) puts the cursor on `offset`. */
function landsInPlace(
  compiled: CompiledFind,
  text: string,
  region: Span,
  candidate: Candidate,
  offset: number,
): boolean {
  if (candidate.checkEnd === undefined) return true;
  const span = { start: Math.max(region.start, candidate.span.start), end: candidate.checkEnd };
  return findAll(compiled, text, span, 1)[0]?.cursor === offset;
}

/** How often `word` occurs in the region as plain text, counting to 2 (memoised per search). */
function occurrences(
  text: string,
  region: Span,
  word: string,
  counts: Map<string, number>,
  budget: Budget,
): number {
  const known = counts.get(word);
  if (known !== undefined) return known;
  // Walk no further than the budget allows; an unfinished count proves nothing (reported as 2).
  const end = Math.min(region.end, region.start + (budget.limit - budget.scanned) * INDEX_OF_DISCOUNT);
  let count = 0;
  let at = text.indexOf(word, region.start);
  let walked = end - region.start;
  while (at >= 0 && at + word.length <= end && count < 2) {
    if (++count === 2) walked = at - region.start;
    at = text.indexOf(word, at + 1);
  }
  if (end < region.end) count = 2;
  budget.scanned += Math.ceil(walked / INDEX_OF_DISCOUNT);
  counts.set(word, count);
  return count;
}

/** Marker patterns around `offset` built from whole tokens, shortest first. */
function candidatePatterns(
  text: string,
  region: Span,
  offset: number,
  reach: number,
  syntax: FindSyntax,
): Candidate[] {
  if (offset < region.start || offset > region.end) return [];
  const { tokens, complete } = windowTokens(text, region, offset, syntax);
  const left = tokens.filter((t) => t.start < offset).reverse();
  const right = tokens.filter((t) => t.end > offset);
  const straddles = left[0] !== undefined && left[0] === right[0];
  const atTokenStart = right[0] !== undefined && right[0].start === offset;
  const maxRight = straddles || atTokenStart ? Math.min(reach, right.length) : 0;
  // Readable patterns only: one with no word in it (`@) <|>`) says nothing to a reader, and a cursor at the
  // start of a word shows that word (`.<|>name`, not `.<|>`).
  const minRight = atTokenStart && right[0]?.kind === 'word' ? 1 : 0;
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (let a = 0; a <= Math.min(reach, left.length); a++) {
    for (let b = minRight; b <= maxRight; b++) {
      if (straddles && (a === 0 || b === 0)) continue;
      if (a === 0 && b === 0 && offset !== region.start) continue;
      const leftmost = left[a - 1];
      const rightmost = right[b - 1];
      const find = buildPattern(text, offset, leftmost, rightmost);
      if (find === undefined || seen.has(find)) continue;
      seen.add(find);
      const span = { start: leftmost ? leftmost.start : offset, end: rightmost ? rightmost.end : offset };
      const next = right[b];
      const checkEnd = next ? next.end : complete ? region.end : undefined;
      const words = () =>
        tokens
          .filter((t) => t.kind === 'word' && t.end > span.start && t.start < span.end)
          .map((t) => t.text);
      if (!hasWord(left, right, a, b)) continue;
      out.push({ find, span, checkEnd, words });
    }
  }
  return out.sort((x, y) => x.find.length - y.find.length);
}

/**
 * True when the tokens a pattern takes (`a` to the left, `b` to the right of the offset) include a word; the
 * empty pattern (the region's start) takes none and stands.
 */
function hasWord(left: Token[], right: Token[], a: number, b: number): boolean {
  if (a === 0 && b === 0) return true;
  return left.slice(0, a).some((t) => t.kind === 'word') || right.slice(0, b).some((t) => t.kind === 'word');
}

/** Non-space tokens near the offset (a window is enough: patterns use at most FAR_TOKENS a side). */
function windowTokens(
  text: string,
  region: Span,
  offset: number,
  syntax: FindSyntax,
): { tokens: Token[]; complete: boolean } {
  const start = Math.max(region.start, offset - WINDOW_CHARS);
  const end = Math.min(region.end, offset + WINDOW_CHARS);
  const tokens = tokenize(text, start, end, syntax);
  // Tokens cut by the window edge are not real tokens: drop them unless the edge is the region's.
  if (start > region.start) tokens.shift();
  if (end < region.end) tokens.pop();
  return { tokens: tokens.filter((t) => t.kind !== 'space'), complete: end === region.end };
}

/** The find text for the tokens from `leftmost` to `rightmost` with the marker at `offset`. */
export function buildPattern(
  text: string,
  offset: number,
  leftmost: Token | undefined,
  rightmost: Token | undefined,
): string | undefined {
  const before = collapseSpace(text.slice(leftmost ? leftmost.start : offset, offset));
  const after = collapseSpace(text.slice(offset, rightmost ? rightmost.end : offset));
  return joinWithMarker(before, after);
}

// Unicode White_Space spelled out: without the `u` flag and a property class the replace runs several times
// faster, and it runs for every candidate of every description.
const SPACE_RUN = /[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/g;

function collapseSpace(text: string): string {
  return text.replace(SPACE_RUN, ' ');
}
