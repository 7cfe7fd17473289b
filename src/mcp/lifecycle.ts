/**
 * The lifecycle of one MCP session as a state machine (docs/mcp.md, "Protocol"), in the manner of rust-analyzer's
 * `lsp-server` (`initialize_start` / `initialize_finish`): pure, one decision per incoming message, table-tested
 * (test/mcp/lifecycle.test.ts).
 *
 *   uninitialized --initialize--> initializing --notifications/initialized--> ready --end of input--> closing
 *
 * Before `initialize` only `ping` is served; every other request is refused with a coded error (it would otherwise
 * pin the session to defaults before the client said who it is). `initialize` is accepted once. After the answer to
 * it the client may send requests (the spec only restrains the server before `notifications/initialized`). Once
 * the input ended, nothing new starts; calls already running finish and are answered.
 */
import { RPC_ERROR, type RpcError, type RpcMessage } from '../core/json-rpc.js';

export type SessionState = 'uninitialized' | 'initializing' | 'ready' | 'closing';

/** What to do with one message. */
export type Decision =
  | { action: 'initialize'; next: SessionState }
  | { action: 'serve'; next: SessionState }
  | { action: 'initialized'; next: SessionState }
  | { action: 'settle'; next: SessionState }
  | { action: 'ignore'; next: SessionState }
  | { action: 'refuse'; next: SessionState; error: RpcError };

/** Requests served in every state but `closing`: they need no negotiated session. */
const ALWAYS = new Set(['ping']);

function refuse(state: SessionState, message: string): Decision {
  return { action: 'refuse', next: state, error: { code: RPC_ERROR.invalidRequest, message } };
}

/** The decision for one message (not `invalid`: those are answered by their own error) in `state`. */
export function decide(state: SessionState, message: Exclude<RpcMessage, { kind: 'invalid' }>): Decision {
  if (message.kind === 'response' || message.kind === 'error-response')
    return { action: 'settle', next: state };
  if (message.kind === 'notification') return decideNotification(state, message.method);
  if (state === 'closing') return refuse(state, 'The server is shutting down: the input has ended.');
  if (message.method === 'initialize') {
    if (state === 'uninitialized') return { action: 'initialize', next: 'initializing' };
    return refuse(state, 'The session is already initialized: `initialize` is accepted once per session.');
  }
  if (state === 'uninitialized' && !ALWAYS.has(message.method))
    return refuse(state, `Server not initialized: send \`initialize\` before \`${message.method}\`.`);
  return { action: 'serve', next: state };
}

function decideNotification(state: SessionState, method: string): Decision {
  if (method === 'notifications/initialized')
    return state === 'initializing'
      ? { action: 'initialized', next: 'ready' }
      : { action: 'ignore', next: state };
  // Before `initialize` notifications are dropped, as LSP does (a cancel has nothing to cancel yet).
  if (state === 'uninitialized') return { action: 'ignore', next: state };
  return { action: 'serve', next: state };
}

/**
 * Whether a batch (a JSON array of messages) is allowed: only in protocol version 2025-03-26, which requires
 * servers to accept batches (later versions removed them), and never for `initialize`.
 */
export function batchesAllowed(state: SessionState, version: string | undefined): boolean {
  return version === BATCH_VERSION && (state === 'initializing' || state === 'ready');
}

/** The one negotiated protocol version whose spec has JSON-RPC batches. */
export const BATCH_VERSION = '2025-03-26';
