/**
 * One running language server: spawn, `initialize` handshake with encoding negotiation, readiness tracking,
 * document store, and death detection (exit, closed or garbled stdout, hung after a cancelled request).
 * A dead instance is never reused; the supervisor starts a fresh one on the next call.
 */
import {
  DidChangeConfigurationNotification,
  InitializedNotification,
  InitializeRequest,
  SetTraceNotification,
  type ServerCapabilities,
} from 'vscode-languageserver-protocol';
import type { ProgressEvent } from '../core/call.js';
import { LocusError, type PositionEncoding } from '../core/index.js';
import { waitFor } from '../core/wait-for.js';
import { closed, garbled, oversized } from './connection-errors.js';
import { LspConnection } from './connection.js';
import { DiagnosticsStore } from './diagnostics.js';
import { DocumentStore } from './documents.js';
import { ServerProgress } from './events.js';
import { PositionMapper } from './encoding.js';
import { guardFraming } from './framing-guard.js';
import { crashed, hung } from './instance-errors.js';
import type { FileLanguages } from '../workspace/file-language.js';
import { Readiness } from './readiness.js';
import type { RequestMeter } from './request-meter.js';
import type { ServerProcess } from './server-process.js';
import {
  initializeParams,
  negotiatedEncoding,
  spawnServer,
  workspaceFolder,
  type LaunchSpec,
} from './server-launch.js';

/** Everything needed to start one server. */
export interface InstanceSpec extends LaunchSpec {
  settings: unknown;
  requestTimeoutMs: number;
  initializeTimeoutMs: number;
  readyTimeoutMs: number;
  /** The language of each file (the LspManager's: the operations' decisions included). */
  languages: FileLanguages;
  /** Counts this server's requests with its manager's others (for the bench). */
  meter?: RequestMeter;
}

/** Told once when an instance dies on its own (not when stopped). */
export type DeathListener = (instance: ServerInstance, error: LocusError) => void;

/** Told about the server's project loading (`$/progress`) and when it becomes ready. */
export type InstanceProgress = (event: ProgressEvent) => void;

/** A started, initialized server. */
export class ServerInstance {
  readonly spec: InstanceSpec;
  readonly process: ServerProcess;
  readonly connection: LspConnection;
  readonly readiness: Readiness;
  readonly documents: DocumentStore;
  /** Latest published diagnostics per document (for code actions). */
  readonly diagnostics = new DiagnosticsStore();
  /** Server capabilities from `initialize`. */
  capabilities: ServerCapabilities = {};
  /** Negotiated position encoding. */
  encoding: PositionEncoding = 'utf-16';
  /** UTF-16 ⇄ server position conversion. */
  mapper: PositionMapper;
  private synced = false;
  /** Milliseconds from spawn to the `initialize` response. */
  initializeMs = 0;
  private death: LocusError | undefined;
  private stopping = false;
  /** True when a write found the server already gone (EPIPE): nothing sent since reached it. */
  unreachable = false;
  private readonly onDeath: DeathListener;
  private readonly onProgress: InstanceProgress;

  private constructor(
    spec: InstanceSpec,
    proc: ServerProcess,
    onDeath: DeathListener,
    onProgress: InstanceProgress,
  ) {
    this.spec = spec;
    this.process = proc;
    this.onDeath = onDeath;
    this.onProgress = onProgress;
    this.readiness = new Readiness(spec.adapter.readiness, spec.readyTimeoutMs);
    const name = spec.adapter.name;
    const loading = new ServerProgress(name, onProgress);
    this.connection = new LspConnection(
      proc.child.stdout,
      proc.child.stdin,
      {
        name,
        settings: spec.settings,
        folders: [workspaceFolder(spec.root)],
        cancelGraceMs: 2000,
        ...(spec.meter ? { meter: spec.meter } : {}),
      },
      {
        progress: (token, value) => {
          trace(name, '$/progress', token, JSON.stringify(value));
          loading.progress(token, value);
          this.watchReady(() => this.readiness.progress(token, value));
        },
        log: (_type, message) => {
          trace(name, 'log', message.slice(0, 300));
          this.watchReady(() => this.readiness.log(message), message);
        },
        diagnostics: (uri, diagnostics, version) => {
          trace(name, 'diagnostics', uri, version, diagnostics.length);
          this.diagnostics.arrived(uri, diagnostics, version);
          this.watchReady(() => this.readiness.diagnostics());
          // A set published while the server still builds the file may be provisional (clangd): wait for idle.
          if (!this.diagnostics.isBusy(uri)) this.documents.diagnosticsArrived(uri, version);
        },
        fileStatus: (uri, state) => {
          trace(name, 'status', uri, state);
          // `idle`: the file's builds are done; its last set is final, and the file is processed.
          this.diagnostics.status(uri, state === 'idle');
          // Idle says no version: it counts for the version of the last set (a set for the change still due is not).
          if (state === 'idle')
            this.documents.diagnosticsArrived(uri, this.diagnostics.publishedVersion(uri));
        },
        notification: (method, params) => {
          trace(name, method, JSON.stringify(params)?.slice(0, 300));
          this.watchReady(() => this.readiness.notification(method, params), method);
        },
        unresponsive: (method) => this.die(hung(name, method)),
        broken: (garbage, writeFailed) => {
          if (writeFailed === true) this.unreachable = true;
          void this.broken(garbage);
        },
      },
    );
    this.documents = new DocumentStore(
      this.connection,
      (path) => spec.adapter.languageId(path, spec.languages),
      spec.adapter.opensChangedFiles === true && spec.adapter.settlesChangesAtOnce !== true,
    );
    this.mapper = new PositionMapper('utf-16', (uri) => this.documents.linesOf(uri));
    guardFraming(
      proc.child.stdout,
      (sample) => this.die(garbled(name, JSON.stringify(sample))),
      (declared) => this.die(oversized(name, declared)),
    );
    void proc.exited.then((exit) => {
      if (!this.stopping) this.die(crashed(name, exit.code, exit.signal, proc.stderrTail()));
    });
  }

