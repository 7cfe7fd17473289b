/**
 * Token-aware find (SPEC §4.2–§4.5): literal tokens, whitespace mandatory only between two word
 * tokens, identifier boundaries at the pattern's ends, cursor placement by marker rules. The agent's
 * text is never used as a regex: every token is escaped and only whitespace gaps are flexible.
 */
import { LocusError } from '../core/errors.js';
import type { Span } from '../core/positions.js';
import { splitMarker } from './markers.js';
import { editDistance } from './edit-distance.js';
import {
  SPACE_CHAR,
  SPACE_CLASS,
  isBlank,
  isWordCharAt,
  isWordCharBefore,
  tokenize,
  type Token,
} from './tokens.js';

/** One match of a find inside a scope: the matched text span and where the cursor lands. */
export interface FindMatch {
  /** The match without surrounding whitespace (for LocateRange). */
  span: Span;
  /** Where a Locate lands (SPEC §4.3). */
  cursor: number;
}

/** What to match: a token regex, or one of the two degenerate marker forms. */
export type CompiledFind =
  | {
      kind: 'tokens';
      /** Sticky: tried only where `first` occurs (indexOf walks text far faster than the regex). */
      regex: RegExp;
      /** The first token's text: every match starts with it. */
      first: string;
      /** Identifier boundaries, checked in code (a `u` regex with lookarounds compiles slowly). */
      wordStart: boolean;
      wordEnd: boolean;
      cursor: CursorRule;
      words: string[];
    }
  | { kind: 'scope-start' }
  | { kind: 'space-runs' };

/** Where the cursor sits relative to the capture group `c`. */
interface CursorRule {
  edge: 'match-start' | 'start' | 'end';
  /** Code units past the group's start (marker inside a word). */
  offset: number;
}

// Only syntax characters: in `u` mode escaping anything else is itself a syntax error.
const ESCAPE_RE = /[.*+?^${}()|[\]\\]/g;
const escapeLiteral = (text: string): string => text.replace(ESCAPE_RE, '\\$&');

/** Compiles a find text; `mode: 'range'` ignores a marker (SPEC §14.11). */
export function compileFind(find: string, mode: 'position' | 'range'): CompiledFind {
  if (find.length === 0) throw invalidFind('The find text is empty.');
  const split = splitMarker(find);
  if (split.kind === 'none') {
    if (isBlank(find)) throw invalidFind('The find text is only whitespace and has no marker.');
    return compileTokens(find, undefined);
  }
  const joined = split.before + split.after;
  if (joined.length === 0) return { kind: 'scope-start' };
  if (isBlank(joined)) return { kind: 'space-runs' };
  return compileTokens(joined, mode === 'range' ? undefined : split.before.length);
}

function invalidFind(message: string): LocusError {
  return new LocusError('INVALID_LOCATE', message, {
    hint: 'Give some code text to search for, with `<|>` where the cursor should go, e.g. `return <|>result`.',
  });
}

/** Builds the regex of the non-space tokens of `pattern`; `marker` is the marker's offset in it. */
function compileTokens(pattern: string, marker: number | undefined): CompiledFind {
  const all = tokenize(pattern);
  const tokens = all.filter((t) => t.kind !== 'space');
  const endMarker = marker !== undefined && !tokens.some((t) => t.end > marker);
  const cursorIndex = marker === undefined || endMarker ? -1 : tokens.findIndex((t) => t.end > marker);
  const parts: string[] = [];
  tokens.forEach((token, i) => {
    const previous = tokens[i - 1];
    if (previous)
      parts.push(previous.kind === 'word' && token.kind === 'word' ? `${SPACE_CLASS}+` : `${SPACE_CLASS}*`);
    const literal = escapeLiteral(token.text);
    parts.push(i === cursorIndex ? `(?<c>${literal})` : literal);
  });
  const last = tokens[tokens.length - 1] as Token;
  let cursor: CursorRule = { edge: 'end', offset: 0 };
  if (marker === undefined) {
    cursor = { edge: 'match-start', offset: 0 };
  } else if (cursorIndex >= 0) {
    const token = tokens[cursorIndex] as Token;
    cursor = { edge: 'start', offset: token.start < marker ? marker - token.start : 0 };
  } else if (endMarker && marker > last.end) {
    parts.push(`(?<c>${SPACE_CLASS}+)`);
  } else {
    parts[parts.length - 1] += '(?<c>)';
  }
  const words = tokens.filter((t) => t.kind === 'word').map((t) => t.text);
  const first = (tokens[0] as Token).text;
  // The trailing space group ends at a non-space, so no word boundary applies after it.
  const wordEnd = last.kind === 'word' && !(endMarker && marker > last.end);
  return {
    kind: 'tokens',
    regex: new RegExp(parts.join(''), 'yd'),
    first,
    wordStart: tokens[0]?.kind === 'word',
    wordEnd,
    cursor,
    words,
  };
}

