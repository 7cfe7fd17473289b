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
import type { OldSymbols, Placed } from './old-symbols.js';

/** What one round of growth looks at: the fresh symbols of the window's query and the old ones. */
interface Sides {
  text: string;
  fresh: readonly Placed[];
  olds: OldSymbols;
}

/**
 * Widens the window over every span it must hold (see above) and, given `after` (the end of the edited
 * lines), over the symbol starting right after it (it may have gained an attribute or decorator); true
 * if it grew. Fresh symbols come first, then the old ones near the window as it widens.
 */
export function grow(
  sides: Sides,
  window: Span,
  wrappings: readonly Wrapping[],
  after: number | undefined,
): boolean {
  const { text, fresh, olds } = sides;
  const before = { ...window };
  const widen = (span: Span) => {
    window.start = Math.min(window.start, span.start);
    window.end = Math.max(window.end, span.end);
  };
  for (const placed of fresh) if (mustHold(sides, window, placed)) widen(placed.span);
  olds.forEachNear(window, (placed) => {
    if (mustHold(sides, window, placed)) widen(placed.span);
  });
  for (const { span, wrapped } of wrappings) {
    if (overlaps(window, span) && !within(window, span) && !encloses(text, window, wrapped, undefined))
      widen(span);
  }
  if (after !== undefined) {
    const lineAfter = lineEnd(text, after) + 1;
    const startsNext = (span: Span) => span.start >= after && span.start <= lineAfter;
    const next = fresh.find((o) => startsNext(o.span))?.span ?? olds.firstStartingIn(after, lineAfter);
    if (next) window.end = Math.max(window.end, next.end);
  }
  return window.start !== before.start || window.end !== before.end;
}

/** Old symbols that matter lie near the window (`OldSymbols.forEachNear`): the rest return false here. */
function mustHold(sides: Sides, window: Span, placed: Placed): boolean {
  const { text } = sides;
  if (within(window, placed.span)) return false;
  if (placed.reach && meets(window, placed.reach) && !shielded(sides, window, placed)) return true;
  if (!overlaps(window, placed.span)) return placed.touched;
  if (!encloses(text, window, placed.span, placed.name)) return true;
  return placed.reach === undefined && !counterpart(sides, window, placed);
}

/** The same symbol on the other side encloses the window too. */
function counterpart(sides: Sides, window: Span, placed: Placed): boolean {
  const { text, fresh, olds } = sides;
  const same = (o: Placed) => o.key === placed.key && encloses(text, window, o.span, o.name);
  return placed.old ? fresh.some(same) : olds.someAround(window, same);
}

/** An old declaration within the reach encloses the window (with its counterpart): no sibling of it changed. */
function shielded(sides: Sides, window: Span, placed: Placed): boolean {
  const reach = placed.reach as Span;
  return sides.olds.someAround(
    window,
    (o) =>
      o.source !== placed.source &&
      o.reach === undefined &&
      within(reach, o.span) &&
      encloses(sides.text, window, o.span, o.name) &&
      counterpart(sides, window, o),
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