  /** Spawns and initializes a server; throws SERVER_NOT_INSTALLED, SERVER_FAILED or TIMEOUT. */
  static async start(
    spec: InstanceSpec,
    onDeath: DeathListener,
    onProgress: InstanceProgress = () => undefined,
  ): Promise<ServerInstance> {
    const began = performance.now();
    const proc = await spawnServer(spec);
    const instance = new ServerInstance(spec, proc, onDeath, onProgress);
    try {
      await instance.initialize();
    } catch (error) {
      instance.stopping = true;
      await proc.kill();
      throw instance.death ?? error;
    }
    instance.initializeMs = performance.now() - began;
    instance.readiness.restartBound();
    return instance;
  }

  /** Syncs a document; the first one restarts the readiness bound (clangd starts indexing only on a didOpen). */
  async sync(absPath: string, text: string, behind = false): Promise<string> {
    const uri = await this.documents.sync(absPath, text, behind);
    this.diagnostics.noteSync(uri, text, this.documents.versionOf(uri));
    if (!this.synced) {
      this.synced = true;
      this.readiness.restartBound();
    }
    return uri;
  }

  /**
   * Waits for readiness until `deadline`. A server that reports its progress only when a message wakes it (ccls sends
   * the end of its `indexing` at its next message) is sent a harmless `$/setTrace` now and then meanwhile.
   */
  async waitReady(deadline: number): Promise<void> {
    const every = this.spec.adapter.wakeWhileLoadingMs;
    if (every === undefined) return this.readiness.wait(deadline);
    while (!this.readiness.ready && performance.now() < deadline && this.alive) {
      await this.readiness.wait(Math.min(deadline, performance.now() + every));
      if (!this.readiness.ready) await this.connection.notify(SetTraceNotification.type, { value: 'off' });
    }
  }

  /** `performance.now()` time after which requests stop waiting for readiness (see `Readiness.restartBound`). */
  get readyDeadline(): number {
    return this.readiness.deadline;
  }

  /** Runs a readiness update and reports the moment the server becomes ready. */
  private watchReady(update: () => void, signal?: string): void {
    const before = this.readiness.ready;
    update();
    if (!before && this.readiness.ready) this.reportReady(signal);
  }

  /** Emits `server-ready` (also called once after `initialize` for servers ready at once). */
  reportReady(signal?: string): void {
    const ms = this.readiness.readyAfterMs;
    const after = ms === undefined ? '' : ` after ${(ms / 1000).toFixed(1)} s`;
    const why = signal === undefined ? '' : ` (${signal.split('\n')[0]?.trim().slice(0, 60)})`;
    this.onProgress({ kind: 'server-ready', source: this.name, message: `${this.name} ready${after}${why}` });
  }

  /** The error that killed this instance, if it is dead. */
  get deadWith(): LocusError | undefined {
    return this.death;
  }

  /** Resolves when the server process has exited, or after `ms`. */
  async ended(ms: number): Promise<void> {
    await waitFor(this.process.exited, ms);
  }

  /** True while the server can take requests. */
  get alive(): boolean {
    return this.death === undefined && !this.stopping && this.process.running;
  }

  /** Human name of the server. */
  get name(): string {
    return this.spec.adapter.name;
  }

  /** The full shutdown ladder: `shutdown`/`exit`, wait, close stdin, SIGTERM, SIGKILL, group kill, temp dir. */
  async stop(): Promise<void> {
    if (this.stopping) return this.process.stop();
    this.stopping = true;
    this.readiness.release();
    if (this.death === undefined) await this.connection.shutdown(Math.min(this.spec.requestTimeoutMs, 2000));
    await this.process.stop(1000);
    this.connection.dispose();
  }

  private async initialize(): Promise<void> {
    const { adapter } = this.spec;
    const { result } = await this.connection.request(
      InitializeRequest.type,
      initializeParams(this.spec),
      this.spec.initializeTimeoutMs,
    );
    this.capabilities = result.capabilities;
    this.encoding = adapter.actualEncoding ?? negotiatedEncoding(result);
    this.mapper = new PositionMapper(this.encoding, (uri) => this.documents.linesOf(uri));
    await this.connection.notify(InitializedNotification.type, {});
    if (this.spec.settings !== undefined) {
      await this.connection.notify(DidChangeConfigurationNotification.type, { settings: this.spec.settings });
    }
  }

  /** Garbage fails at once; a closed stream waits briefly for the exit so the error can say how it ended. */
  private async broken(garbage: LocusError | undefined): Promise<void> {
    if (garbage !== undefined) return this.die(garbage);
    const ended = await waitFor(this.process.exited, 1000);
    const exit = ended.done ? ended.value : undefined;
    const name = this.spec.adapter.name;
    if (!this.stopping)
      this.die(exit ? crashed(name, exit.code, exit.signal, this.process.stderrTail()) : closed(name));
  }

  private die(error: LocusError): void {
    if (this.death !== undefined || this.stopping) return;
    this.death = error;
    this.connection.fail(error);
    this.readiness.release();
    void this.process.kill();
    this.onDeath(this, error);
  }
}

/** `LOCUS_LSP_TRACE=1` writes server progress and log messages to stderr (never stdout, which MCP owns). */
function trace(name: string, ...parts: unknown[]): void {
  if (process.env.LOCUS_LSP_TRACE) console.error(`[locus lsp] ${name}:`, ...parts);
}
