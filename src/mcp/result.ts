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

/** Either result for a library outcome. */
export function respond<T extends { ok: true }>(
  outcome: Outcome<T>,
  tool: string,
  render: (ok: T, word: Wording) => string,
): CallToolResult {
  return outcome.ok ? success(outcome, render(outcome, mcpWording(tool))) : failure(outcome.error, tool);
}
