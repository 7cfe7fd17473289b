/** The plain result and option types of rename-safety (no functions: a consumer's type graph stops here). */

/** What a warning is about. */
export type RenameWarningKind =
  | 'unrenamed-reference'
  | 'unrenamed-override'
  | 'unrenamed-occurrence'
  | 'name-collision'
  | 'edit-in-string'
  | 'edit-in-comment';

/** One thing the rename may get wrong, at a place (with its locate string) when it has one. */
export interface RenameWarning {
  kind: RenameWarningKind;
  /** False for advisories (edits in comments: gopls renames doc comments on purpose); true ones need `force`. */
  blocks_apply: boolean;
  message: string;
  file_path?: string;
  display?: string;
  snippet?: string;
  locate?: string;
}
