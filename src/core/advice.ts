/**
 * Face-neutral advice (docs/mcp.md, "Messages"): lower layers say *what* the caller can do next as data; each
 * face words it — the MCP face names tools and arguments, the CLI names commands and flags. Answers carry it
 * in `advice` (results) or `ErrorData.advice` (errors).
 */

/** One thing the caller can do next. */
export type Advice =
  /** More results on another page. */
  | { kind: 'next-page'; page: number; pages: number }
  /** The outline of a file lists every symbol path. */
  | { kind: 'see-outline'; file: string }
  /** Outline levels below `depth` were left out; a larger depth (or the symbol's own outline) shows them. */
  | { kind: 'deeper'; depth: number; hidden: number }
  /** Items beyond the limit were left out. */
  | { kind: 'raise-limit'; more: number }
  /** Apply exactly this preview with its fingerprint. */
  | { kind: 'apply-preview'; fingerprint: string }
  /** The diff was summarised to fit the budget; the full diff is available on request. */
  | { kind: 'full-diff' }
  /** Paths are relative to the workspace root; the root may be the wrong one. */
  | { kind: 'check-root' }
  /** The edit was refused for its warnings, new errors or a read-only file; forcing writes it anyway. */
  | { kind: 'force' }
  /** A compact answer left parts out (the diff's context, call sites, source lines); the full form has them. */
  | { kind: 'full-detail'; what: string }
  /** The preview was not checked for new errors (verification runs only when asked: it costs a second pass). */
  | { kind: 'verify' }
  /** The workspace index finds symbols by name (optionally only in the files `path`, a file or a glob, names). */
  | { kind: 'find-symbol'; path?: string }
  /** Every hit of a `<glob>@<find>` pattern is listed by a search. */
  | { kind: 'search'; pattern: string };

/** Words one piece of advice for a face. */
export type Wording = (advice: Advice) => string;

/** Neutral wording, for library users and logs (names no command, flag, tool or argument). */
export const NEUTRAL_WORDING: Wording = (advice) => {
  switch (advice.kind) {
    case 'next-page':
      return `More: page ${advice.page} of ${advice.pages}.`;
    case 'see-outline':
      return `The outline of ${advice.file} lists every symbol.`;
    case 'deeper':
      return `${advice.hidden} symbol(s) below depth ${advice.depth} are not shown.`;
    case 'raise-limit':
      return `${advice.more} more left out by the limit.`;
    case 'apply-preview':
      return `Apply exactly this preview with fingerprint ${advice.fingerprint} (if a touched file changed since, nothing is written: FILE_CHANGED).`;
    case 'full-diff':
      return 'The diff was summarised to fit the budget; the full diff can be asked for.';
    case 'check-root':
      return 'Paths are relative to the workspace root.';
    case 'force':
      return 'Applying anyway needs force.';
    case 'verify':
      return 'Not checked for new errors: verification runs only when asked.';
    case 'full-detail':
      return `This answer is compact; the full form adds ${advice.what}.`;
    case 'find-symbol':
      return `A search of the workspace index by name finds symbols${advice.path === undefined ? '' : ` in ${advice.path}`}.`;
    case 'search':
      return `A search for \`${advice.pattern}\` lists every hit.`;
  }
};

/** The advice lines of an answer, worded. */
export function wordAll(advice: readonly Advice[] | undefined, word: Wording): string[] {
  return (advice ?? []).map(word);
}
