/**
 * Unified diffs that patch tools accept (`git apply --check`: a trailing newline, `@@ -0,0` for an empty old
 * side, `\ No newline at end of file` markers), formatted by the `diff` package; and diffs bounded by an answer
 * budget (docs/mcp.md, "Budgets"): every file summarised, whole file patches while they fit, then the first
 * hunks of the next file that fit, never a silent cut.
 */
import { FILE_HEADERS_ONLY, formatPatch, structuredPatch, type StructuredPatch } from 'diff';
import type { Advice } from '../../core/advice.js';
import { checkBudget } from '../../core/budget.js';
import type { DiffFileSummary } from '../results/edits.js';

/** A file's old and new text. */
export interface DiffInput {
  file_path: string;
  before: string;
  after: string;
}

/** A diff fitted to a budget. */
export interface BoundedDiff {
  diff: string;
  /** Present when the diff was cut: every file's size, and the advice to ask for the full diff. */
  diff_summary?: DiffFileSummary[];
  diff_complete: boolean;
  advice?: Advice[];
}

function patchOf(change: DiffInput): StructuredPatch {
  return structuredPatch(
    `a/${change.file_path}`,
    `b/${change.file_path}`,
    change.before,
    change.after,
    '',
    '',
    {
      context: 3,
    },
  );
}

/** The unified diff of every change (`--- a/path`, `+++ b/path`, hunks with 3 lines of context). */
export function unifiedDiff(changes: readonly DiffInput[]): string {
  return changes.map((change) => formatPatch(patchOf(change), FILE_HEADERS_ONLY)).join('');
}

/** The diff of `changes` within `budget` characters, unless `full`. */
export function boundedDiff(changes: readonly DiffInput[], budget?: number, full = false): BoundedDiff {
  const limit = checkBudget(budget);
  const patches = changes.map(patchOf);
  const texts = patches.map((p) => formatPatch(p, FILE_HEADERS_ONLY));
  const whole = texts.join('');
  if (full || whole.length <= limit) return { diff: whole, diff_complete: true };
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
  return { diff, diff_summary: summary, diff_complete: false, advice: [{ kind: 'full-diff' }] };
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
