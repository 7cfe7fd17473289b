/** The plain result and option types of target (no functions: a consumer's type graph stops here). */
import type { CursorContext } from './cursor.js';

/**
 * What an operation is called in answers, the same words for every face: the CLI's `code-actions` and the MCP
 * tool `code_actions` both print "code actions on …".
 */
export type OperationName =
  | 'definition'
  | 'declaration'
  | 'type definition'
  | 'implementation'
  | 'references'
  | 'rename'
  | 'hover'
  | 'completion'
  | 'signature help'
  | 'code actions'
  | 'format range'
  | 'calls'
  | 'types';

/** Common fields of every operation result. */
export interface OpResultBase {
  ok: true;
  operation: string;
  cursor: CursorContext;
  /** Set when the server answered before it finished loading the project (or its readiness could not be established). */
  possibly_incomplete?: true;
  /** With `possibly_incomplete`: why, naming the server ("rust-analyzer was still loading the project … after waiting 15.0 s"). */
  incomplete_reason?: string;
  /** Resolution notes (suffix match, several matches, …). */
  notes?: string[];
}
