/**
 * JSON-RPC over a server's stdio (vscode-jsonrpc), with the client side of the server→client protocol.
 *
 * Server requests get the answers the spike found to work everywhere: `workspace/configuration` → the configured
 * settings per section (else null), `window/workDoneProgress/create` and `client/(un)registerCapability` → null,
 * `workspace/applyEdit` → not applied (Locus applies edits itself, only on request), anything else → null.
 * `$/progress` never reaches star notification handlers in vscode-jsonrpc; it is read via `onUnhandledProgress`.
 * Requests carry a timeout; on expiry `$/cancelRequest` is sent (through the cancellation token) and the caller gets
 * TIMEOUT at once, while the server gets a grace period to acknowledge the cancel before it is declared hung.
 */
import type { Readable, Writable } from 'node:stream';
import {
  CancellationTokenSource,
  createMessageConnection,
  ResponseError,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
  type NotificationType,
  type RequestType,
} from 'vscode-jsonrpc/node';
import {
  ApplyWorkspaceEditRequest,
  type WorkspaceEdit,
  ConfigurationRequest,
  ExitNotification,
  LogMessageNotification,
  PublishDiagnosticsNotification,
  RegistrationRequest,
  ShowMessageNotification,
  ShutdownRequest,
  UnregistrationRequest,
  WorkDoneProgressCreateRequest,
  WorkspaceFoldersRequest,
  type Diagnostic,
  type ProgressToken,
  type WorkspaceFolder,
} from 'vscode-languageserver-protocol';
import { cancelledError, throwIfCancelled } from '../core/call.js';
import { LocusError } from '../core/index.js';
import { waitFor, type WaitOutcome } from '../core/wait-for.js';
import { garbled, isPipeError, responseError, timeoutError } from './connection-errors.js';
import type { RequestMeter } from './request-meter.js';
import { lookupSection } from './settings.js';

/** What the connection reports upwards. */
export interface ConnectionListener {
  /** A `$/progress` notification (any token). */
  progress(token: ProgressToken, value: unknown): void;
  /** A `window/logMessage` or `window/showMessage`. */
  log(type: number, message: string): void;
  /** A `textDocument/publishDiagnostics` for a URI (with the document version it is for, when the server says). */
  diagnostics(uri: string, diagnostics: Diagnostic[], version?: number): void;
  /** clangd's `textDocument/clangd.fileStatus` (asked for with `clangdFileStatus`): `idle` once a file is built. */
  fileStatus?(uri: string, state: string): void;
  /** Any other notification (a server's own status, such as rust-analyzer's `experimental/serverStatus`). */
  notification(method: string, params: unknown): void;
  /** A request that did not acknowledge its cancellation within the grace period: the server is hung. */
  unresponsive(method: string): void;
  /**
   * The stream broke: stdout closed or unwritable (`garbage` undefined), or unreadable output (`garbage` set).
   * `writeFailed`: a write found the server's stdin closed (EPIPE), so the server was gone before it.
   */
  broken(garbage: LocusError | undefined, writeFailed?: boolean): void;
}

/** A result with the raw round-trip time. */
export interface Timed<R> {
  result: R;
  ms: number;
}

/** Options of one connection. */
export interface ConnectionOptions {
  /** Server name for messages. */
  name: string;
  /** Answers to `workspace/configuration`, by dotted section. */
  settings: unknown;
  /** Answer to `workspace/workspaceFolders`. */
  folders: WorkspaceFolder[];
  /** How long a cancelled request may stay unanswered before the server counts as hung. */
  cancelGraceMs: number;
  /** Told when each request goes out and when it ends (answered, failed, timed out or cancelled). */
  meter?: RequestMeter;
}

/** The JSON-RPC connection to one server. */
export class LspConnection {
  private readonly conn: MessageConnection;
  /** Cancelled requests still within their grace period. */
  private readonly cancelled = new Set<Promise<void>>();
  private readonly options: ConnectionOptions;
  private failure: LocusError | undefined;
  private rejectFailed!: (error: LocusError) => void;
  private readonly failed: Promise<never>;
  private closing = false;
  /** Receives each `workspace/applyEdit` while a command runs (command-based code actions); never applied. */
  applyEditCapture: ((edit: WorkspaceEdit) => void) | undefined;
  private listener: ConnectionListener | undefined;

  constructor(input: Readable, output: Writable, options: ConnectionOptions, listener: ConnectionListener) {
    this.options = options;
    this.failed = new Promise<never>((_, reject) => (this.rejectFailed = reject));
    this.failed.catch(() => undefined);
    this.conn = createMessageConnection(new StreamMessageReader(input), new StreamMessageWriter(output));
    this.wire(listener);
    this.conn.listen();
  }

  /** The error that ended this connection, if any. */
  get failedWith(): LocusError | undefined {
    return this.failure;
  }

  /** Marks the connection dead; every pending and later request rejects with this error. */
  fail(error: LocusError): void {
    if (this.failure !== undefined) return;
    this.failure = error;
    this.rejectFailed(error);
    this.conn.dispose();
  }

