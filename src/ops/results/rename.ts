/** The plain result and option types of rename (no functions: a consumer's type graph stops here). */
import type { OmittedWarnings, RenameWarning } from './rename-safety.js';
import type { VerifiedEditFields, VerifiedEditOptions } from './verify.js';
import type { OpResultBase } from './target.js';

/** Options of rename: preview/apply, verify, and `force` to apply despite warnings or new errors. */
export type RenameOptions = VerifiedEditOptions;

export interface RenameResult extends OpResultBase, VerifiedEditFields {
  new_name: string;
  /** What the edits may miss or break (rename-safety.ts), most confident first; empty when nothing was found. */
  warnings: RenameWarning[];
  /** Present when some kind had more warnings than are listed. */
  omitted_warnings?: OmittedWarnings[];
}
