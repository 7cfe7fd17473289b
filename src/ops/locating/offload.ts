/**
 * Offline syntax work on big files runs in a worker thread (syntax-worker.ts), so an MCP server keeps answering
 * other calls while one parses a huge file (docs/security.md); so does the unified diff of big edited texts
 * (diff.ts). Small files stay on the calling thread: a worker round trip costs more than their parse. A call the
 * caller cancels answers CANCELLED at once, and when no other call waits for the worker it is terminated (a parse
 * cannot be interrupted otherwise); one that takes longer than `OFFLOAD_DEADLINE_MS` is a TIMEOUT and the worker is
 * terminated too. The next big file starts a fresh worker.
 */
import { fileFacts } from '../../workspace/files.js';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { cancelledError } from '../../core/call.js';
import { isLocusError, LocusError } from '../../core/errors.js';
import { RequestMap } from '../../core/request-map.js';
import type { Limits } from '../../core/limits.js';
import { extensionOf } from '../../core/languages.js';
import type { LocateReading } from '../../locate/classify.js';
import type { LocateResult } from '../../locate/resolver.js';
import type { Outline } from '../../locate/outline.js';
import type { Span } from '../../core/positions.js';
import type { OfflineSettings } from './limits-config.js';
import { readInput, type LocateInput, type Locator } from './locator.js';
import { editedSyntax, type EditedSyntax, type EditedSyntaxInput } from './edited-syntax.js';
import { boundedDiff, type BoundedDiff, type DiffInput } from './diff.js';

/** Files at least this big are parsed in the worker; edits whose files together are this big are diffed there. */
export const OFFLOAD_MIN_BYTES = 256 * 1024;
/** The longest a worker call may take (a parse of the largest file allowed takes seconds). */
export const OFFLOAD_DEADLINE_MS = 120_000;

type OffloadedOps = Pick<Locator, 'locate' | 'locateRange' | 'describe' | 'outline'>;
/** What the worker runs: a locate travels already read (`locateReading`), so the worker does not parse it again. */
type Op =
  'locateReading' | 'describe' | 'outline' | 'fileOutline' | 'comments' | 'editedSyntax' | 'boundedDiff';

/** What a worker call that took too long was doing, and what to do about it (its TIMEOUT's message and hint). */
function tooSlow(op: Op | undefined, ms: number): LocusError {
  const busy = 'try again when the machine is less busy';
  const [what, hint] =
    op === 'boundedDiff'
      ? ['Diffing the edited files', `Make the edit smaller (fewer or smaller files), or ${busy}.`]
      : op === 'fileOutline' || op === 'comments' || op === 'editedSyntax'
        ? [
            'Parsing the edited file',
            `Nothing was written; ${busy} (an edit needs the parse for its syntax guard).`,
          ]
        : ['Parsing the file', `Use a line scope (it needs no parse), or ${busy}.`];
  return new LocusError('TIMEOUT', `${what} took longer than ${ms} ms; the work was stopped.`, { hint });
}

const WORKER_URL = new URL('./syntax-worker.js', import.meta.url);

/** The worker, started on the first big file; calls fall back to the caller's thread when it fails. */
export class SyntaxOffload {
  private worker: Worker | undefined;
  private readonly pending = new RequestMap<number, unknown>({
    timeout: (id, ms) => tooSlow(this.inFlight.get(id), ms),
    aborted: () => cancelledError(),
  });
  /** The operation of each call in flight (for its TIMEOUT's wording). */
  private readonly inFlight = new Map<number, Op>();
  private nextId = 0;

  constructor(
    private readonly locator: Locator,
    /** `settings`: the config as the context loaded it, so the worker does not read it again. */
    private readonly options: {
      limits?: Partial<Limits>;
      settings?: OfflineSettings;
      /** The longest a worker call may take (default `OFFLOAD_DEADLINE_MS`). */
      deadlineMs?: number;
    } = {},
  ) {}

  /** True when the compiled worker exists (not when running from TypeScript sources). */
  static supported(): boolean {
    return WORKER_URL.protocol === 'file:' && fileFacts(fileURLToPath(WORKER_URL))?.isFile === true;
  }

  /** The locator's offline operations, routed to the worker for big files. */
  ops(): OffloadedOps {
    const { locator } = this;
    // The worker gets the arguments without the signal (it cannot cross threads); the wait here takes it.
    return {
      locate: (input, opts) => this.locate(input, opts?.range ? 'range' : 'position', opts?.signal),
      locateRange: (input, opts) => this.locate(input, 'range', opts?.signal),
      describe: (filePath, target, opts) =>
        this.route(filePath, 'describe', [filePath, target], opts?.signal, () =>
          locator.describe(filePath, target, opts),
        ),
      outline: (filePath, opts) =>
        this.route(filePath, 'outline', [filePath], opts?.signal, () => locator.outline(filePath, opts)),
    };
  }

  /**
   * The grammar outline of a file's text (the file an edit plans on), parsed in the worker when the text is big; the
   * worker keeps the tree, so the edited text's parse after it is incremental there.
   */
  outline(key: string, language: string, text: string, signal: AbortSignal | undefined): Promise<Outline> {
    return this.inWorker(text.length >= OFFLOAD_MIN_BYTES, 'fileOutline', [key, language, text], signal, () =>
      this.locator.syntax.outline(key, language, text),
    );
  }

