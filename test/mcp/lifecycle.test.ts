/**
 * The MCP session's lifecycle state machine (src/mcp/lifecycle.ts) as a table: every state against every kind of
 * message, with the action and the next state. The rows are all states × all message kinds, derived from the
 * machine's own lists, so a new state or kind without a row fails.
 */
import { describe, expect, it } from 'vitest';
import type { RpcMessage } from '../../src/core/json-rpc.js';
import { batchesAllowed, BATCH_VERSION, decide, type SessionState } from '../../src/mcp/lifecycle.js';

type Valid = Exclude<RpcMessage, { kind: 'invalid' }>;
const MESSAGES: Record<string, Valid> = {
  initialize: { kind: 'request', id: 1, method: 'initialize', params: {} },
  ping: { kind: 'request', id: 2, method: 'ping', params: {} },
  'tools/call': { kind: 'request', id: 3, method: 'tools/call', params: {} },
  initialized: { kind: 'notification', method: 'notifications/initialized', params: {} },
  cancelled: { kind: 'notification', method: 'notifications/cancelled', params: {} },
  response: { kind: 'response', id: 'locus-1', result: {} },
  'error-response': { kind: 'error-response', id: 'locus-1', error: { code: -1, message: 'no' } },
};

// state → message → [action, next state]
const TABLE: Record<SessionState, Record<keyof typeof MESSAGES, [string, SessionState]>> = {
  uninitialized: {
    initialize: ['initialize', 'initializing'],
    ping: ['serve', 'uninitialized'],
    'tools/call': ['refuse', 'uninitialized'],
    initialized: ['ignore', 'uninitialized'],
    cancelled: ['ignore', 'uninitialized'],
    response: ['settle', 'uninitialized'],
    'error-response': ['settle', 'uninitialized'],
  },
  initializing: {
    initialize: ['refuse', 'initializing'],
    ping: ['serve', 'initializing'],
    'tools/call': ['serve', 'initializing'],
    initialized: ['initialized', 'ready'],
    cancelled: ['serve', 'initializing'],
    response: ['settle', 'initializing'],
    'error-response': ['settle', 'initializing'],
  },
  ready: {
    initialize: ['refuse', 'ready'],
    ping: ['serve', 'ready'],
    'tools/call': ['serve', 'ready'],
    initialized: ['ignore', 'ready'],
    cancelled: ['serve', 'ready'],
    response: ['settle', 'ready'],
    'error-response': ['settle', 'ready'],
  },
  closing: {
    initialize: ['refuse', 'closing'],
    ping: ['refuse', 'closing'],
    'tools/call': ['refuse', 'closing'],
    initialized: ['ignore', 'closing'],
    cancelled: ['serve', 'closing'],
    response: ['settle', 'closing'],
    'error-response': ['settle', 'closing'],
  },
};

const rows = Object.entries(TABLE).flatMap(([state, row]) =>
  Object.entries(row).map(([message, [action, next]]) => ({
    state: state as SessionState,
    message,
    action,
    next,
  })),
);

describe('the MCP lifecycle', () => {
  it.each(rows)('$state + $message → $action, $next', ({ state, message, action, next }) => {
    const decision = decide(state, MESSAGES[message] as Valid);
    expect({ action: decision.action, next: decision.next }).toEqual({ action, next });
    if (decision.action === 'refuse') expect(decision.error.code).toBe(-32600);
  });

  it('allows batches only in 2025-03-26, once initialize was answered', () => {
    const states = Object.keys(TABLE) as SessionState[];
    const allowed = states.flatMap((state) =>
      ['2025-06-18', BATCH_VERSION, undefined]
        .filter((v) => batchesAllowed(state, v))
        .map((v) => `${state} ${v}`),
    );
    expect(allowed).toEqual([`initializing ${BATCH_VERSION}`, `ready ${BATCH_VERSION}`]);
  });
});
