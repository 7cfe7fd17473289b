/**
 * The MCP protocol as Locus serves it (docs/mcp.md, "Protocol"): JSON-RPC 2.0 over a transport, the
 * `initialize` handshake, `ping`, `logging/setLevel`, cancellation (`notifications/cancelled` aborts the
 * request's signal and its answer is not sent), and requests to the client (`roots/list`). The tools are
 * handlers registered on it (src/mcp/tools/index.ts).
 *
 * Why not the SDK's server: importing it builds a few hundred zod schemas of the whole protocol and an Ajv
 * instance, about half of the MCP server's start (docs/performance.md, "Cold start"). The SDK's transports
 * and its client work with this class unchanged (same `Transport` interface); the tests drive it with them.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { waitFor } from '../core/wait-for.js';

const LATEST_PROTOCOL_VERSION = '2025-11-25';
const SUPPORTED_PROTOCOL_VERSIONS = [
  LATEST_PROTOCOL_VERSION,
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
  '2024-10-07',
];
const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

/** JSON-RPC error codes used here. */
export const RPC = {
  invalidParams: -32602,
  methodNotFound: -32601,
  internal: -32603,
  timeout: -32001,
} as const;

/** A protocol error: becomes the JSON-RPC error of the request. */
export class McpProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(`MCP error ${code}: ${message}`);
    this.name = 'McpProtocolError';
  }
}

type Id = string | number;
type Params = Record<string, unknown>;

/** What a request handler gets besides the params. */
export interface RequestContext {
  /** Aborted by the client's `notifications/cancelled` or a closed connection. */
  signal: AbortSignal;
  /** The request's `_meta` (where a `progressToken` comes). */
  meta?: { progressToken?: string | number };
  /** Sends a notification to the client (dropped once the connection is closed). */
  notify(method: string, params: Params): Promise<void>;
}

type RequestHandler = (params: Params, context: RequestContext) => unknown;
type NotificationHandler = (params: Params) => void | Promise<void>;

/** The server side of one MCP connection. */
export class McpSession {
  /** Called once the client confirmed the handshake (`notifications/initialized`). */
  oninitialized?: () => void;
  /** Called when the connection closed. */
  onclose?: () => void;
  private transport: Transport | undefined;
  private clientCapabilities: Params | undefined;
  private logLevel: number | undefined;
  private nextId = 0;
  private readonly requests = new Map<string, RequestHandler>();
  private readonly notifications = new Map<string, NotificationHandler>();
  private readonly inFlight = new Map<Id, AbortController>();
  private readonly pending = new Map<Id, { resolve(value: Params): void; reject(error: Error): void }>();

  constructor(
    private readonly serverInfo: { name: string; title?: string; version: string },
    private readonly options: { capabilities: Params; instructions?: string },
  ) {
    this.setRequestHandler('initialize', (params) => this.initialize(params));
    this.setRequestHandler('ping', () => ({}));
    this.setRequestHandler('logging/setLevel', (params) => this.setLogLevel(params));
    this.setNotificationHandler('notifications/initialized', () => this.oninitialized?.());
    this.setNotificationHandler('notifications/cancelled', (params) => {
      const id = params.requestId;
      if (typeof id === 'string' || typeof id === 'number') this.inFlight.get(id)?.abort(params.reason);
    });
  }

  /** Answers `method` requests with what the handler returns or resolves to (replacing an earlier handler). */
  setRequestHandler(method: string, handler: RequestHandler): void {
    this.requests.set(method, handler);
  }

  /** Handles `method` notifications (replacing an earlier handler). */
  setNotificationHandler(method: string, handler: NotificationHandler): void {
    this.notifications.set(method, handler);
  }

  /** Takes over the transport and starts it. */
  async connect(transport: Transport): Promise<void> {
    this.transport = transport;
    transport.onmessage = (message) => this.receive(message as unknown as Params);
    transport.onclose = () => this.closed();
    transport.onerror = () => undefined;
    await transport.start();
  }

  isConnected(): boolean {
    return this.transport !== undefined;
  }

  async close(): Promise<void> {
    await this.transport?.close();
  }

  /** The capabilities the client declared in `initialize`. */
  getClientCapabilities(): Params | undefined {
    return this.clientCapabilities;
  }

  /** Sends `notifications/message` unless it is below the level the client set. */
  async sendLoggingMessage(params: { level: (typeof LOG_LEVELS)[number]; logger?: string; data: unknown }) {
    if (this.logLevel !== undefined && LOG_LEVELS.indexOf(params.level) < this.logLevel) return;
    await this.notify('notifications/message', params);
  }