  /** The comment spans of a file's text (the matcher's comment rule), from the worker when the text is big. */
  comments(
    key: string,
    language: string,
    text: string,
    signal: AbortSignal | undefined,
  ): Promise<readonly Span[]> {
    return this.inWorker(text.length >= OFFLOAD_MIN_BYTES, 'comments', [key, language, text], signal, () =>
      this.locator.syntax.comments(key, language, text),
    );
  }

  /** The syntax of an edited text (edit's guard and new locate strings), in the worker when the text is big. */
  editedSyntax(input: EditedSyntaxInput, signal: AbortSignal | undefined): Promise<EditedSyntax> {
    const big = input.language !== undefined && input.text.length >= OFFLOAD_MIN_BYTES;
    return this.inWorker(big, 'editedSyntax', [input], signal, () =>
      editedSyntax(this.locator.syntax, input),
    );
  }

  /** The diff of an edit's files within the answer's budget (diff.ts), in the worker when they are big together. */
  diff(
    changes: readonly DiffInput[],
    budget: number | undefined,
    full: boolean,
    signal: AbortSignal | undefined,
  ): Promise<BoundedDiff> {
    const size = changes.reduce((sum, c) => sum + Math.max(c.before.length, c.after.length), 0);
    const plain = changes.map(({ file_path, before, after }) => ({ file_path, before, after }));
    return this.inWorker(size >= OFFLOAD_MIN_BYTES, 'boundedDiff', [plain, budget, full], signal, () =>
      boundedDiff(changes, budget, full),
    );
  }

  /** Stops the worker. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.pending.rejectAll(new Error('the syntax worker was stopped'));
    if (worker) await worker.terminate();
  }

  /** Reads the input once; the reading goes to the worker when its file is big, else to the locator here. */
  private locate(
    input: LocateInput,
    mode: 'position' | 'range',
    signal: AbortSignal | undefined,
  ): Promise<LocateResult> {
    let reading: LocateReading;
    try {
      reading = readInput(this.locator.workspace, input);
    } catch (error) {
      if (isLocusError(error)) return Promise.resolve({ ok: false, error: error.toData() });
      throw error;
    }
    const file = reading.kind === 'file' ? reading.locate.file_path : undefined;
    return this.route(file, 'locateReading', [reading, mode], signal, () =>
      this.locator.locateReading(reading, mode, signal ? { signal } : {}),
    );
  }

  private isBig(filePath: string | undefined): boolean {
    if (filePath === undefined) return false;
    try {
      // A language declared without a grammar takes its outline from a server, which the worker does not have.
      if (Object.hasOwn(this.options.settings?.declaredLanguages ?? {}, extensionOf(filePath))) return false;
      const facts = fileFacts(this.locator.workspace.resolveFile(filePath).absPath);
      return facts !== undefined && facts.size >= OFFLOAD_MIN_BYTES;
    } catch {
      return false;
    }
  }

  /** A locator operation in the worker when its file is big; cancelled or too slow: answered as such. */
  private async route<T>(
    filePath: string | undefined,
    op: Op,
    args: unknown[],
    signal: AbortSignal | undefined,
    here: () => Promise<T>,
  ): Promise<T> {
    try {
      return await this.inWorker(this.isBig(filePath), op, args, signal, here);
    } catch (error) {
      if (isLocusError(error)) return { ok: false, error: error.toData() } as T;
      throw error;
    }
  }

  /**
   * `here()` when the work is small; else the worker's answer. A call cancelled or past the deadline is thrown
   * (CANCELLED, TIMEOUT: the worker was stopped); a broken worker: the work is done here after all.
   */
  private async inWorker<T>(
    big: boolean,
    op: Op,
    args: unknown[],
    signal: AbortSignal | undefined,
    here: () => T | Promise<T>,
  ): Promise<T> {
    if (!big) return here();
    try {
      return (await this.call(op, args, signal)) as T;
    } catch (error) {
      if (isLocusError(error)) throw error;
      return here();
    }
  }

  private async call(op: Op, args: unknown[], signal: AbortSignal | undefined): Promise<unknown> {
    const worker = this.start();
    const id = this.nextId++;
    this.inFlight.set(id, op);
    const answer = this.pending.wait(id, {
      timeoutMs: this.options.deadlineMs ?? OFFLOAD_DEADLINE_MS,
      signal,
      unref: true,
    });
    worker.postMessage({ id, op, args });
    try {
      return await answer;
    } catch (error) {
      // Nobody else waits for this worker: stop the parse or diff it is busy with.
      if (isLocusError(error) && this.pending.size === 0) await this.close();
      throw error;
    } finally {
      this.inFlight.delete(id);
    }
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
      if (message.error !== undefined) this.pending.reject(message.id, new Error(message.error));
      else this.pending.resolve(message.id, message.value);
    });
    const fail = (error: Error): void => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.pending.rejectAll(error);
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('the syntax worker exited')));
    this.worker = worker;
    return worker;
  }
}
