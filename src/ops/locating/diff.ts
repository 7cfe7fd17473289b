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
import { changedWindow, type ChangedWindow } from './diff-window.js';
import { CONTEXT, inPlaceHunks, pairedHunks, type PairedLines } from './diff-paired.js';

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

function windowLines({ before, after }: ChangedWindow): PairedLines {
  return {
    count: before.length,
    old: (i) => before[i] as string,
    now: (i) => after[i] as string,
    same: (i) => before[i] === after[i],
  };
}

/** Whether a line is on both sides of the window's changed part (else one block is the minimal diff too). */
function sharesLine(window: ChangedWindow): boolean {
  const { before, after, lead, trail } = window;
  const removed = new Set(before.slice(lead, before.length - trail));
  return after.slice(lead, after.length - trail).some((line) => removed.has(line));
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
