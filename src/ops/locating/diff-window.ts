/**
 * The changed window of two texts for a diff (diff.ts): the lines that differ, with up to `context` shared lines on
 * each side. The shared start and end are found on characters, so only the window is split into lines — a rename
 * in a 5,000-line file splits the lines between its first and last edit, not both files twice.
 */

/** The part of two texts that differs, as lines, with up to `context` shared lines on each side. */
export interface ChangedWindow {
  /** Lines before the window (the same on both sides). */
  start: number;
  before: string[];
  after: string[];
  /** Lines of the window that differ, on each side (the window minus its context). */
  oldMiddle: number;
  newMiddle: number;
  /** Context lines at the window's start and end. */
  lead: number;
  trail: number;
}

/** A text's lines, each with its line break (the last may have none). */
export function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/**
 * The changed window of two texts; undefined when they are equal. The same window as comparing whole lines from
 * both ends: the shared lines at the start are the complete lines inside the shared characters, and the shared lines
 * at the end the complete lines inside the shared trailing characters that start a line in both texts and do not
 * reach back into the shared start.
 */
export function changedWindow(a: string, b: string, context: number): ChangedWindow | undefined {
  const shortest = Math.min(a.length, b.length);
  const same = sharedHead(a, b, shortest);
  if (same === a.length && same === b.length) return undefined;
  const headEnd = same === 0 ? 0 : a.lastIndexOf('\n', same - 1) + 1;
  const tail = sharedTail(a, b, shortest - headEnd);
  const [tailA, tailB] = tailStarts(a, b, tail);
  const prefix = countLines(a, 0, headEnd);
  let from = headEnd;
  let lead = 0;
  while (lead < Math.min(prefix, context)) {
    from = from < 2 ? 0 : a.lastIndexOf('\n', from - 2) + 1;
    lead++;
  }
  const suffix = countLines(a, tailA, a.length);
  const trail = Math.min(suffix, context);
  const before = linesOf(a.slice(from, lineEnds(a, tailA, trail)));
  const after = linesOf(b.slice(from, lineEnds(b, tailB, trail)));
  return {
    start: prefix - lead,
    before,
    after,
    oldMiddle: before.length - lead - trail,
    newMiddle: after.length - lead - trail,
    lead,
    trail,
  };
}

/**
 * Characters compared at once by the shared head and tail scans: equal slices are compared natively, several
 * times faster than a loop over char codes (a rename preview compares every changed file whole, twice).
 */
const CHUNK = 256;

/** How many characters `a` and `b` share at their start, at most `limit`. */
function sharedHead(a: string, b: string, limit: number): number {
  return sharedRun(a, 0, b, 0, limit);
}

/** How many characters `a` from `aFrom` and `b` from `bFrom` share, at most `limit` (both ends by default). */
export function sharedRun(
  a: string,
  aFrom: number,
  b: string,
  bFrom: number,
  limit = Math.min(a.length - aFrom, b.length - bFrom),
): number {
  let same = 0;
  while (
    same + CHUNK <= limit &&
    a.slice(aFrom + same, aFrom + same + CHUNK) === b.slice(bFrom + same, bFrom + same + CHUNK)
  )
    same += CHUNK;
  while (same < limit && a.charCodeAt(aFrom + same) === b.charCodeAt(bFrom + same)) same++;
  return same;
}

/** How many characters `a` and `b` share at their end, at most `limit`. */
function sharedTail(a: string, b: string, limit: number): number {
  let tail = 0;
  while (
    tail + CHUNK <= limit &&
    a.slice(a.length - tail - CHUNK, a.length - tail) === b.slice(b.length - tail - CHUNK, b.length - tail)
  )
    tail += CHUNK;
  while (tail < limit && a.charCodeAt(a.length - 1 - tail) === b.charCodeAt(b.length - 1 - tail)) tail++;
  return tail;
}

/** Where the shared lines at the end start in each text: the first line start within `tail` shared characters. */
function tailStarts(a: string, b: string, tail: number): [number, number] {
  const shift = b.length - a.length;
  const at = a.length - tail;
  const startsLine = (text: string, offset: number): boolean =>
    offset === 0 || text.charCodeAt(offset - 1) === NEWLINE;
  if (startsLine(a, at) && startsLine(b, at + shift)) return [at, at + shift];
  // Past `at`, a line start of `a` is one of `b` too: the line break before it is a shared character.
  const next = a.indexOf('\n', at);
  const start = next < 0 ? a.length : next + 1;
  return [start, start + shift];
}

const NEWLINE = 10;

/** Lines of `text[from, to)`, where `from` starts a line (a last line without a break counts). */
function countLines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) count++;
  const last = text.lastIndexOf('\n', to - 1);
  return to > from && last < to - 1 ? count + 1 : count;
}

/** The offset `lines` lines after `from`, past each line feed (the end of the text at most). */
export function lineEnds(text: string, from: number, lines: number): number {
  let end = from;
  for (let i = 0; i < lines && end < text.length; i++) {
    const next = text.indexOf('\n', end);
    end = next < 0 ? text.length : next + 1;
  }
  return end;
}
