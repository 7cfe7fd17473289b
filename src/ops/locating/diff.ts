/**
 * Unified diffs that patch tools accept (`git apply --check`: a trailing newline, `@@ -0,0` for an empty old
 * side, `\ No newline at end of file` markers), formatted by the `diff` package; and diffs bounded by an answer
 * budget (docs/mcp.md, "Budgets"): every file summarised, whole file patches while they fit, then the first
 * hunks of the next file that fit, never a silent cut.
 *
 * The cost is linear in the file sizes (docs/security.md, "Linear-time matching"): the lines both sides share at
 * the start and the end are set aside first, so only the changed window is diffed; a minimal line diff of it
 * (Myers, quadratic in the number of changed lines) is computed within a fixed budget of steps, and a window
 * that needs more is shown as one hunk, every old line removed and every new line added. Still a correct patch.
 * Edits that keep every line in place (a rename's) skip the search: their lines pair one for one, in linear time
 * (docs/performance.md, "Rename previews").
 */
import { FILE_HEADERS_ONLY, formatPatch, structuredPatch, type StructuredPatch } from 'diff';
import type { Advice } from '../../core/advice.js';
import { checkBudget } from '../../core/budget.js';
import type { DiffFileSummary } from '../results/edits.js';
import { changedWindow, sharedRun, type ChangedWindow } from './diff-window.js';

/** A file's old and new text. */
export interface DiffInput {
  file_path: string;
  before: string;
  after: string;
  /**
   * Every edit stayed within its line and added no line break (a rename's edits): line i of `after` is line i of
   * `before` edited, so the hunks pair lines one for one (linear) instead of searching a minimal diff — where that
   * pairing is the only minimal diff (pairsUniquely), so the diff is the same.
   */
  inPlace?: boolean;
}

/** A diff fitted to a budget. */
export interface BoundedDiff {
  diff: string;
  /** Present when the diff was cut: every file's size, and the advice to ask for the full diff. */
  diff_summary?: DiffFileSummary[];
  diff_complete: boolean;
  advice?: Advice[];
  /** Files whose changed lines are shown as one hunk (every old line removed, every new one added). */
  coarse?: string[];
}

/** Lines of context around a change. */
const CONTEXT = 3;
/**
 * Edit-graph steps the minimal diff of one changed window may take (about a third of a second): with D changed
 * lines in a window of N, Myers costs about D·(D + N) steps, so D is capped at what the budget allows for N.
 */
const DIFF_STEPS = 4_000_000;

/** A file's patch; `coarse` when its changed window needed more steps than allowed and is one block hunk. */
function patchOf(change: DiffInput, steps = DIFF_STEPS): StructuredPatch & { coarse?: true } {
  const names = [`a/${change.file_path}`, `b/${change.file_path}`] as const;
  const empty: StructuredPatch = {
    oldFileName: names[0],
    newFileName: names[1],
    oldHeader: '',
    newHeader: '',
    hunks: [],
  };
  const paired = change.inPlace === true ? inPlaceHunks(change.before, change.after) : undefined;
  if (paired) return { ...empty, hunks: paired };
  const window = changedWindow(change.before, change.after, CONTEXT);
  if (window === undefined) return empty;
  const changed = window.oldMiddle + window.newMiddle;
  const maxEditLength = Math.floor(steps / (changed + 2 * CONTEXT + 1) / 2);
  const minimal =
    Math.abs(window.oldMiddle - window.newMiddle) > maxEditLength
      ? undefined
      : structuredPatch(names[0], names[1], window.before.join(''), window.after.join(''), '', '', {
          context: CONTEXT,
          maxEditLength,
        });
  // Over the budget, lines changed in place (as a rename changes them) pair up one for one; else one block.
  const pairs =
    minimal || window.oldMiddle !== window.newMiddle ? undefined : pairedHunks(windowLines(window));
  const hunks = minimal?.hunks ?? pairs ?? [blockHunk(window)];
  for (const hunk of hunks) {
    hunk.oldStart += window.start;
    hunk.newStart += window.start;
  }
  return minimal || pairs || !sharesLine(window) ? { ...empty, hunks } : { ...empty, hunks, coarse: true };
}

type Hunk = StructuredPatch['hunks'][number];

/** Lines of both sides by index, where line i of one side pairs with line i of the other. */
interface PairedLines {
  count: number;
  old(i: number): string;
  now(i: number): string;
  same(i: number): boolean;
}

function windowLines({ before, after }: ChangedWindow): PairedLines {
  return {
    count: before.length,
    old: (i) => before[i] as string,
    now: (i) => after[i] as string,
    same: (i) => before[i] === after[i],
  };
}

/**
 * The hunks of edits that kept every line in place, when pairing line i with line i is the only minimal diff of the
 * changed window (else undefined: the caller diffs the window). That pairing is the only minimal diff when no
 * changed line equals any line of the window's other side, so only the unchanged lines can match, each its own (a
 * minimal diff would move a line where a renamed line equals another — `name` renamed to `renamed` next to a line
 * `renamed`). Works on line offsets: only the changed lines and the lines of their length are read as strings.
 */