/** Work done by findAll calls: characters of text the regex walked over (callers keep budgets with it). */
export interface ScanMeter {
  scanned: number;
}

/**
 * Every non-overlapping match inside `scope` of `text`, left to right (the first `limit` of them);
 * `meter` is charged with how far into the scope the search went.
 */
export function findAll(
  compiled: CompiledFind,
  text: string,
  scope: Span,
  limit = Infinity,
  meter?: ScanMeter,
): FindMatch[] {
  if (compiled.kind === 'scope-start')
    return [{ span: { start: scope.start, end: scope.start }, cursor: scope.start }];
  const slice = text.slice(scope.start, scope.end);
  const matches: FindMatch[] = [];
  if (compiled.kind === 'space-runs') {
    for (const m of slice.matchAll(new RegExp(`${SPACE_CHAR}+`, 'gu'))) {
      const end = scope.start + m.index + m[0].length;
      matches.push({ span: { start: end, end }, cursor: end });
    }
    if (meter) meter.scanned += slice.length;
    return matches;
  }
  const { regex, first } = compiled;
  let from = 0;
  while (matches.length < limit) {
    const at = slice.indexOf(first, from);
    if (at < 0) break;
    regex.lastIndex = at;
    const m = compiled.wordStart && isWordCharBefore(slice, at) ? null : regex.exec(slice);
    if (!m || (compiled.wordEnd && isWordCharAt(slice, at + m[0].length))) {
      from = at + 1;
      continue;
    }
    matches.push(matchOf(compiled, m, scope.start));
    from = at + m[0].length;
  }
  if (meter) meter.scanned += matches.length < limit ? slice.length : from;
  return matches;
}

function matchOf(compiled: CompiledFind & { kind: 'tokens' }, m: RegExpExecArray, base: number): FindMatch {
  const group = m.indices?.groups?.c;
  const matchEnd = m.index + m[0].length;
  const edge = compiled.cursor.edge;
  const trailing = edge === 'end' && group && group[1] > group[0] ? group[1] - group[0] : 0;
  const cursorAt =
    !group || edge === 'match-start'
      ? m.index
      : edge === 'start'
        ? group[0] + compiled.cursor.offset
        : group[1];
  return { span: { start: base + m.index, end: base + matchEnd - trailing }, cursor: base + cursorAt };
}

/** A line of the scope that looks like what the pattern wanted (SPEC §4.5). */
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
  const wantedWords = wanted.filter((t) => t.kind === 'word').map((t) => t.text);
  const scored: NearMiss[] = [];
  let lineTokens: Token[] = [];
  const flush = (): void => {
    let score = 0;
    let anchor: Token | undefined;
    for (const token of lineTokens) {
      const weight = wantedText.has(token.text)
        ? 1
        : token.kind === 'word' && wantedWords.some((w) => similarWord(w, token.text))
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
function similarWord(wanted: string, actual: string): boolean {
  if (wanted.length < 3 || actual.length < 3) return false;
  if (actual.includes(wanted) || wanted.includes(actual)) return true;
  const budget = Math.max(1, Math.floor(wanted.length / 4));
  return Math.abs(wanted.length - actual.length) <= budget && editDistance(wanted, actual) <= budget;
}
