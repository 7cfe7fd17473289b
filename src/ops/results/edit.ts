/** The plain result and option types of edit (no functions: a consumer's type graph stops here). */
import type { ReanchorKind } from '../../locate/reanchor.js';
import type { Locate } from '../../locate/model.js';
import type { VerifiedEditFields, VerifiedEditOptions } from './verify.js';

/**
 * Options of edit. They extend the verified edit options and are passed to `verifiedPreviewOrApply` unchanged,
 * so whatever that machinery learns (e.g. `verify`) reaches edits with no change here.
 */
export interface EditOpOptions extends VerifiedEditOptions {
  /** Apply even when the result has new syntax errors in the edited region. */
  force?: boolean;
  /** Run the server's range formatting over each edited span. */
  format?: boolean;
}

/** What one edit did, with the locate strings of the code it produced. */
export interface EditOutcome {
  index: number;
  action: EditAction;
  locate: string;
  file_path: string;
  target: { kind: TargetKind; display: string; symbol?: string };
  reanchored?: ReanchorNote;
  /** Locate string of the first character of the new code (after the edit); absent for deletions. */
  new_locate?: string;
  /** Declarations in the new code, with their locate strings in the edited text. */
  symbols: { path: string; kind: string; locate: string }[];
  /** The declaration the new code sits in, when it is inside one. */
  enclosing?: { path: string; kind: string; locate: string };
}

export interface EditResult extends VerifiedEditFields {
  ok: true;
  operation: 'edit';
  edits: EditOutcome[];
  notes?: string[];
}

/** What to do at a target. */
export type EditAction = 'replace' | 'insert_before' | 'insert_after' | 'delete';

/** The kinds of target a locate can name. */
export type TargetKind = 'symbol' | 'lines' | 'match';

/** One requested edit. */
export interface EditRequest {
  locate: string | Locate;
  action: EditAction;
  /** The new code (replace, insert_*); may be sent at column 0. */
  text?: string;
  /** Replace/delete a symbol together with the comment block directly above it. */
  include_doc_comment?: boolean;
}

/** A re-anchored locate, reported to the caller (never silent). */
export interface ReanchorNote {
  from: string;
  to: string;
  kind: ReanchorKind;
  detail: string;
}
