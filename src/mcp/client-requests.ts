/**
 * Requests the MCP server sends to its client (`roots/list`): ids of their own, each answer awaited in the one
 * request map with its timeout, and every one still waiting rejected when the connection closes.
 */
import { RPC_ERROR, type RpcId, type RpcMessage, type RpcParams } from '../core/json-rpc.js';
import { RequestMap } from '../core/request-map.js';
import { McpProtocolError } from './protocol-error.js';

/** The session's requests to its client, waiting for their answers. */
export class ClientRequests {
  private nextId = 0;
  private readonly methods = new Map<RpcId, string>();
  private readonly waiting = new RequestMap<RpcId, RpcParams>({
    timeout: (id) =>
      new McpProtocolError(RPC_ERROR.requestTimeout, `Request timed out: ${this.methodOf(id)}`),
    aborted: () => new Error('Connection closed'),
  });

  constructor(private readonly send: (message: Record<string, unknown>) => Promise<void>) {}

  /** Sends `method` to the client and waits up to `timeoutMs` for its answer. */
  async request(method: string, params: RpcParams, timeoutMs: number): Promise<RpcParams> {
    const id = `locus-${++this.nextId}`;
    this.methods.set(id, method);
    const answer = this.waiting.wait(id, { timeoutMs, unref: true });
    await this.send({ jsonrpc: '2.0', id, method, params });
    try {
      return await answer;
    } finally {
      this.methods.delete(id);
    }
  }

  /** A response or error response of the client settles the request with its id (others are ignored). */
  settle(message: RpcMessage): void {
    if (message.kind === 'response') this.waiting.resolve(message.id, message.result);
    else if (message.kind === 'error-response')
      this.waiting.reject(message.id, new McpProtocolError(message.error.code, message.error.message));
  }

  /** The connection closed: nothing will answer. */
  rejectAll(error: Error): void {
    this.waiting.rejectAll(error);
  }

  private methodOf(id: RpcId): string {
    return this.methods.get(id) ?? String(id);
  }
}
