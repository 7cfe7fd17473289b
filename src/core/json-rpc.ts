/**
 * JSON-RPC 2.0 as both faces of Locus speak it (docs/mcp.md, "Protocol"): the one table of error codes, shared by
 * the MCP server (src/mcp/) and the language-server client (src/lsp/), and the typed message union that one parsed
 * line (or one element of a batch) becomes — in the manner of rust-analyzer's `lsp-server` (`Message` =
 * `Request | Notification | Response`). Pure: what is not a valid message comes back as `invalid` with the code
 * and the id to answer with, so no input goes unanswered.
 */
import { isRecord } from './records.js';

/** Every JSON-RPC error code Locus sends or reads, by name (JSON-RPC 2.0, MCP and LSP). */
export const RPC_ERROR = {
  /** The line is not JSON. */
  parseError: -32700,
  /** JSON, but not a valid request (or not valid at this point of the session). */
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** MCP SDKs: a request to the other side timed out. */
  requestTimeout: -32001,
  /** LSP: a request before `initialize`. */
  serverNotInitialized: -32002,
  /** LSP: the client cancelled the request. */
  requestCancelled: -32800,
  /** LSP: the document changed while the server answered. */
  contentModified: -32801,
  /** LSP: the server cancelled the request. */
  serverCancelled: -32802,
  /** LSP: a valid request that failed. */
  requestFailed: -32803,
} as const;

export type RpcErrorCode = (typeof RPC_ERROR)[keyof typeof RPC_ERROR];

/** A request id; MCP forbids `null` (a response to an unreadable request carries `null`). */
export type RpcId = string | number;

export type RpcParams = Record<string, unknown>;

/** The error object of a response. */
export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** One incoming JSON-RPC message, typed; `invalid` carries the error reply it deserves. */
export type RpcMessage =
  | { kind: 'request'; id: RpcId; method: string; params: RpcParams }
  | { kind: 'notification'; method: string; params: RpcParams }
  | { kind: 'response'; id: RpcId; result: RpcParams }
  | { kind: 'error-response'; id: RpcId; error: RpcError }
  | { kind: 'invalid'; id: RpcId | null; error: RpcError };

/** The id of a parsed value when it is a valid one (a string or an integer), else undefined. */
function validId(value: unknown): RpcId | undefined {
  if (typeof value === 'string') return value;
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
}

function invalid(id: RpcId | null, code: number, message: string): RpcMessage {
  return { kind: 'invalid', id, error: { code, message } };
}

/**
 * Classifies one parsed JSON value (a whole line, or one element of a batch). Never throws and never recurses:
 * an array here (a batch inside a batch, `[[[…]]]`) is simply not a message.
 */
export function classifyMessage(value: unknown): RpcMessage {
  if (!isRecord(value)) return invalid(null, RPC_ERROR.invalidRequest, 'Invalid request: not a JSON object.');
  const id = validId(value.id);
  const answerId = id ?? null;
  if (value.jsonrpc !== '2.0')
    return invalid(answerId, RPC_ERROR.invalidRequest, 'Invalid request: `jsonrpc` must be "2.0".');
  if (typeof value.method === 'string') return classifyCall(value, id);
  if (value.method !== undefined)
    return invalid(answerId, RPC_ERROR.invalidRequest, 'Invalid request: `method` must be a string.');
  if (id === undefined)
    return invalid(null, RPC_ERROR.invalidRequest, 'Invalid request: no `method` and no valid `id`.');
  return classifyResponse(value, id);
}

function classifyCall(value: Record<string, unknown>, id: RpcId | undefined): RpcMessage {
  const method = value.method as string;
  const params = value.params ?? {};
  const hasId = value.id !== undefined;
  if (hasId && id === undefined)
    return invalid(null, RPC_ERROR.invalidRequest, 'Invalid request: `id` must be a string or an integer.');
  if (!isRecord(params))
    return invalid(id ?? null, RPC_ERROR.invalidParams, 'Invalid params: `params` must be an object.');
  return id === undefined
    ? { kind: 'notification', method, params }
    : { kind: 'request', id, method, params };
}

function classifyResponse(value: Record<string, unknown>, id: RpcId): RpcMessage {
  const error = value.error;
  if (error !== undefined) {
    if (isRecord(error) && typeof error.code === 'number' && typeof error.message === 'string')
      return { kind: 'error-response', id, error: { code: error.code, message: error.message } };
    return invalid(null, RPC_ERROR.invalidRequest, 'Invalid response: malformed `error`.');
  }
  if (isRecord(value.result)) return { kind: 'response', id, result: value.result };
  return invalid(null, RPC_ERROR.invalidRequest, 'Invalid response: no `result` object.');
}

/** The error response to a request (or `null` id when the request's id could not be read). */
export function errorResponse(id: RpcId | null, error: RpcError): Record<string, unknown> {
  return { jsonrpc: '2.0', id, error };
}
