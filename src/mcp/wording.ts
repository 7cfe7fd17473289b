/**
 * How the MCP face words advice (docs/mcp.md, "Messages"): tools and their arguments, never CLI commands or
 * flags (test/mcp/wording.test.ts walks every kind and every error code).
 */
import type { Advice, Wording } from '../core/advice.js';

/** The wording for answers of `tool`. */
export function mcpWording(tool: string): Wording {
  return (advice: Advice): string => {
    switch (advice.kind) {
      case 'next-page':
        return `More: call \`${tool}\` again with the same arguments and \`page: ${advice.page}\` (of ${advice.pages}).`;
      case 'see-outline':
        return `The \`outline\` tool (file_path \`${advice.file}\`) lists every symbol.`;
      case 'deeper':
        return `${advice.hidden} nested symbol(s) below depth ${advice.depth} are not shown: call \`${tool}\` with a larger \`depth\`, or leave it out.`;
      case 'raise-limit':
        return `(${advice.more} more: call \`${tool}\` again with a higher \`limit\`)`;
      case 'apply-preview':
        return `To apply: the same call with \`apply: true\` and \`fingerprint: "${advice.fingerprint}"\` (a file changed since → FILE_CHANGED, nothing written).`;
      case 'full-diff':
        return `The diff was summarised to fit the answer budget: call \`${tool}\` again with \`full_diff: true\` (or a larger \`budget\`) for all of it.`;
      case 'force':
        return `Applying anyway needs \`force: true\` (with \`apply: true\`).`;
      case 'verify':
        return 'Not checked for new errors: add `verify: true` to have the servers check it (slower).';
      case 'full-detail':
        return `\`detail: "full"\` adds ${advice.what}.`;
      case 'check-root':
        return 'Paths are relative to a workspace root (the roots the client lists); with several roots, prefix the path with the root folder name.';
      case 'find-symbol':
        return advice.path === undefined
          ? 'The `find_symbol` tool searches the index by name.'
          : `The \`find_symbol\` tool with \`path: ${JSON.stringify(advice.path)}\` searches its symbols by name.`;
      case 'search':
        return `The \`search\` tool with \`pattern: ${JSON.stringify(advice.pattern)}\` lists every hit.`;
    }
  };
}
