/**
 * One spawned server process: its own process group, a private TMPDIR, a tail of its stderr, and the
 * process half of the shutdown ladder (wait → close stdin → SIGTERM → SIGKILL of the group).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor, waitUntil } from '../core/wait-for.js';
import { processRuns } from '../workspace/process-owner.js';
import { groupGone, registerGroup, signalGroup, unregisterGroup } from './process-registry.js';

/** What to run. */
export interface SpawnSpec {
  command: string;
  args: string[];
  cwd: string;
  /** Extra environment on top of Locus's own (TMPDIR is always set to the session's temp dir). */
  env: Record<string, string>;
  /** The session's private temp dir (created by the caller, removed by `stop`/`kill`). */
  tmpDir: string;
}

/** How the process ended. */
export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

const STDERR_TAIL_BYTES = 4096;

const TMP_PREFIX = 'locus-lsp-';
let swept = false;

/**
 * Creates a private temp dir for one server start (`$TMPDIR/locus-lsp-<our pid>-<label>-XXXXXX`). The first call
 * also removes such dirs left by Locus processes that no longer exist (a SIGKILLed Locus cannot clean up).
 */
export function makeSessionTmpDir(label: string): string {
  if (!swept) sweepStaleTmpDirs();
  return mkdtempSync(join(tmpdir(), `${TMP_PREFIX}${process.pid}-${label}-`));
}

/** Removes session temp dirs whose Locus process is gone. */
export function sweepStaleTmpDirs(): void {
  swept = true;
  let entries: string[];
  try {
    entries = readdirSync(tmpdir());
  } catch {
    return;
  }
  for (const entry of entries) {
    const owner = Number(/^locus-lsp-(\d+)-/.exec(entry)?.[1]);
    if (Number.isInteger(owner) && owner > 0 && !processRuns(owner)) {
      rmSync(join(tmpdir(), entry), { recursive: true, force: true });
    }
  }
}

/** A live server process; `exited` resolves when its main process is gone. */
export class ServerProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** Pid of the server, also its process group id (spawned detached). */
  readonly pid: number;
  /** Per-session TMPDIR, removed when the process is disposed. */
  readonly tmpDir: string;
  /** Resolves once the main process has exited. */
  readonly exited: Promise<ExitInfo>;
  private exitInfo: ExitInfo | undefined;
  private stderr = '';
  private ending: Promise<void> | undefined;

  private constructor(child: ChildProcessWithoutNullStreams, tmpDir: string) {
    this.child = child;
    this.pid = child.pid as number;
    this.tmpDir = tmpDir;
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        resolve(this.exitInfo);
      });
    });
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
    });
    // EPIPE on a dead server's stdin must not crash Locus; the exit is reported through `exited`.
    child.stdin.on('error', () => undefined);
    child.stdout.on('error', () => undefined);
  }

  /** Spawns the command in a new process group with TMPDIR set; rejects with the spawn error (e.g. ENOENT). */
  static async spawn(spec: SpawnSpec): Promise<ServerProcess> {
    const tmpDir = spec.tmpDir;
    const env = { ...process.env, ...spec.env, TMPDIR: tmpDir, TMP: tmpDir, TEMP: tmpDir };
    const child = spawn(spec.command, spec.args, { cwd: spec.cwd, env, stdio: 'pipe', detached: true });
    try {
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', reject);
      });
    } catch (error) {
      child.stdin.destroy();
      throw error;
    }
    registerGroup(child.pid as number, tmpDir);
    return new ServerProcess(child, tmpDir);
  }

  /** True while the main process runs. */
  get running(): boolean {
    return this.exitInfo === undefined;
  }

  /** Exit code and signal once exited. */
  get exit(): ExitInfo | undefined {
    return this.exitInfo;
  }

  /** The last few KB the server wrote to stderr. */
  stderrTail(): string {
    return this.stderr.trim();
  }

  /**
   * The process half of the shutdown ladder (after `shutdown`/`exit` were sent or skipped): wait for the exit,
   * then close stdin, then SIGTERM the group, then SIGKILL it. Finally SIGKILL the group again for leftover
   * children, and remove the temp dir.
   */
  async stop(graceMs = 1000): Promise<void> {
    this.ending ??= this.ladder(graceMs);
    return this.ending;
  }

  /** Immediate SIGKILL of the group (for crashes, garbage and hangs), then cleanup once the process is gone. */
  async kill(): Promise<void> {
    this.ending ??= (async () => {
      signalGroup(this.pid, 'SIGKILL');
      await this.waitExit(5000);
      await this.dispose();
    })();
    return this.ending;
  }

  private async ladder(graceMs: number): Promise<void> {
    if (!(await this.waitExit(graceMs))) {
      this.child.stdin.end();
      if (!(await this.waitExit(Math.min(graceMs, 500)))) {
        signalGroup(this.pid, 'SIGTERM');
        if (!(await this.waitExit(graceMs))) {
          signalGroup(this.pid, 'SIGKILL');
          await this.waitExit(5000);
        }
      }
    }
    await this.dispose();
  }

  private async waitExit(ms: number): Promise<boolean> {
    if (!this.running) return true;
    return (await waitFor(this.exited, ms)).done;
  }

  /** Kills what is left of the group (helpers such as tsls's leaked `node`), waits for it, removes the temp dir. */
  private async dispose(): Promise<void> {
    signalGroup(this.pid, 'SIGKILL');
    // No event says when the last process of a group is gone: poll /proc briefly.
    await waitUntil(() => groupGone(this.pid), 2000);
    this.child.stdin.destroy();
    this.child.stdout.destroy();
    this.child.stderr.destroy();
    rmSync(this.tmpDir, { recursive: true, force: true });
    unregisterGroup(this.pid);
  }
}
