/**
 * Tool results: markdown text first (what an agent reads), the JSON data as `structuredContent`. A failed
 * operation is a result with `isError: true` carrying the error code, message and hint — never a protocol
 * error. The CLI-flavoured sentences of the shared renderers are reworded for tool calls here.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ErrorData } from '../core/errors.js';
import { renderError } from '../render/locate.js';

/** A library outcome: a success object or `{ ok: false, error }`. */
export type Outcome<T extends { ok: true }> = T | { ok: false; error: ErrorData };

/** Rewrites renderer sentences that name CLI flags into tool arguments. */
export function forTools(markdown: string, tool: string): string {
  return markdown
    .replace(
      /To apply exactly this preview, repeat the call with this fingerprint \(files changed since → FILE_CHANGED, nothing written\)\./,
      'To apply exactly this preview, repeat the call with `apply: true` and this `fingerprint` (if a touched file changed since, nothing is written: FILE_CHANGED).',
    )
    .replace(
      /^More: ask for page (\d+) \(of (\d+)\)\.$/m,
      `More: call \`${tool}\` again with the same locate and \`page: $1\` (of $2).`,
    )
    .replace(
      /\((\d+) more; raise the limit to see them\)/,
      `($1 more: call \`${tool}\` again with a higher \`limit\`)`,
    )
    .replace(/applying needs --force:/, 'applying needs `force: true`:')
    .replace(/^Applying needs --force\.$/m, 'Applying needs `force: true`.')
    .replace(
      /`locus outline ([^`]+)` lists every symbol\./g,
      'The `outline` tool (file_path `$1`) lists every symbol.',
    );
}

/** A successful tool result. */
export function success(data: object, markdown: string, tool: string): CallToolResult {
  return {
    content: [{ type: 'text', text: forTools(markdown, tool) }],
    structuredContent: { ...data },
  };
}

/** A failed tool result (`isError: true`), rendered and as data. */
export function failure(error: ErrorData, tool: string): CallToolResult {
  const data: ErrorData =
    error.hint === undefined ? { ...error } : { ...error, hint: forTools(error.hint, tool) };
  return {
    content: [{ type: 'text', text: renderError(data) }],
    structuredContent: { ok: false, error: data },
    isError: true,
  };
}

/** Either result for a library outcome. */
export function respond<T extends { ok: true }>(
  outcome: Outcome<T>,
  tool: string,
  render: (ok: T) => string,
): CallToolResult {
  return outcome.ok ? success(outcome, render(outcome), tool) : failure(outcome.error, tool);
}
