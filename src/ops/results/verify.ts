/** The plain result and option types of verify (no functions: a consumer's type graph stops here). */
import type { EditOptions, EditResultFields } from './edits.js';

/** Edit options with verification. */
export interface VerifiedEditOptions extends EditOptions {
  /** Check the previewed text with the servers before answering (and before writing). */
  verify?: boolean;
  /** Write even when verification found new errors. */
  force?: boolean;
}

/** An error the edit would introduce, at its place in the edited text. */
export interface NewError {
  file_path: string;
  /** `path:line:col` in the text after the edit. */
  display: string;
  message: string;
  code?: string;
  source?: string;
  /** The line after the edit: `42 | return totl`. */
  snippet: string;
}

/** A file verification could not judge: the server cannot build it even before the edit. */
export interface Unverifiable {
  file_path: string;
  /** Why: `the server cannot build it: 'config.h' file not found`. */
  reason: string;
}

/** What verification found. */
export interface Verification {
  /** `verified: 0 new errors in 7 files`, or the count; `; 1 not verifiable` when some file could not be judged. */
  summary: string;
  /** Errors the edit introduces, in the files that could be verified. */
  new_errors: NewError[];
  /** Files verified (not counting the unverifiable ones). */
  files_checked: number;
  /** Errors the edit removes (baseline errors absent afterwards). */
  fixed_errors: number;
  /** False when some server did not settle in time (the check may be incomplete). */
  settled: boolean;
  /** Files verification could not check (no language server). */
  unchecked?: string[];
  /** Files that reference the symbol beyond the first 40, not checked (each costs the server a build). */
  referencing_not_checked?: number;
  /** Files the server cannot build even before the edit: their errors after it are not counted either way. */
  unverifiable?: Unverifiable[];
}

/** Edit result fields plus the verification, when asked for. */
export interface VerifiedEditFields extends EditResultFields {
  verification?: Verification;
}
