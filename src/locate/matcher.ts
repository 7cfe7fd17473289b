/**
 * Token-aware find (docs/locate-strings.md, "Find"): literal tokens, whitespace mandatory only between two word
 * tokens, identifier boundaries at the pattern's ends, cursor placement by marker rules. The agent's
 * text is never compiled into a regex: patterns and text are token sequences compared with KMP, so a
 * search is linear in the text and the pattern (docs/security.md).
 */
import { LocusError } from '../core/errors.js';
import type { Span } from '../core/positions.js';
import { splitMarker } from './markers.js';
import { scanLiteral } from './literal-scan.js';
import { PLAIN_SYNTAX, isBlank, isSpaceStart, tokenize, type FindSyntax, type Token } from './tokens.js';

/** One match of a find inside a scope: the matched text span and where the cursor lands. */
export interface FindMatch {
  /** The match without surrounding whitespace (for LocateRange). */
  span: Span;
  /** Where a Locate lands (docs/locate-strings.md, "Find"). */
  cursor: number;
}

/** What to match: a token sequence, or one of the two degenerate marker forms. */
export type CompiledFind =
  | {
      kind: 'tokens';
      /** The pattern's non-space tokens, compared whole against the text's (docs/locate-strings.md, "Find"). */
      tokens: string[];
      /** KMP failure function over `tokens`, so a search never re-reads text (linear time). */
      failure: number[];
      cursor: CursorRule;
      words: string[];
      /** Per token: a word token (word boundaries at its ends). */
      wordy: boolean[];
      /** How the text splits into tokens (the language's multi-character operators). */
      syntax: FindSyntax;
    }
  | { kind: 'scope-start' }
  | { kind: 'space-runs' };

/** Where the cursor sits. */
interface CursorRule {
  /** `match-start`: first token; `token`: token `index` + `offset`; `end`: after the last token; `space`: after the whitespace that follows it. */
  edge: 'match-start' | 'token' | 'end' | 'space';
  index: number;
  /** Code units past the token's start (marker inside a word). */
  offset: number;
}

/** Counts units of matching work, so tests can bound it without clocks. */
export interface WorkCounter {
  steps: number;
}

/**
 * Compiles a find text; `mode: 'range'` ignores a marker (docs/locate-strings.md, "What a locate string resolves
 * to"); `syntax` is the token syntax of the text's language (`findSyntax`).
 */
export function compileFind(
  find: string,
  mode: 'position' | 'range',
  syntax: FindSyntax = PLAIN_SYNTAX,
): CompiledFind {
  if (find.length === 0) throw invalidFind('The find text is empty.');
  const split = splitMarker(find);
  if (split.kind === 'none') {
    if (isBlank(find)) throw invalidFind('The find text is only whitespace and has no marker.');
    return compileTokens(find, undefined, syntax);
  }
  const joined = split.before + split.after;
  if (joined.length === 0) return { kind: 'scope-start' };
  if (isBlank(joined)) return { kind: 'space-runs' };
  return compileTokens(joined, mode === 'range' ? undefined : split.before.length, syntax);
}

function invalidFind(message: string): LocusError {
  return new LocusError('INVALID_LOCATE', message, {
    hint: 'Give some code text to search for, with `<|>` where the cursor should go, e.g. `return <|>result`.',
  });
}

/**
 * The non-space tokens of `pattern` (`marker` is the marker's offset in it). Matching tokens whole
 * gives the rules of docs/locate-strings.md, "Find": whitespace is needed between two words only because the text's
 * tokenizer would otherwise join them, and a pattern word never matches part of a longer word.
 */
function compileTokens(pattern: string, marker: number | undefined, syntax: FindSyntax): CompiledFind {
  const tokens = tokenize(pattern, 0, pattern.length, syntax).filter((t) => t.kind !== 'space');
  const last = tokens[tokens.length - 1] as Token;
  const texts = tokens.map((t) => t.text);
  const words = tokens.filter((t) => t.kind === 'word').map((t) => t.text);
  const wordy = tokens.map((t) => t.kind === 'word');
  const failure = failureFunction(texts);
  const base = { kind: 'tokens' as const, tokens: texts, failure, words, wordy, syntax };
  if (marker === undefined) return { ...base, cursor: { edge: 'match-start', index: 0, offset: 0 } };
  const index = tokens.findIndex((t) => t.end > marker);
  if (index >= 0) {
    const token = tokens[index] as Token;
    return {
      ...base,
      cursor: { edge: 'token', index, offset: token.start < marker ? marker - token.start : 0 },
    };
  }
  return { ...base, cursor: { edge: marker > last.end ? 'space' : 'end', index: 0, offset: 0 } };
}

