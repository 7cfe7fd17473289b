/**
 * Lifecycle of one session's server: lazy start, restart after a failure (through RestartPolicy), idle shutdown
 * after the configured minutes without requests, and the final stop. Concurrent callers share one start.
 */
import { isLocusError, LocusError } from '../core/index.js';
import { delay as pause } from '../core/wait-for.js';
import { ProgressHub, type LspLogListener } from './events.js';
import { RestartPolicy } from './restart-policy.js';
import { ServerInstance, type InstanceSpec } from './server-instance.js';

/** Supervisor settings. */
export interface SupervisorOptions {
  idleTimeoutMs: number;
  maxRestarts: number;
  restartWindowMs: number;
  /** Server start, stop, restart and crash, for the process-wide log (MCP logging). */
  onLog?: LspLogListener;
}

/** Owns at most one live ServerInstance at a time. */
export class Supervisor {
  private instance: ServerInstance | undefined;
  private starting: Promise<ServerInstance> | undefined;
  private readonly policy: RestartPolicy;
  private idleTimer: NodeJS.Timeout | undefined;
  private inFlight = 0;
  private closed = false;
  /** How many servers this supervisor has started (restarts included). */
  starts = 0;
  /** Progress listeners of the calls waiting on this server. */
  readonly progress = new ProgressHub();

  constructor(
    private readonly makeSpec: () => InstanceSpec | Promise<InstanceSpec>,
    private readonly options: SupervisorOptions,
  ) {
    this.policy = new RestartPolicy(options.maxRestarts, options.restartWindowMs);
  }

  /** The live instance, if any (for diagnostics and tests). */
  get current(): ServerInstance | undefined {
    return this.instance?.alive ? this.instance : undefined;
  }

  /** A live instance, starting or restarting one when needed; pair every call with `release`. */
  async acquire(): Promise<ServerInstance> {
    this.inFlight++;
    this.clearIdle();
    try {
      if (this.instance?.alive) return this.instance;
      this.starting ??= this.start().finally(() => (this.starting = undefined));
      return await this.starting;
    } catch (error) {
      this.release();
      throw error;
    }
  }

  /** Ends one `acquire`; the idle timer runs while nothing is in flight. */
  release(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (this.inFlight === 0) this.armIdle();
  }

  /** Stops the server through the full shutdown ladder; later `acquire` calls start a new one. */
  async stop(): Promise<void> {
    this.clearIdle();
    const pending = this.starting;
    if (pending !== undefined) await pending.catch(() => undefined);
    const instance = this.instance;
    this.instance = undefined;
    if (instance === undefined) return;
    this.log('info', instance.name, `stopping ${instance.name}`);
    await instance.stop();
  }

  /** Stops for good (closeAll). */
  async close(): Promise<void> {
    this.closed = true;
    await this.stop();
  }

  private async start(): Promise<ServerInstance> {
    if (this.closed) throw sessionClosed('language server');
    const spec = await this.makeSpec();
    const delay = this.policy.delayBeforeStart(spec.adapter.name);
    if (delay > 0) await pause(delay);
    this.starts++;
    const name = spec.adapter.name;
    this.log(
      this.starts > 1 ? 'warning' : 'info',
      name,
      `${this.starts > 1 ? 'restarting' : 'starting'} ${name}`,
    );
    this.progress.emit({ kind: 'server-starting', source: name, message: `starting ${name}` });
    try {
      const instance = await ServerInstance.start(
        spec,
        (dead, error) => this.onDeath(dead, error),
        (event) => this.progress.emit(event),
      );
      if (this.closed) {
        await instance.stop();
        throw sessionClosed(name);
      }
      this.instance = instance;
      this.log('info', name, `${name} started (pid ${String(instance.process.pid)})`);
      if (instance.readiness.ready) instance.reportReady();
      return instance;
    } catch (error) {
      if (isLocusError(error) && error.details?.kind !== 'closed') {
        this.policy.recordFailure(error);
        this.log('error', name, `${name} failed to start: ${error.message}`);
      }
      throw error;
    }
  }

  private onDeath(instance: ServerInstance, error: LocusError): void {
    if (instance !== this.instance) return;
    this.log('error', instance.name, error.message);
    this.policy.recordFailure(error);
    this.instance = undefined;
  }

  /** Reports a log event to the process-wide listener. */
  log(level: 'info' | 'warning' | 'error', server: string, message: string): void {
    try {
      this.options.onLog?.({ level, server, message });
    } catch {
      // Logging is advisory.
    }
  }

  private armIdle(): void {
    this.clearIdle();
    if (this.options.idleTimeoutMs <= 0 || this.instance === undefined) return;
    this.idleTimer = setTimeout(() => {
      if (this.inFlight === 0) void this.stop();
    }, this.options.idleTimeoutMs);
    this.idleTimer.unref();
  }

  private clearIdle(): void {
    if (this.idleTimer !== undefined) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }
}

/** A call that arrives while Locus shuts the servers down (an expected state, not a bug). */
function sessionClosed(name: string): LocusError {
  return new LocusError('SERVER_FAILED', `${name}: Locus is shutting its language servers down.`, {
    hint: 'Start a new session (reconnect, or run the command again).',
    details: { kind: 'closed' },
  });
}
