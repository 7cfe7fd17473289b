/** The plain result and option types of rename-safety (no functions: a consumer's type graph stops here). */

/** What a warning is about. */
export type RenameWarningKind =
  | 'unrenamed-reference'
  | 'unrenamed-override'
  | 'unrenamed-occurrence'
  | 'unrenamed-in-string'
  | 'name-collision'
  | 'edit-in-string'
  | 'edit-in-comment';

/**
 * How sure Locus is that the warning names a real problem (docs/verified-edits.md, "Rename safety"): `high` — the
 * server or the code's shape says it is the renamed symbol; `medium` — likely, but nothing could confirm it (a use
 * the server cannot resolve, a member of an interface of that name); `low` — the same word where it is probably
 * something else (prose in a string, a comment). `low` warnings are advisories and never block.
 */
export type WarningConfidence = 'high' | 'medium' | 'low';

/** One thing the rename may get wrong, at a place (with its locate string) when it has one. */
export interface RenameWarning {
  kind: RenameWarningKind;
  confidence: WarningConfidence;
  /** False for advisories (`low` confidence: edits in comments, prose in strings); true ones need `force`. */
  blocks_apply: boolean;
  message: string;
  file_path?: string;
  display?: string;
  snippet?: string;
  locate?: string;
}

/** Warnings of a kind left out of the list past its cap (the list keeps the most confident first). */
export interface OmittedWarnings {
  kind: RenameWarningKind;
  count: number;
}