function inPlaceHunks(before: string, after: string): Hunk[] | undefined {
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
    const size = (starts[j + 1] ?? before.length) - (starts[j] as number);
    if (lengths.has(size) && (news.has(old(j)) || olds.has(old(j)))) return undefined;
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
    [fromA, fromB] = [lineEnd(before, atA), lineEnd(after, atB)];
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

/** The end of the line `at` is on: past its line feed, or the end of the text. */
function lineEnd(text: string, at: number): number {
  const feed = text.indexOf('\n', at);
  return feed < 0 ? text.length : feed + 1;
}

/** Where the lines of `text` start, as `linesOf` splits them (at line feeds; a last line without one counts). */
function lineStarts(text: string): number[] {
  const starts = text.length > 0 ? [0] : [];
  for (let i = text.indexOf('\n'); i >= 0 && i + 1 < text.length; i = text.indexOf('\n', i + 1))
    starts.push(i + 1);
  return starts;
}

/** Whether a line is on both sides of the window's changed part (else one block is the minimal diff too). */
function sharesLine(window: ChangedWindow): boolean {
  const { before, after, lead, trail } = window;
  const removed = new Set(before.slice(lead, before.length - trail));
  return after.slice(lead, after.length - trail).some((line) => removed.has(line));
}

/**
 * The hunks of a window whose two sides have as many lines: line i replaced by line i where they differ, with
 * CONTEXT shared lines around each run (runs closer than twice that share a hunk). Linear in the window.
 */
function pairedHunks(lines: PairedLines): Hunk[] {
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

/** The whole window as one hunk: context, every old line removed, every new line added, context. */
function blockHunk(window: ChangedWindow): StructuredPatch['hunks'][number] {
  const { before, after, lead, trail } = window;
  const marked = [
    ...before.slice(0, lead).map((line) => ` ${line}`),
    ...before.slice(lead, before.length - trail).map((line) => `-${line}`),
    ...after.slice(lead, after.length - trail).map((line) => `+${line}`),
    ...before.slice(before.length - trail).map((line) => ` ${line}`),
  ];
  // As the `diff` package does: lines lose their break; the one without a break gets the patch marker after it.
  const lines = marked.flatMap((line) =>
    line.endsWith('\n') ? [line.slice(0, -1)] : [line, '\\ No newline at end of file'],
  );
  return { oldStart: 1, oldLines: before.length, newStart: 1, newLines: after.length, lines };
}

/**
 * The unified diff of every change (`--- a/path`, `+++ b/path`, hunks with 3 lines of context). `steps`: the budget
 * of the minimal diff per file (tests pass 0 to see the one-hunk form).
 */
export function unifiedDiff(changes: readonly DiffInput[], steps = DIFF_STEPS): string {
  return changes.map((change) => formatPatch(patchOf(change, steps), FILE_HEADERS_ONLY)).join('');
}

/** The diff of `changes` within `budget` characters, unless `full`. */
export function boundedDiff(changes: readonly DiffInput[], budget?: number, full = false): BoundedDiff {
  const limit = checkBudget(budget);
  const patches = changes.map((change) => patchOf(change));
  const texts = patches.map((p) => formatPatch(p, FILE_HEADERS_ONLY));
  const whole = texts.join('');
  const coarse = changes.filter((_, i) => patches[i]?.coarse).map((c) => c.file_path);
  const noted = coarse.length > 0 ? { coarse } : {};
  if (full || whole.length <= limit) return { diff: whole, diff_complete: true, ...noted };
  const summary = patches.map((p, i) => summarise(p, changes[i]?.file_path ?? ''));
  const room = Math.max(limit / 2, limit - summary.length * 60);
  let diff = '';
  for (const [i, text] of texts.entries()) {
    if (diff.length + text.length <= room) {
      diff += text;
      continue;
    }
    diff += firstHunks(patches[i] as StructuredPatch, room - diff.length);
    break;
  }
  return { diff, diff_summary: summary, diff_complete: false, advice: [{ kind: 'full-diff' }], ...noted };
}

/**
 * The file's header and as many of its first hunks as fit. A hunk is never cut (a partial hunk is not a patch),
 * so a first hunk larger than the room leaves only the summary.
 */
function firstHunks(patch: StructuredPatch, room: number): string {
  let text = '';
  for (let n = 1; n <= patch.hunks.length; n++) {
    const candidate = formatPatch({ ...patch, hunks: patch.hunks.slice(0, n) }, FILE_HEADERS_ONLY);
    if (candidate.length > room) break;
    text = candidate;
  }
  return text;
}

function summarise(patch: StructuredPatch, filePath: string): DiffFileSummary {
  let added = 0;
  let removed = 0;
  for (const hunk of patch.hunks)
    for (const line of hunk.lines) {
      if (line.startsWith('+')) added++;
      else if (line.startsWith('-')) removed++;
    }
  return { file_path: filePath, hunks: patch.hunks.length, added, removed };
}