  /** Asks the client for its roots (`roots/list`). */
  listRoots(_params: undefined, options: { timeout: number }): Promise<{ roots: { uri: string }[] }> {
    return this.request('roots/list', {}, options.timeout) as Promise<{ roots: { uri: string }[] }>;
  }

  private initialize(params: Params): Params {
    const capabilities = params.capabilities;
    this.clientCapabilities =
      typeof capabilities === 'object' && capabilities !== null ? (capabilities as Params) : {};
    const requested = params.protocolVersion;
    const version =
      typeof requested === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(requested)
        ? requested
        : LATEST_PROTOCOL_VERSION;
    return {
      protocolVersion: version,
      capabilities: this.options.capabilities,
      serverInfo: this.serverInfo,
      ...(this.options.instructions === undefined ? {} : { instructions: this.options.instructions }),
    };
  }

  private setLogLevel(params: Params): Params {
    const level = LOG_LEVELS.indexOf(params.level as (typeof LOG_LEVELS)[number]);
    if (level < 0)
      throw new McpProtocolError(RPC.invalidParams, `Unknown log level ${String(params.level)}.`);
    this.logLevel = level;
    return {};
  }

  private notify(method: string, params: Params): Promise<void> {
    return this.send({ jsonrpc: '2.0', method, params });
  }

  private send(message: Params): Promise<void> {
    if (this.transport === undefined) return Promise.resolve();
    return this.transport.send(message as unknown as JSONRPCMessage).catch(() => undefined);
  }

  private async request(method: string, params: Params, timeoutMs: number): Promise<Params> {
    const id = `locus-${++this.nextId}`;
    const answer = new Promise<Params>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    await this.send({ jsonrpc: '2.0', id, method, params });
    const outcome = await waitFor(answer, timeoutMs, { unref: true });
    this.pending.delete(id);
    if (!outcome.done) throw new McpProtocolError(RPC.timeout, `Request timed out: ${method}`);
    return outcome.value;
  }

  private receive(message: Params): void {
    const id = message.id as Id | undefined;
    if (typeof message.method !== 'string') return this.settle(id, message);
    const params = (message.params ?? {}) as Params;
    if (id === undefined || id === null) {
      void Promise.resolve()
        .then(() => this.notifications.get(message.method as string)?.(params))
        .catch(() => undefined);
      return;
    }
    void this.answer(id, message.method, params);
  }

  private async answer(id: Id, method: string, params: Params): Promise<void> {
    const handler = this.requests.get(method);
    if (handler === undefined)
      return this.send({
        jsonrpc: '2.0',
        id,
        error: { code: RPC.methodNotFound, message: 'Method not found' },
      });
    const controller = new AbortController();
    this.inFlight.set(id, controller);
    const meta = params._meta as RequestContext['meta'];
    const context: RequestContext = {
      signal: controller.signal,
      ...(meta === undefined ? {} : { meta }),
      notify: (m, p) => this.notify(m, p),
    };
    let reply: Params;
    try {
      reply = { jsonrpc: '2.0', id, result: await handler(params, context) };
    } catch (error) {
      const code = error instanceof McpProtocolError ? error.code : RPC.internal;
      reply = {
        jsonrpc: '2.0',
        id,
        error: { code, message: error instanceof Error ? error.message : String(error) },
      };
    } finally {
      this.inFlight.delete(id);
    }
    // A cancelled request gets no answer: the client has stopped listening for it (MCP, "Cancellation").
    if (!controller.signal.aborted) await this.send(reply);
  }

  private settle(id: Id | undefined, message: Params): void {
    const waiter = id === undefined ? undefined : this.pending.get(id);
    if (waiter === undefined || id === undefined) return;
    this.pending.delete(id);
    const error = message.error as { message?: string; code?: number } | undefined;
    if (error !== undefined)
      waiter.reject(new McpProtocolError(error.code ?? RPC.internal, error.message ?? ''));
    else waiter.resolve((message.result ?? {}) as Params);
  }

  private closed(): void {
    this.transport = undefined;
    for (const controller of this.inFlight.values()) controller.abort(new Error('Connection closed'));
    for (const waiter of this.pending.values()) waiter.reject(new Error('Connection closed'));
    this.pending.clear();
    this.onclose?.();
  }
}
