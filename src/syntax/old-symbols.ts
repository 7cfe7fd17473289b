/**
 * The previous extraction's symbols as the outline update's window growth sees them (`window-growth.ts`):
 * in new-text offsets, but shifted only when they can matter. A 5,000-line file has thousands of
 * candidates and a one-line window needs a handful; shifting and keying all of them on every edit (one
 * object spread and one key string each) cost more than the re-query itself (docs/performance.md,
 * "broken code"). Only offsets are compared on the way; a `Placed` is built for the few that pass.
 */
import type { Edit } from 'web-tree-sitter';
import type { Span } from '../core/positions.js';
import { placedCandidate, type Container } from './candidates.js';
import type { PlacedCandidate } from './hooks.js';
import type { Extraction } from './extraction.js';

/** An old (shifted) or fresh symbol or container the window must hold whole or lie strictly inside. */
export interface Placed {
  span: Span;
  name: Span | undefined;
  /** The same symbol on both sides has the same key: kind, name, name start (containers: start, segments). */
  key: string;
  old: boolean;
  /** An old range that overlapped the replaced text: the edit may have changed it anywhere. */
  touched: boolean;
  /** `Candidate.reach`, shifted. */
  reach: Span | undefined;
  /** The candidate or container it stands for (the same one whenever it is built again). */
  source: PlacedCandidate | Container;
}

/** The old candidates and containers of one update, read in new-text offsets. */
export class OldSymbols {
  constructor(
    private readonly extraction: Extraction,
    private readonly edit: Edit,
  ) {}

  /**
   * Calls `visit` for each old symbol, in the extraction's order, that overlaps `window` as it is at that
   * moment (the caller may widen it), or that the edit touched, or whose reach meets the window: only
   * those can make the window grow.
   */
  forEachNear(window: Span, visit: (placed: Placed) => void): void {
    for (const c of this.extraction.candidates) {
      const touched = !untouched(c.fullSpan, this.edit);
      const near = touched || this.overlaps(c.fullSpan, window) || (c.reach && this.meets(c.reach, window));
      if (near) visit(candidatePlaced(shifted(c, this.edit), true, touched, c));
    }
    for (const c of this.extraction.containers) {
      const touched = !untouched(c.span, this.edit);
      if (touched || this.overlaps(c.span, window)) visit(this.container(c, touched));
    }
  }

  /** Whether some old symbol lying strictly around `window` (start before it, end after it) passes `test`. */
  someAround(window: Span, test: (placed: Placed) => boolean): boolean {
    for (const c of this.extraction.candidates) {
      if (this.around(c.fullSpan, window)) {
        if (test(candidatePlaced(shifted(c, this.edit), true, !untouched(c.fullSpan, this.edit), c)))
          return true;
      }
    }
    for (const c of this.extraction.containers) {
      if (this.around(c.span, window) && test(this.container(c, !untouched(c.span, this.edit)))) return true;
    }
    return false;
  }

  /** The first old symbol (candidates first, in order) starting within [from, to], shifted. */
  firstStartingIn(from: number, to: number): Span | undefined {
    for (const c of this.extraction.candidates) {
      const start = this.start(c.fullSpan.start);
      if (start >= from && start <= to) return shiftSpan(c.fullSpan, this.edit);
    }
    for (const c of this.extraction.containers) {
      const start = this.start(c.span.start);
      if (start >= from && start <= to) return shiftSpan(c.span, this.edit);
    }
    return undefined;
  }

  private container(c: Container, touched: boolean): Placed {
    return containerPlaced({ span: shiftSpan(c.span, this.edit), segments: c.segments }, true, touched, c);
  }

  private overlaps(span: Span, window: Span): boolean {
    return this.start(span.start) < window.end && this.end(span.end) > window.start;
  }

  private meets(span: Span, window: Span): boolean {
    return this.start(span.start) <= window.end && this.end(span.end) >= window.start;
  }

  private around(span: Span, window: Span): boolean {
    return this.start(span.start) < window.start && this.end(span.end) > window.end;
  }

  /** `shiftSpan`'s start and end, without building the span. */
  private start(offset: number): number {
    return shiftStart(offset, this.edit);
  }

  private end(offset: number): number {
    return shiftEnd(offset, this.edit);
  }
}

/** A fresh or old candidate as the window growth sees it. */
export function candidatePlaced(
  c: PlacedCandidate,
  old: boolean,
  touched = false,
  source: PlacedCandidate = c,
): Placed {
  const key = `${c.kind}\u0000${c.name}\u0000${c.nameSpan.start}`;
  return { span: c.fullSpan, name: c.nameSpan, key, old, touched, reach: c.reach, source };
}

/** A fresh or old container as the window growth sees it. */
export function containerPlaced(c: Container, old: boolean, touched = false, source: Container = c): Placed {
  const key = `\u0001${c.span.start}\u0000${c.segments.join('.')}`;
  return { span: c.span, name: undefined, key, old, touched, reach: undefined, source };
}

/** An old candidate in new-text offsets. */
export function shifted(c: PlacedCandidate, edit: Edit): PlacedCandidate {
  const reach = c.reach && shiftSpan(c.reach, edit);
  return placedCandidate(c, shiftSpan(c.fullSpan, edit), shiftSpan(c.nameSpan, edit), reach, c.order);
}

/** A span of the old text in new-text offsets; a span touching the edited region covers all of it. */
export function shiftSpan(span: Span, edit: Edit): Span {
  return { start: shiftStart(span.start, edit), end: shiftEnd(span.end, edit) };
}

/** An old span (old-text offsets) that does not overlap the replaced text. */
export function untouched(span: Span, edit: Edit): boolean {
  return span.end <= edit.startIndex || span.start >= edit.oldEndIndex;
}

/** Where an old span's start lands: before the edit unchanged, after it moved, inside it at the edit's start. */
function shiftStart(offset: number, edit: Edit): number {
  if (offset <= edit.startIndex) return offset;
  return offset > edit.oldEndIndex ? offset + edit.newEndIndex - edit.oldEndIndex : edit.startIndex;
}

/** Where an old span's end lands: before the edit unchanged, after it moved, inside it at the new text's end. */
function shiftEnd(offset: number, edit: Edit): number {
  if (offset < edit.startIndex) return offset;
  return offset >= edit.oldEndIndex ? offset + edit.newEndIndex - edit.oldEndIndex : edit.newEndIndex;
}
