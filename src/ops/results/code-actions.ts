/** The plain result and option types of code-actions (no functions: a consumer's type graph stops here). */
import type { Range } from '../../core/positions.js';
import type { VerifiedEditFields, VerifiedEditOptions } from './verify.js';
import type { OpResultBase } from './target.js';

/** One offered action. */
export interface ActionEntry {
  index: number;
  title: string;
  kind?: string;
  preferred?: true;
  disabled?: string;
  /** False when the action only runs a server command (its edit is captured when selected: `via_command`). */
  has_edit: boolean;
  /** Selecting it runs the server command and previews the edit the server sends back. */
  via_command?: true;
}

export interface CodeActionsResult extends OpResultBase {
  range: Range;
  actions: ActionEntry[];
  /** The selected action's edit, when one was selected. */
  selected?: { index: number; title: string } & VerifiedEditFields;
}

/** Options: which action to preview/apply (index or exact title), and apply flags. */
export interface CodeActionOptions extends VerifiedEditOptions {
  select?: number | string;
  /** Only actions of these kinds (e.g. `quickfix`, `refactor`). */
  only?: string[];
}
