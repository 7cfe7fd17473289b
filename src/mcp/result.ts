/**
 * Tool results: markdown text first (what an agent reads), the JSON data as `structuredContent`. A failed
 * operation is a result with `isError: true` carrying the error code, message and hint — never a protocol
 * error. Advice from the lower layers is worded for tool calls (src/mcp/wording.ts).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Wording } from '../core/advice.js';
import type { ErrorData, Outcome } from '../core/errors.js';
import { renderError } from '../render/error.js';
import { mcpWording } from './wording.js';

/** A successful tool result. */
export function success(data: object, markdown: string): CallToolResult {
  return { content: [{ type: 'text', text: markdown }], structuredContent: { ...data } };
}

/** A failed tool result (`isError: true`), rendered and as data. */
export function failure(error: ErrorData, tool: string): CallToolResult {
  return {
    content: [{ type: 'text', text: renderError(error, mcpWording(tool)) }],
    structuredContent: { ok: false, error: { ...error } },
    isError: true,
  };
}

/**
 * Either result for a library outcome. `compact`, when given, shapes the success's `structuredContent` (the markdown
 * is rendered from the whole data): the compact default of docs/mcp.md, "Compact answers".
 */
export function respond<T extends { ok: true }>(
  outcome: Outcome<T>,
  tool: string,
  render: (ok: T, word: Wording) => string,
  compact?: (ok: T) => object,
): CallToolResult {
  if (!outcome.ok) return failure(outcome.error, tool);
  return success(compact ? compact(outcome) : outcome, render(outcome, mcpWording(tool)));
}

/** The compact shape of a tool's data, or none when the agent asked for `detail: "full"`. */
export function compactUnless<T>(
  detail: 'compact' | 'full' | undefined,
  compact: (ok: T) => object,
): ((ok: T) => object) | undefined {
  return detail === 'full' ? undefined : compact;
}
