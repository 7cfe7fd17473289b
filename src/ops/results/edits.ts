/** The plain result and option types of edits (no functions: a consumer's type graph stops here). */
import type { Advice } from '../../core/advice.js';

/** Whether to write an edit: `apply`, or the fingerprint of an earlier preview. */
export interface EditOptions {
  /** Write the edit now. */
  apply?: boolean;
  /** Apply only if the files still match this preview's fingerprint (implies apply). */
  fingerprint?: string;
  /** Write read-only files too, and accept a changed owner (docs/security.md). */
  force?: boolean;
  /** Characters the diff may use in the answer (default DEFAULT_BUDGET_CHARS); over it, a summary. */
  budget?: number;
  /** Return the whole diff whatever its size. */
  fullDiff?: boolean;
}

/** An edit result: what would change (or changed). */
export interface EditResultFields {
  files: { file_path: string; edits: number }[];
  diff: string;
  fingerprint: string;
  applied: boolean;
  skipped?: string[];
  /** False when the diff was cut to the budget (then `diff_summary` lists every file). */
  diff_complete: boolean;
  diff_summary?: DiffFileSummary[];
  /**
   * Files whose changed lines the diff shows as one hunk (every old line removed, every new one added) because
   * their minimal line diff would cost more than its budget (docs/security.md, "Linear-time matching").
   */
  diff_coarse?: string[];
  advice?: Advice[];
}

/** Size of one file's change. */
export interface DiffFileSummary {
  file_path: string;
  hunks: number;
  added: number;
  removed: number;
}
