/**
 * The narrow outline update after an edit (docs/performance.md, "broken code"): an edit inside a big
 * IIFE, namespace or class need not re-query all of it. The window starts as the edited lines and grows
 * until it holds every old or new symbol whose range the edit may have changed (`window-growth.ts`);
 * symbols that enclose it (name before it, first and last lines outside it, before and after the edit)
 * are kept with their ends moved, the rest outside it are reused, shifted by the edit.
 */
import type { Edit, Query, Tree } from 'web-tree-sitter';
import type { Span } from '../core/positions.js';
import { collectCandidates, type Collected, type Container } from './candidates.js';
import type { LanguageHooks, PlacedCandidate } from './hooks.js';
import type { PreviousExtraction } from './extraction.js';
import {
  candidatePlaced,
  containerPlaced,
  OldSymbols,
  type Placed,
  shifted,
  shiftSpan,
  untouched,
} from './old-symbols.js';
import { encloses, grow, lineEnd, lineStart, overlaps, within } from './window-growth.js';
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
  const window = { ...seed };
  const olds = new OldSymbols(previous.extraction, previous.edit);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // The line before too: an attribute there (Rust `#[…]`, C# `[…]`) may belong to a declaration in the window.
    const range = { start: lineStartBefore(text, window.start), end: window.end };
    const collected = collectCandidates(windowQuery(query, text, window), tree, text, hooks, range);
    const fresh: Placed[] = [
      ...collected.candidates.map((c) => candidatePlaced(c, false)),
      ...collected.containers.map((c) => containerPlaced(c, false)),
    ];
    // Only the symbol right after the edited lines may have gained a decorator in them: looking after
    // the grown window in every round took in one more following function per round, never settling.
    const after = round === 0 ? seed.end : undefined;
    if (!grow({ text, fresh, olds }, window, collected.wrappings ?? [], after))
      return merge(text, window, previous, collected);
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

/** Old entries outside the window (untouched by the edit) or enclosing it, plus the fresh ones inside. */
function merge(text: string, window: Span, previous: PreviousExtraction, fresh: Collected): Collected {
  const { extraction, edit } = previous;
  const keep = (old: Span, span: Span, name: Span | undefined) =>
    overlaps(window, span) ? encloses(text, window, span, name) : untouched(old, edit);
  const candidates: PlacedCandidate[] = [];
  for (const old of extraction.candidates) {
    const moved = shifted(old, edit);
    if (keep(old.fullSpan, moved.fullSpan, moved.nameSpan)) candidates.push(moved);
  }
  for (const candidate of fresh.candidates)
    if (within(window, candidate.fullSpan)) candidates.push(candidate);
  const containers: Container[] = [];
  for (const old of extraction.containers) {
    const span = shiftSpan(old.span, edit);
    if (keep(old.span, span, undefined)) containers.push({ ...old, span });
  }
  for (const container of fresh.containers) if (within(window, container.span)) containers.push(container);
  candidates.sort((a, b) => a.fullSpan.start - b.fullSpan.start || a.order - b.order);
  candidates.forEach((candidate, index) => (candidate.order = index));
  return { candidates, containers };
}
