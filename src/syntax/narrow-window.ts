/**
 * The narrow outline update after an edit (docs/performance.md, "broken code"): an edit inside a big
 * IIFE, namespace or class need not re-query all of it. The window starts as the edited lines and grows
 * until no old or new symbol straddles its ends; symbols that enclose it (name before it, first and last
 * lines outside it) are kept with their ends moved, the rest outside it are reused, shifted by the edit.
 */
import type { Edit, Query, Tree } from 'web-tree-sitter';
import type { Span } from '../core/positions.js';
import { collectCandidates, type Collected, type Container, type PlacedCandidate } from './candidates.js';
import type { LanguageHooks } from './hooks.js';
import type { PreviousExtraction } from './incremental.js';
import { windowQuery } from './window-query.js';

/** Rounds of growing the window before giving up (the caller's top-level window then serves). */
const MAX_ROUNDS = 8;

interface Placed {
  span: Span;
  name: Span | undefined;
}

/** The candidates and containers after the edit, or undefined when the window did not settle. */
export function narrowUpdate(
  query: Query,
  hooks: LanguageHooks,
  tree: Tree,
  text: string,
  previous: PreviousExtraction,
  seed: Span,
): Collected | undefined {
  const { extraction, edit } = previous;
  const window = { ...seed };
  const olds: Placed[] = [
    ...extraction.candidates.map((c) => ({ span: shift(c.fullSpan, edit), name: shift(c.nameSpan, edit) })),
    ...extraction.containers.map((c) => ({ span: shift(c.span, edit), name: undefined })),
  ];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const fresh = collectCandidates(windowQuery(query, text, window), tree, text, hooks, window);
    const placed: Placed[] = [
      ...fresh.candidates.map((c) => ({ span: c.fullSpan, name: c.nameSpan })),
      ...fresh.containers.map((c) => ({ span: c.span, name: undefined })),
    ];
    // Only the symbol right after the edited lines may have gained a decorator in them: looking after
    // the grown window in every round took in one more following function per round, never settling.
    const after = round === 0 ? seed.end : undefined;
    if (!grow(text, window, [...placed, ...olds], after)) return merge(text, window, previous, fresh);
  }
  return undefined;
}

/** The edited lines, with the spans whose structure changed, in new-text offsets. */
export function editedLines(text: string, edit: Edit, changes: readonly Span[]): Span {
  let start = edit.startIndex;
  let end = edit.newEndIndex;
  for (const span of changes) {
    start = Math.min(start, span.start);
    end = Math.max(end, span.end);
  }
  return { start: lineStart(text, start), end: lineEnd(text, end) };
}

/** The window lies strictly inside the span, after its name, off its first and last lines. */
function encloses(text: string, window: Span, span: Span, name: Span | undefined): boolean {
  return (
    lineEnd(text, span.start) < window.start &&
    window.end < lineStart(text, span.end) &&
    (name === undefined || name.end <= window.start)
  );
}

const overlaps = (window: Span, span: Span) => span.start < window.end && span.end > window.start;
const within = (window: Span, span: Span) => span.start >= window.start && span.end <= window.end;

/**
 * Widens the window over every straddling span and, given `after` (the end of the edited lines), over
 * the symbol starting right after it (it may have gained an attribute or decorator); true if it grew.
 */
function grow(text: string, window: Span, spans: readonly Placed[], after: number | undefined): boolean {
  const before = { ...window };
  for (const { span, name } of spans) {
    if (!overlaps(window, span) || within(window, span) || encloses(text, window, span, name)) continue;
    window.start = Math.min(window.start, span.start);
    window.end = Math.max(window.end, span.end);
  }
  if (after !== undefined) {
    const lineAfter = lineEnd(text, after) + 1;
    const next = spans.find((o) => o.span.start >= after && o.span.start <= lineAfter);
    if (next) window.end = Math.max(window.end, next.span.end);
  }
  return window.start !== before.start || window.end !== before.end;
}

/** Old entries outside the window (untouched by the edit) or enclosing it, plus the fresh ones inside. */
function merge(text: string, window: Span, previous: PreviousExtraction, fresh: Collected): Collected {
  const { extraction, edit } = previous;
  const untouched = (span: Span) => span.end <= edit.startIndex || span.start >= edit.oldEndIndex;
  const keep = (old: Span, span: Span, name: Span | undefined) =>
    overlaps(window, span) ? encloses(text, window, span, name) : untouched(old);
  const candidates: PlacedCandidate[] = [];
  for (const old of extraction.candidates) {
    const span = shift(old.fullSpan, edit);
    const name = shift(old.nameSpan, edit);
    if (keep(old.fullSpan, span, name)) candidates.push({ ...old, fullSpan: span, nameSpan: name });
  }
  for (const candidate of fresh.candidates)
    if (within(window, candidate.fullSpan)) candidates.push(candidate);
  const containers: Container[] = [];
  for (const old of extraction.containers) {
    const span = shift(old.span, edit);
    if (keep(old.span, span, undefined)) containers.push({ ...old, span });
  }
  for (const container of fresh.containers) if (within(window, container.span)) containers.push(container);
  candidates.sort((a, b) => a.fullSpan.start - b.fullSpan.start || a.order - b.order);
  candidates.forEach((candidate, index) => (candidate.order = index));
  return { candidates, containers };
}

/** A span of the old text in new-text offsets; a span touching the edited region covers all of it. */
export function shift(span: Span, edit: Edit): Span {
  const delta = edit.newEndIndex - edit.oldEndIndex;
  const map = (offset: number, isEnd: boolean): number => {
    if (offset < edit.startIndex || (offset === edit.startIndex && !isEnd)) return offset;
    if (offset >= edit.oldEndIndex && (offset > edit.oldEndIndex || isEnd)) return offset + delta;
    return isEnd ? edit.newEndIndex : edit.startIndex;
  };
  return { start: map(span.start, false), end: map(span.end, true) };
}

export function lineStart(text: string, offset: number): number {
  let i = Math.min(offset, text.length);
  while (i > 0 && text[i - 1] !== '\n' && text[i - 1] !== '\r') i--;
  return i;
}

export function lineEnd(text: string, offset: number): number {
  let i = Math.max(0, offset);
  while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
  return i;
}