  /** Sends a typed request with a timeout; see the module doc for cancellation. */
  async request<P, R>(
    type: RequestType<P, R, unknown>,
    params: P,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<Timed<R>> {
    return this.send(
      type.method,
      (token) => this.conn.sendRequest(type, params as never, token),
      timeoutMs,
      signal,
    );
  }

  /** Sends an untyped request (`rawRequest` for benchmarks and server-specific methods). */
  async requestRaw(method: string, params: object, timeoutMs: number): Promise<Timed<unknown>> {
    return this.send(method, (token) => this.conn.sendRequest(method, params, token), timeoutMs);
  }

  /** Sends a typed notification; a dead connection ignores it. */
  async notify<P>(type: NotificationType<P>, params: P): Promise<void> {
    if (this.failure !== undefined) return;
    await this.conn.sendNotification(type, params as never).catch(() => undefined);
  }

  /** The protocol half of the shutdown ladder: `shutdown` (no params: pylsp rejects `[null]`), then `exit`. */
  async shutdown(timeoutMs: number): Promise<void> {
    this.closing = true;
    if (this.failure !== undefined) return;
    try {
      await this.send('shutdown', (token) => this.conn.sendRequest(ShutdownRequest.type, token), timeoutMs);
      await this.conn.sendNotification(ExitNotification.type).catch(() => undefined);
    } catch {
      // a server that does not answer shutdown goes on down the ladder
    }
  }

  /** Releases the connection without failing it (after the process is gone). */
  dispose(): void {
    this.closing = true;
    this.conn.dispose();
  }

  private async send<R>(
    method: string,
    start: (token: CancellationTokenSource['token']) => Promise<R>,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<Timed<R>> {
    if (this.failure !== undefined) throw this.failure;
    throwIfCancelled(signal);
    const source = new CancellationTokenSource();
    const began = performance.now();
    const ended = this.options.meter?.begin();
    const pending = start(source.token);
    pending.catch(() => undefined);
    let outcome: WaitOutcome<R>;
    try {
      outcome = await waitFor(Promise.race([pending, this.failed]), timeoutMs, { signal });
    } catch (error) {
      throw this.translate(method, error);
    } finally {
      ended?.();
    }
    if (outcome.done) return { result: outcome.value, ms: performance.now() - began };
    // Timeout and caller's cancel end the same way: `$/cancelRequest` goes out, the caller is answered at once,
    // and the server gets the grace period to acknowledge.
    source.cancel();
    this.watchCancelled(method, pending);
    throw outcome.reason === 'aborted'
      ? cancelledError()
      : timeoutError(this.options.name, method, timeoutMs);
  }

  private watchCancelled(method: string, pending: Promise<unknown>): void {
    const settled = waitFor(pending, this.options.cancelGraceMs, { unref: true }).then(
      (outcome) => {
        if (!outcome.done) this.listener?.unresponsive(method);
      },
      () => undefined,
    );
    this.cancelled.add(settled);
    void settled.then(() => this.cancelled.delete(settled));
  }

  /**
   * Resolves once every cancelled request was acknowledged or its grace ran out (the server is then
   * declared hung). A call waits for this, so it never queues behind a server that is stuck.
   */
  async cancelsSettled(): Promise<void> {
    await Promise.all([...this.cancelled]);
  }

  private translate(method: string, error: unknown): unknown {
    if (error instanceof LocusError) return error;
    if (this.failure !== undefined) return this.failure;
    // The request could not be written (the server is gone): say so now, whichever of this rejection and the
    // stream's error event comes first, so the caller can tell that nothing reached the server.
    if (error instanceof Error && isPipeError(error)) this.listener?.broken(undefined, true);
    if (error instanceof ResponseError) return responseError(this.options.name, method, error);
    return new LocusError('SERVER_FAILED', `${this.options.name}: ${method} failed: ${String(error)}`, {
      cause: error,
      details: { kind: 'request-error', method },
    });
  }

  private wire(listener: ConnectionListener): void {
    this.listener = listener;
    const conn = this.conn;
    conn.onRequest(ConfigurationRequest.type, (params) =>
      params.items.map((item) => lookupSection(this.options.settings, item.section)),
    );
    conn.onRequest(WorkDoneProgressCreateRequest.type, () => undefined);
    conn.onRequest(RegistrationRequest.type, () => undefined);
    conn.onRequest(UnregistrationRequest.type, () => undefined);
    conn.onRequest(WorkspaceFoldersRequest.type, () => this.options.folders);
    conn.onRequest(ApplyWorkspaceEditRequest.type, (params) => {
      this.applyEditCapture?.(params.edit);
      return {
        applied: false,
        failureReason: 'Locus applies edits itself, only when asked',
      };
    });
    conn.onRequest(() => null);
    conn.onUnhandledProgress((params) => listener.progress(params.token, params.value));
    conn.onNotification(LogMessageNotification.type, (params) => listener.log(params.type, params.message));
    conn.onNotification(ShowMessageNotification.type, (params) => listener.log(params.type, params.message));
    conn.onNotification(PublishDiagnosticsNotification.type, (params) =>
      listener.diagnostics(params.uri, params.diagnostics, params.version),
    );
    conn.onNotification('textDocument/clangd.fileStatus', (params: { uri?: unknown; state?: unknown }) => {
      if (typeof params?.uri === 'string' && typeof params.state === 'string')
        listener.fileStatus?.(params.uri, params.state);
    });
    conn.onNotification((method, params) => listener.notification(method, params));
    conn.onError(([error, message]) => {
      if (this.closing) return;
      if (isPipeError(error)) listener.broken(undefined, true);
      else listener.broken(message === undefined ? garbled(this.options.name, error.message) : undefined);
    });
    conn.onClose(() => {
      if (!this.closing) listener.broken(undefined);
    });
  }
}
