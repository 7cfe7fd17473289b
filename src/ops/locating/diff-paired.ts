/**
 * Hunks of two texts whose lines pair one for one (diff.ts): line i of one side against line i of the other, with
 * CONTEXT shared lines around each changed run. A rename's edits keep every line in place, so its diff is made here in
 * linear time, on line offsets, when that pairing is the only minimal diff.
 */
import type { StructuredPatch } from 'diff';
import { lineEnds, sharedRun } from './diff-window.js';

/** Lines of context around a change (as diff.ts and the `diff` package use). */
export const CONTEXT = 3;

/** One hunk of a structured patch. */
export type Hunk = StructuredPatch['hunks'][number];

/** Lines of both sides by index, where line i of one side pairs with line i of the other. */
export interface PairedLines {
  count: number;
  old(i: number): string;
  now(i: number): string;
  same(i: number): boolean;
}

/**
 * The hunks of edits that kept every line in place, when pairing line i with line i is the only minimal diff of the
 * changed window (else undefined: the caller diffs the window). That pairing is the only minimal diff when no
 * changed line equals any line of the window's other side, so only the unchanged lines can match, each its own (a
 * minimal diff would move a line where a renamed line equals another — `name` renamed to `renamed` next to a line
 * `renamed`). Works on line offsets: only the changed lines and the lines of their length are read as strings.
 */
export function inPlaceHunks(before: string, after: string): Hunk[] | undefined {
  const starts = lineStarts(before);
  const changed = changedLines(before, starts, after);
  if (changed === undefined || changed.size === 0) return changed && [];
  const lines = [...changed.keys()];
  const from = Math.max(0, (lines[0] as number) - CONTEXT);
  const to = Math.min(starts.length, (lines[lines.length - 1] as number) + 1 + CONTEXT);
  const old = (i: number): string =>
    changed.get(i)?.old ?? before.slice(starts[i], starts[i + 1] ?? before.length);
  const olds = new Set([...changed.values()].map((c) => c.old));
  const news = new Set([...changed.values()].map((c) => c.now));
  for (const line of changed.values()) if (news.has(line.old) || olds.has(line.now)) return undefined;
  // An unchanged line is the same on both sides; it is read only when a changed line has its length.
  const lengths = new Set([...olds, ...news].map((line) => line.length));
  const isChanged = new Uint8Array(to - from);
  for (const line of lines) isChanged[line - from] = 1;
  for (let j = from; j < to; j++) {
    if (isChanged[j - from] === 1) continue;
    if (!lengths.has((starts[j + 1] ?? before.length) - (starts[j] as number))) continue;
    const line = old(j);
    if (news.has(line) || olds.has(line)) return undefined;
  }
  const hunks = pairedHunks({
    count: to - from,
    old: (i) => old(from + i),
    now: (i) => changed.get(from + i)?.now ?? old(from + i),
    same: (i) => isChanged[i] !== 1,
  });
  for (const hunk of hunks) {
    hunk.oldStart += from;
    hunk.newStart += from;
  }
  return hunks;
}

/**
 * The lines that differ between two texts whose lines pair one for one (`starts`: the line starts of `before`), with
 * both sides' text; undefined when the lines do not pair (`after` has a line break more or fewer). Equal stretches
 * are skipped a chunk of characters at a time (`sharedRun`); each difference marks its line, and the comparison
 * resumes at the next line on both sides.
 */
function changedLines(
  before: string,
  starts: number[],
  after: string,
): Map<number, { old: string; now: string }> | undefined {
  const changed = new Map<number, { old: string; now: string }>();
  let [fromA, fromB, line] = [0, 0, 0];
  for (;;) {
    const same = sharedRun(before, fromA, after, fromB);
    const [atA, atB] = [fromA + same, fromB + same];
    if (atA === before.length && atB === after.length) return changed;
    // The lines up to a difference are equal, line breaks included: the difference is on the same line of both.
    while (line + 1 < starts.length && (starts[line + 1] as number) <= atA) line++;
    const startA = starts[line] ?? 0;
    const startB = atB - (atA - startA);
    [fromA, fromB] = [lineEnds(before, atA, 1), lineEnds(after, atB, 1)];
    const [old, now] = [before.slice(startA, fromA), after.slice(startB, fromB)];
    if (line >= starts.length || !oneLine(old) || !oneLine(now)) return undefined;
    changed.set(line, { old, now });
    line++;
  }
}

/** True when `text` is one line as `linesOf` splits them: not empty, no line feed but one at its end. */
function oneLine(text: string): boolean {
  const feed = text.indexOf('\n');
  return text.length > 0 && (feed < 0 || feed === text.length - 1);
}

/** Where the lines of `text` start, as `linesOf` splits them (at line feeds; a last line without one counts). */
function lineStarts(text: string): number[] {
  const starts = text.length > 0 ? [0] : [];
  for (let i = text.indexOf('\n'); i >= 0 && i + 1 < text.length; i = text.indexOf('\n', i + 1))
    starts.push(i + 1);
  return starts;
}

/**
 * The hunks of a window whose two sides have as many lines: line i replaced by line i where they differ, with
 * CONTEXT shared lines around each run (runs closer than twice that share a hunk). Linear in the window.
 */
export function pairedHunks(lines: PairedLines): Hunk[] {
  const hunks: Hunk[] = [];
  let i = 0;
  while (i < lines.count) {
    if (lines.same(i)) {
      i++;
      continue;
    }
    let end = i + 1;
    for (let same = 0; end < lines.count && same <= 2 * CONTEXT; end++) same = lines.same(end) ? same + 1 : 0;
    // `end` is past up to 2·CONTEXT + 1 shared lines: keep CONTEXT of them.
    let last = end - 1;
    while (last > i && lines.same(last)) last--;
    hunks.push(pairedHunk(lines, Math.max(0, i - CONTEXT), i, last + 1));
    i = last + 1;
  }
  return hunks;
}

/** One hunk of paired lines: context from `from`, the changed run `[first, stop)`, CONTEXT lines after it. */
function pairedHunk(lines: PairedLines, from: number, first: number, stop: number): Hunk {
  const to = Math.min(lines.count, stop + CONTEXT);
  const marked: string[] = [];
  // As the `diff` package does: lines lose their break; the one without a break gets the patch marker after it.
  const mark = (sign: string, line: string): void => {
    if (line.endsWith('\n')) marked.push(sign + line.slice(0, -1));
    else marked.push(sign + line, '\\ No newline at end of file');
  };
  for (let k = from; k < first; k++) mark(' ', lines.old(k));
  for (let k = first; k < stop;) {
    let run = k;
    while (run < stop && !lines.same(run)) run++;
    for (let r = k; r < run; r++) mark('-', lines.old(r));
    for (let r = k; r < run; r++) mark('+', lines.now(r));
    while (run < stop && lines.same(run)) mark(' ', lines.old(run++));
    k = run;
  }
  for (let k = stop; k < to; k++) mark(' ', lines.old(k));
  return { oldStart: from + 1, oldLines: to - from, newStart: from + 1, newLines: to - from, lines: marked };
}
