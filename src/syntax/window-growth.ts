/**
 * When the narrow window of an outline update must grow (docs/performance.md, "broken code"): the update
 * re-queries only the window and reuses every old symbol outside it or enclosing it, so the window must
 * take in every symbol whose range the edit may have changed. The differential test
 * (test/syntax/update-differential.test.ts) found ranges that changed outside the window:
 * - an old range the edit cut into but that ends where the window starts (a deleted last line);
 * - a symbol that encloses the window on one side only: a class that now takes in the inserted lines after
 *   it (fresh), a Go `type (…)` group whose one spec was the whole statement (old) — so an enclosing
 *   symbol is reused only when it encloses the window before and after the edit;
 * - a `@wrapper` that now wraps a single node (or several) around the window: its wrapped ranges change;
 * - a full range a hook takes over following siblings (`Candidate.reach`: PHP `namespace X;`, Kotlin
 *   accessors), which an edit after the range changes.
 */
import type { Span } from '../core/positions.js';
import type { Wrapping } from './candidates.js';

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
}

/**
 * Widens the window over every span it must hold (see above) and, given `after` (the end of the edited
 * lines), over the symbol starting right after it (it may have gained an attribute or decorator); true
 * if it grew.
 */
export function grow(
  text: string,
  window: Span,
  spans: readonly Placed[],
  wrappings: readonly Wrapping[],
  after: number | undefined,
): boolean {
  const before = { ...window };
  const widen = (span: Span) => {
    window.start = Math.min(window.start, span.start);
    window.end = Math.max(window.end, span.end);
  };
  for (const placed of spans) if (mustHold(text, window, placed, spans)) widen(placed.span);
  for (const { span, wrapped } of wrappings) {
    if (overlaps(window, span) && !within(window, span) && !encloses(text, window, wrapped, undefined))
      widen(span);
  }
  if (after !== undefined) {
    const lineAfter = lineEnd(text, after) + 1;
    const next = spans.find((o) => o.span.start >= after && o.span.start <= lineAfter);
    if (next) window.end = Math.max(window.end, next.span.end);
  }
  return window.start !== before.start || window.end !== before.end;
}

function mustHold(text: string, window: Span, placed: Placed, spans: readonly Placed[]): boolean {
  if (within(window, placed.span)) return false;
  if (placed.reach && meets(window, placed.reach) && !shielded(text, window, placed, spans)) return true;
  if (!overlaps(window, placed.span)) return placed.touched;
  if (!encloses(text, window, placed.span, placed.name)) return true;
  return placed.reach === undefined && !counterpart(text, window, placed, spans);
}

/** The same symbol on the other side encloses the window too. */
function counterpart(text: string, window: Span, placed: Placed, spans: readonly Placed[]): boolean {
  return spans.some(
    (o) => o.old !== placed.old && o.key === placed.key && encloses(text, window, o.span, o.name),
  );
}

/** An old declaration within the reach encloses the window (with its counterpart): no sibling of it changed. */
function shielded(text: string, window: Span, placed: Placed, spans: readonly Placed[]): boolean {
  const reach = placed.reach as Span;
  return spans.some(
    (o) =>
      o.old &&
      o !== placed &&
      o.reach === undefined &&
      within(reach, o.span) &&
      encloses(text, window, o.span, o.name) &&
      counterpart(text, window, o, spans),
  );
}

/** The window lies strictly inside the span, after its name, off its first and last lines. */
export function encloses(text: string, window: Span, span: Span, name: Span | undefined): boolean {
  return (
    lineEnd(text, span.start) < window.start &&
    window.end < lineStart(text, span.end) &&
    (name === undefined || name.end <= window.start)
  );
}

export const overlaps = (window: Span, span: Span) => span.start < window.end && span.end > window.start;
export const within = (window: Span, span: Span) => span.start >= window.start && span.end <= window.end;
/** Overlaps, or touches (an empty window at either end counts). */
const meets = (window: Span, span: Span) => span.start <= window.end && span.end >= window.start;

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
