/**
 * The narrow outline update after an edit (docs/performance.md, "broken code"): an edit inside a big
 * IIFE, namespace or class need not re-query all of it. The window starts as the edited lines and grows
 * until it holds every old or new symbol whose range the edit may have changed (`window-growth.ts`);
 * symbols that enclose it (name before it, first and last lines outside it, before and after the edit)
 * are kept with their ends moved, the rest outside it are reused, shifted by the edit.
 */
import type { Edit, Query, Tree } from 'web-tree-sitter';
import type { Span } from '../core/positions.js';
import { collectCandidates, type Collected, type Container, type PlacedCandidate } from './candidates.js';
import type { LanguageHooks } from './hooks.js';
import type { PreviousExtraction } from './incremental.js';
import { encloses, grow, lineEnd, lineStart, overlaps, type Placed, within } from './window-growth.js';
import { lineStartBefore, windowQuery } from './window-query.js';

/** Rounds of growing the window before giving up (the caller's top-level window then serves). */
const MAX_ROUNDS = 8;

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
  const touched = (span: Span) => !untouched(span, edit);
  const olds: Placed[] = [
    ...extraction.candidates.map((c) => ({
      ...candidatePlaced(shiftCandidate(c, edit), true),
      touched: touched(c.fullSpan),
    })),
    ...extraction.containers.map((c) => ({
      ...containerPlaced({ ...c, span: shift(c.span, edit) }, true),
      touched: touched(c.span),
    })),
  ];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // The line before too: an attribute there (Rust `#[…]`, C# `[…]`) may belong to a declaration in the window.
    const range = { start: lineStartBefore(text, window.start), end: window.end };
    const fresh = collectCandidates(windowQuery(query, text, window), tree, text, hooks, range);
    const placed: Placed[] = [
      ...fresh.candidates.map((c) => candidatePlaced(c, false)),
      ...fresh.containers.map((c) => containerPlaced(c, false)),
    ];
    // Only the symbol right after the edited lines may have gained a decorator in them: looking after
    // the grown window in every round took in one more following function per round, never settling.
    const after = round === 0 ? seed.end : undefined;
    if (!grow(text, window, [...placed, ...olds], fresh.wrappings ?? [], after))
      return merge(text, window, previous, fresh);
  }
  return undefined;
}

function candidatePlaced(c: PlacedCandidate, old: boolean): Placed {
  const key = `${c.kind}\u0000${c.name}\u0000${c.nameSpan.start}`;
  return { span: c.fullSpan, name: c.nameSpan, key, old, touched: false, reach: c.reach };
}

function containerPlaced(c: Container, old: boolean): Placed {
  const key = `\u0001${c.span.start}\u0000${c.segments.join('.')}`;
  return { span: c.span, name: undefined, key, old, touched: false, reach: undefined };
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

/** An old span (old-text offsets) that does not overlap the replaced text. */
export function untouched(span: Span, edit: Edit): boolean {
  return span.end <= edit.startIndex || span.start >= edit.oldEndIndex;
}

/** An old candidate in new-text offsets. */
export function shiftCandidate(old: PlacedCandidate, edit: Edit): PlacedCandidate {
  const moved = { ...old, fullSpan: shift(old.fullSpan, edit), nameSpan: shift(old.nameSpan, edit) };
  if (old.reach) moved.reach = shift(old.reach, edit);
  return moved;
}

/** Old entries outside the window (untouched by the edit) or enclosing it, plus the fresh ones inside. */
function merge(text: string, window: Span, previous: PreviousExtraction, fresh: Collected): Collected {
  const { extraction, edit } = previous;
  const keep = (old: Span, span: Span, name: Span | undefined) =>
    overlaps(window, span) ? encloses(text, window, span, name) : untouched(old, edit);
  const candidates: PlacedCandidate[] = [];
  for (const old of extraction.candidates) {
    const moved = shiftCandidate(old, edit);
    if (keep(old.fullSpan, moved.fullSpan, moved.nameSpan)) candidates.push(moved);
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
