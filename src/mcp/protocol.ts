/**
 * The MCP protocol as Locus serves it (docs/mcp.md, "Protocol"): JSON-RPC 2.0 over a transport, the lifecycle
 * (src/mcp/lifecycle.ts: `initialize` once, nothing but `ping` before it, closing at the end of the input),
 * `ping`, `logging/setLevel`, batches in protocol version 2025-03-26, cancellation (`notifications/cancelled`
 * aborts the request's signal and its answer is not sent), backpressure (src/mcp/flow.ts) and requests to the
 * client (`roots/list`). Every incoming value gets an answer unless it is a notification or a response: a
 * malformed one its coded JSON-RPC error. The tools are handlers registered on it (src/mcp/tools/index.ts).
 *
 * Why not the SDK's server: importing it builds a few hundred zod schemas of the whole protocol and an Ajv
 * instance, about half of the MCP server's start (docs/performance.md, "Cold start"). The SDK's transports
 * and its client work with this class unchanged (same `Transport` interface); the tests drive it with them.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import {
  classifyMessage,
  errorResponse,
  RPC_ERROR,
  type RpcId,
  type RpcMessage,
  type RpcParams,
} from '../core/json-rpc.js';
import { waitFor } from '../core/wait-for.js';
import { ClientRequests } from './client-requests.js';
import { CallSlots, type Pausable } from './flow.js';
import { batchesAllowed, decide, type SessionState } from './lifecycle.js';
import { LOG_LEVELS, logLevelRank, negotiateVersion, type LogLevel } from './negotiation.js';
import { McpProtocolError } from './protocol-error.js';

export { McpProtocolError } from './protocol-error.js';

/** Requests answered at once, without a run slot: they never wait behind tool calls. */
const CHEAP = new Set(['ping', 'initialize', 'logging/setLevel', 'tools/list']);
/** After the input ended, how long running calls may still finish and be answered before they are aborted. */
export const CLOSE_GRACE_MS = 10_000;

type Params = RpcParams;
type Reply = Record<string, unknown>;

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

/** A transport with the stdio extras: pausing input, and hearing the end of the input before the close. */
type SessionTransport = Transport & Pausable & { onend?: () => void };

/** The server side of one MCP connection. */
export class McpSession {
  /** Called once the client confirmed the handshake (`notifications/initialized`). */
  oninitialized?: () => void;
  /** Called when the connection closed. */
  onclose?: () => void;
  private transport: SessionTransport | undefined;
  private state: SessionState = 'uninitialized';
  private version: string | undefined;
  private clientCapabilities: Params | undefined;
  private logLevel: number | undefined;
  private readonly requests = new Map<string, RequestHandler>();
  private readonly notifications = new Map<string, NotificationHandler>();
  private readonly inFlight = new Map<RpcId, AbortController>();
  private readonly outgoing = new ClientRequests((message) => this.send(message));
  private readonly slots = new CallSlots(() => this.transport);
  /** Every message still being handled (its answer not yet written). */
  private readonly open = new Set<Promise<void>>();

