/** How the CLI words advice (docs/mcp.md, "Messages"): commands and flags. */
import type { Advice, Wording } from '../core/advice.js';

/** The wording for answers of `command`. */
export function cliWording(command: string): Wording {
  return (advice: Advice): string => {
    switch (advice.kind) {
      case 'next-page':
        return `More: repeat with --page ${advice.page} (of ${advice.pages}).`;
      case 'see-outline':
        return `\`locus outline ${advice.file}\` lists every symbol.`;
      case 'deeper':
        return `${advice.hidden} nested symbol(s) below depth ${advice.depth} are not shown: raise --depth, or leave it out.`;
      case 'raise-limit':
        return `(${advice.more} more; raise --limit to see them)`;
      case 'apply-preview':
        return `To apply exactly this preview: locus ${command} … --fingerprint ${advice.fingerprint} (files changed since → FILE_CHANGED, nothing written).`;
      case 'full-diff':
        return 'The diff was summarised to fit the budget: repeat with --full-diff (or a larger --budget) for all of it.';
      case 'force':
        return 'Applying anyway needs --force.';
      case 'verify':
        return 'Not checked for new errors: repeat with --verify to have the language servers check the edited text.';
      case 'full-detail':
        return `This answer is compact: --json has ${advice.what}.`;
      case 'check-root':
        return 'Paths are relative to the workspace root: check --root.';
      case 'find-symbol':
        return advice.path === undefined
          ? '`locus symbols <name>` searches the index by name.'
          : `\`locus symbols <name> --path ${advice.path}\` searches its symbols by name.`;
      case 'search':
        return `\`locus search "${advice.pattern}"\` lists every hit.`;
    }
  };
}
