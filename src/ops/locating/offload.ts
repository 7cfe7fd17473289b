/**
 * Offline syntax work on big files runs in a worker thread (syntax-worker.ts), so an MCP server
 * keeps answering other calls while one parses a huge file (docs/security.md). Small files stay on
 * the calling thread: a worker round trip costs more than their parse.
 */
import { fileFacts } from '../../workspace/files.js';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { isLocusError } from '../../core/errors.js';
import type { Limits } from '../../core/limits.js';
import type { LocateReading } from '../../locate/classify.js';
import type { LocateResult } from '../../locate/resolver.js';
import type { OfflineSettings } from './limits-config.js';
import { readInput, type LocateInput, type Locator } from './locator.js';

/** Files at least this big are parsed in the worker. */
export const OFFLOAD_MIN_BYTES = 256 * 1024;

type OffloadedOps = Pick<Locator, 'locate' | 'locateRange' | 'describe' | 'outline'>;
/** What the worker runs: a locate travels already read (`locateReading`), so the worker does not parse it again. */
type Op = 'locateReading' | 'describe' | 'outline';

const WORKER_URL = new URL('./syntax-worker.js', import.meta.url);

/** The worker, started on the first big file; calls fall back to the caller's thread when it fails. */
export class SyntaxOffload {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 0;

  constructor(
    private readonly locator: Locator,
    /** `settings`: the config as the context loaded it, so the worker does not read it again. */
    private readonly options: { limits?: Partial<Limits>; settings?: OfflineSettings } = {},
  ) {}

  /** True when the compiled worker exists (not when running from TypeScript sources). */
  static supported(): boolean {
    return WORKER_URL.protocol === 'file:' && fileFacts(fileURLToPath(WORKER_URL))?.isFile === true;
  }

  /** The locator's offline operations, routed to the worker for big files. */
  ops(): OffloadedOps {
    const { locator } = this;
    return {
      locate: (input, opts) => this.locate(input, opts?.range ? 'range' : 'position'),
      locateRange: (input) => this.locate(input, 'range'),
      describe: (filePath, target) =>
        this.route(filePath, 'describe', [filePath, target], () => locator.describe(filePath, target)),
      outline: (filePath) => this.route(filePath, 'outline', [filePath], () => locator.outline(filePath)),
    };
  }

  /** Stops the worker. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  /** Reads the input once; the reading goes to the worker when its file is big, else to the locator here. */
  private locate(input: LocateInput, mode: 'position' | 'range'): Promise<LocateResult> {
    let reading: LocateReading;
    try {
      reading = readInput(this.locator.workspace, input);
    } catch (error) {
      if (isLocusError(error)) return Promise.resolve({ ok: false, error: error.toData() });
      throw error;
    }
    const file = reading.kind === 'file' ? reading.locate.file_path : undefined;
    return this.route(file, 'locateReading', [reading, mode], () =>
      this.locator.locateReading(reading, mode),
    );
  }

  private isBig(filePath: string | undefined): boolean {
    if (filePath === undefined) return false;
    try {
      const facts = fileFacts(this.locator.workspace.resolveFile(filePath).absPath);
      return facts !== undefined && facts.size >= OFFLOAD_MIN_BYTES;
    } catch {
      return false;
    }
  }

  private async route<T>(
    filePath: string | undefined,
    op: Op,
    args: unknown[],
    here: () => Promise<T>,
  ): Promise<T> {
    if (!this.isBig(filePath)) return here();
    try {
      return (await this.call(op, args)) as T;
    } catch {
      return here();
    }
  }

  private call(op: Op, args: unknown[]): Promise<unknown> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, op, args });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_URL, {
      workerData: {
        root: this.locator.root,
        ...(this.options.limits ? { limits: this.options.limits } : {}),
        ...(this.options.settings ? { settings: this.options.settings } : {}),
      },
    });
    worker.unref();
    worker.on('message', (message: { id: number; value?: unknown; error?: string }) => {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error !== undefined) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.value);
    });
    const fail = (error: Error): void => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiter of this.pending.values()) waiter.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('the syntax worker exited')));
    this.worker = worker;
    return worker;
  }
}