  constructor(
    private readonly serverInfo: { name: string; title?: string; version: string },
    private readonly options: { capabilities: Params; instructions?: string },
  ) {
    this.setRequestHandler('initialize', (params) => this.initialize(params));
    this.setRequestHandler('ping', () => ({}));
    this.setRequestHandler('logging/setLevel', (params) => this.setLogLevel(params));
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
    const session = transport as SessionTransport;
    this.transport = session;
    session.onmessage = (message) => this.track(this.receive(message));
    session.onclose = () => this.closed();
    session.onerror = () => undefined;
    session.onend = () => void this.inputEnded();
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
  async sendLoggingMessage(params: { level: LogLevel; logger?: string; data: unknown }) {
    if (this.logLevel !== undefined && LOG_LEVELS.indexOf(params.level) < this.logLevel) return;
    await this.notify('notifications/message', params);
  }

  /** Asks the client for its roots (`roots/list`). */
  listRoots(_params: undefined, options: { timeout: number }): Promise<{ roots: { uri: string }[] }> {
    return this.outgoing.request('roots/list', {}, options.timeout) as Promise<{ roots: { uri: string }[] }>;
  }

  /** One incoming value: a message, or a batch of them (JSON-RPC 2.0, "Batch"). */
  async receive(value: unknown): Promise<void> {
    if (!Array.isArray(value)) {
      const reply = await this.handle(classifyMessage(value));
      if (reply !== undefined) await this.send(reply);
      return;
    }
    if (value.length === 0 || !batchesAllowed(this.state, this.version)) {
      const why =
        value.length === 0
          ? 'Invalid request: an empty batch.'
          : `Invalid request: batches are accepted only in protocol version 2025-03-26, after initialize (this session: ${this.version ?? 'not initialized'}).`;
      await this.send(errorResponse(null, { code: RPC_ERROR.invalidRequest, message: why }));
      return;
    }
    const replies = await Promise.all(value.map((element) => this.handle(classifyMessage(element), true)));
    const answered = replies.filter((reply): reply is Reply => reply !== undefined);
    if (answered.length > 0) await this.send(answered);
  }

  /** The reply to one message (undefined: none is due). */
  private async handle(message: RpcMessage, inBatch = false): Promise<Reply | undefined> {
    if (message.kind === 'invalid') return errorResponse(message.id, message.error);
    if (inBatch && message.kind === 'request' && message.method === 'initialize')
      return refusal(message.id, 'Invalid request: `initialize` must not be part of a batch.');
    const decision = decide(this.state, message);
    this.state = decision.next;
    switch (decision.action) {
      case 'refuse':
        return message.kind === 'request' ? errorResponse(message.id, decision.error) : undefined;
      case 'settle':
        this.outgoing.settle(message);
        return undefined;
      case 'ignore':
        return undefined;
      case 'initialized':
        this.oninitialized?.();
        return undefined;
      default:
        if (message.kind === 'request') return this.answer(message.id, message.method, message.params);
        if (message.kind === 'notification') this.runNotification(message.method, message.params);
        return undefined;
    }
  }

  private initialize(params: Params): Params {
    const capabilities = params.capabilities;
    this.clientCapabilities =
      typeof capabilities === 'object' && capabilities !== null ? (capabilities as Params) : {};
    const version = negotiateVersion(params.protocolVersion);
    this.version = version;
    return {
      protocolVersion: version,
      capabilities: this.options.capabilities,
      serverInfo: this.serverInfo,
      ...(this.options.instructions === undefined ? {} : { instructions: this.options.instructions }),
    };
  }

  private setLogLevel(params: Params): Params {
    this.logLevel = logLevelRank(params);
    return {};
  }

  private notify(method: string, params: Params): Promise<void> {
    return this.send({ jsonrpc: '2.0', method, params });
  }

  private send(message: Reply | Reply[]): Promise<void> {
    if (this.transport === undefined) return Promise.resolve();
    return this.transport.send(message as unknown as JSONRPCMessage).catch(() => undefined);
  }

  private runNotification(method: string, params: Params): void {
    void Promise.resolve()
      .then(() => this.notifications.get(method)?.(params))
      .catch(() => undefined);
  }

  private async answer(id: RpcId, method: string, params: Params): Promise<Reply | undefined> {
    const handler = this.requests.get(method);
    if (handler === undefined)
      return errorResponse(id, { code: RPC_ERROR.methodNotFound, message: 'Method not found' });
    if (this.inFlight.has(id))
      return refusal(
        id,
        `Invalid request: id ${JSON.stringify(id)} is already in use by a request in flight.`,
      );
    const controller = new AbortController();
    const run = this.run(id, method, handler, params, controller);
    this.inFlight.set(id, controller);
    let reply: Reply;
    try {
      reply = await run;
    } finally {
      this.inFlight.delete(id);
    }
    // A cancelled request gets no answer: the client has stopped listening for it (MCP, "Cancellation").
    return controller.signal.aborted ? undefined : reply;
  }

  private async run(
    id: RpcId,
    method: string,
    handler: RequestHandler,
    params: Params,
    controller: AbortController,
  ): Promise<Reply> {
    const release = CHEAP.has(method) ? undefined : await this.slots.acquire();
    const meta = params._meta as RequestContext['meta'];
    const context: RequestContext = {
      signal: controller.signal,
      ...(meta === undefined ? {} : { meta }),
      notify: (m, p) => this.notify(m, p),
    };
    try {
      return { jsonrpc: '2.0', id, result: await handler(params, context) };
    } catch (error) {
      const code = error instanceof McpProtocolError ? error.code : RPC_ERROR.internalError;
      return errorResponse(id, { code, message: error instanceof Error ? error.message : String(error) });
    } finally {
      release?.();
    }
  }

  private track(work: Promise<void>): void {
    this.open.add(work);
    void work.finally(() => this.open.delete(work));
  }

  /** The input ended: nothing new starts; the calls still open are answered while they keep finishing. */
  private async inputEnded(): Promise<void> {
    this.state = 'closing';
    await this.finishOpenCalls(this.open.size);
    await this.close();
  }

  /**
   * Waits `CLOSE_GRACE_MS` for every open call, again as long as some finished in that time: a long queue on a busy
   * machine is answered whole, and only calls that stop making progress are aborted (docs/mcp.md).
   */
  private async finishOpenCalls(open: number): Promise<void> {
    if (open === 0) return;
    const outcome = await waitFor(Promise.allSettled([...this.open]), CLOSE_GRACE_MS, { unref: true });
    if (!outcome.done && this.open.size < open) await this.finishOpenCalls(this.open.size);
  }

  private closed(): void {
    this.transport = undefined;
    this.state = 'closing';
    for (const controller of this.inFlight.values()) controller.abort(new Error('Connection closed'));
    this.outgoing.rejectAll(new Error('Connection closed'));
    this.onclose?.();
  }
}

function refusal(id: RpcId, message: string): Reply {
  return errorResponse(id, { code: RPC_ERROR.invalidRequest, message });
}