function failureFunction(tokens: string[]): number[] {
  const failure = [0];
  let k = 0;
  for (let i = 1; i < tokens.length; i++) {
    while (k > 0 && tokens[i] !== tokens[k]) k = failure[k - 1] as number;
    if (tokens[i] === tokens[k]) k++;
    failure.push(k);
  }
  return failure;
}

/** Work done by findAll calls, in characters of the scope the search went through (describe's budgets). */
export interface ScanMeter {
  scanned: number;
}

/**
 * Every non-overlapping match inside `scope` of `text`, left to right (the first `limit` of them).
 * `meter` is charged with how far into the scope the search went; `counter` with the matcher's steps.
 */
export function findAll(
  compiled: CompiledFind,
  text: string,
  scope: Span,
  limit = Infinity,
  meter?: ScanMeter,
  counter?: WorkCounter,
): FindMatch[] {
  const matches = findAllCounted(compiled, text, scope, limit, counter);
  if (meter) {
    const last = matches[matches.length - 1];
    const reached = matches.length >= limit && last ? last.span.end : scope.end;
    meter.scanned += Math.max(0, reached - scope.start);
  }
  return matches;
}

function findAllCounted(
  compiled: CompiledFind,
  text: string,
  scope: Span,
  limit: number,
  counter: WorkCounter | undefined,
): FindMatch[] {
  if (compiled.kind === 'scope-start')
    return [{ span: { start: scope.start, end: scope.start }, cursor: scope.start }];
  const matches: FindMatch[] = [];
  if (compiled.kind === 'space-runs') {
    for (const token of tokenize(text, scope.start, scope.end)) {
      if (counter) counter.steps++;
      if (token.kind === 'space')
        matches.push({ span: { start: token.end, end: token.end }, cursor: token.end });
    }
    return matches;
  }
  const slice = text.slice(scope.start, scope.end);
  const budget = { steps: 4 * (slice.length + compiled.tokens.length) + 64 };
  const pattern = {
    tokens: compiled.tokens,
    words: compiled.wordy,
    cursor: compiled.cursor,
    operators: compiled.syntax.operators,
  };
  const fast = scanLiteral(slice, pattern, limit, budget);
  if (counter) counter.steps += 4 * (slice.length + compiled.tokens.length) + 64 - Math.max(0, budget.steps);
  if (fast === undefined) return findTokens(compiled, slice, scope.start, limit, counter);
  return fast.map((m) => ({
    span: { start: scope.start + m.start, end: scope.start + m.end },
    cursor: scope.start + m.cursor,
  }));
}

/** findAll by the KMP token scan alone (the fallback; exported so tests can compare both paths). */
export function findAllByTokens(compiled: CompiledFind, text: string, scope: Span): FindMatch[] {
  if (compiled.kind !== 'tokens') return findAll(compiled, text, scope);
  return findTokens(compiled, text.slice(scope.start, scope.end), scope.start, Infinity, undefined);
}

/** The KMP scan over the slice's tokens: linear whatever the text (the fallback of scanLiteral). */
function findTokens(
  compiled: Extract<CompiledFind, { kind: 'tokens' }>,
  slice: string,
  base: number,
  limit: number,
  counter: WorkCounter | undefined,
): FindMatch[] {
  const { tokens: pattern, failure, cursor } = compiled;
  const size = pattern.length;
  // Starts of the last `size` non-space tokens, to recover a match's first and cursor tokens.
  const starts: number[] = new Array<number>(size).fill(0);
  const matches: FindMatch[] = [];
  const scan = new RegExp(compiled.syntax.tokenSource, 'gu');
  let state = 0;
  let seen = 0;
  for (let m = scan.exec(slice); m !== null && matches.length < limit; m = scan.exec(slice)) {
    if (m[2] !== undefined) continue;
    const token = m[0];
    starts[seen++ % size] = m.index;
    while (state > 0 && pattern[state] !== token) {
      state = failure[state - 1] as number;
      if (counter) counter.steps++;
    }
    if (counter) counter.steps++;
    if (pattern[state] === token) state++;
    if (state < size) continue;
    const end = m.index + token.length;
    const first = starts[(seen - size) % size] as number;
    let at: number;
    if (cursor.edge === 'space') {
      const next = slice.slice(end, end + 1);
      if (!isSpaceStart(next)) {
        state = failure[size - 1] as number;
        continue;
      }
      scan.lastIndex = end;
      const space = scan.exec(slice) as RegExpExecArray;
      at = space.index + space[0].length;
    } else if (cursor.edge === 'token') {
      at = (starts[(seen - size + cursor.index) % size] as number) + cursor.offset;
    } else at = cursor.edge === 'end' ? end : first;
    matches.push({ span: { start: base + first, end: base + end }, cursor: base + at });
    state = 0;
  }
  return matches;
}
