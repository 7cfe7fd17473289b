/**
 * Near-miss suggestions for a find that matched nothing (docs/locate-strings.md, "Find"): the lines of the scope
 * whose tokens best overlap the pattern's, with typo-tolerant word comparison under a fixed work bound.
 */
import type { Span } from '../core/positions.js';
import { editDistance } from './edit-distance.js';
import { splitMarker } from './markers.js';
import { tokenize, type Token } from './tokens.js';

/** Near-miss suggestions compare at most this many distinct pattern words … */
const MAX_FUZZY_WORDS = 16;
/** … and spend at most this many edit-distance cells per search. */
const MAX_FUZZY_CELLS = 4_000_000;

/** A line of the scope that looks like what the pattern wanted (docs/locate-strings.md, "Find"). */
export interface NearMiss {
  /** Offset of the best-overlapping token on that line (or the line's first non-blank character). */
  offset: number;
  score: number;
}

/** Up to `limit` lines in the scope whose word tokens best overlap the pattern's. */
export function nearestLines(find: string, text: string, scope: Span, limit = 3): NearMiss[] {
  const split = splitMarker(find);
  const pattern = split.kind === 'marker' ? split.before + split.after : split.pattern;
  const wanted = tokenize(pattern).filter((t) => t.kind !== 'space');
  if (wanted.length === 0) return [];
  const wantedText = new Set(wanted.map((t) => t.text));
  const wantedWords = [...new Set(wanted.filter((t) => t.kind === 'word').map((t) => t.text))].slice(
    0,
    MAX_FUZZY_WORDS,
  );
  const fuzzy = { cells: MAX_FUZZY_CELLS };
  const scored: NearMiss[] = [];
  let lineTokens: Token[] = [];
  const flush = (): void => {
    let score = 0;
    let anchor: Token | undefined;
    for (const token of lineTokens) {
      const weight = wantedText.has(token.text)
        ? 1
        : token.kind === 'word' && wantedWords.some((w) => similarWord(w, token.text, fuzzy))
          ? 0.5
          : 0;
      if (weight > 0 && (anchor === undefined || (anchor.kind !== 'word' && token.kind === 'word')))
        anchor = token;
      score += weight;
    }
    if (anchor && score >= 1) scored.push({ offset: anchor.start, score });
    lineTokens = [];
  };
  for (const token of tokenize(text, scope.start, scope.end)) {
    if (token.kind === 'space' && /[\n\r]/.test(token.text)) flush();
    else if (token.kind !== 'space') lineTokens.push(token);
  }
  flush();
  return scored.sort((a, b) => b.score - a.score || a.offset - b.offset).slice(0, limit);
}

/** Words that look like a typo of each other: one contains the other, or they differ by a little. */
function similarWord(wanted: string, actual: string, fuzzy: { cells: number }): boolean {
  if (wanted.length < 3 || actual.length < 3) return false;
  if (actual.includes(wanted) || wanted.includes(actual)) return true;
  const budget = Math.max(1, Math.floor(wanted.length / 4));
  if (Math.abs(wanted.length - actual.length) > budget) return false;
  // Edit distance is quadratic: past a fixed amount of work, only exact and contained words count.
  fuzzy.cells -= wanted.length * actual.length;
  return fuzzy.cells >= 0 && editDistance(wanted, actual) <= budget;
}
