/**
 * Runs extraction jobs on worker threads (one per core, bounded), or on the calling thread when the
 * batch is small or the compiled worker is not there (running from the TypeScript sources). Each batch
 * waits in the one request map (src/core/request-map.ts) with a deadline: a worker stuck past it is
 * terminated and its files counted unreadable (never re-parsed here, where they would stall every call);
 * `signal` (the index closing) stops the workers and the run.
 */
import { fileFacts } from '../workspace/files.js';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { RequestMap } from '../core/request-map.js';
import { preferTierUp } from '../syntax/startup.js';
import { extractFile, type ExtractJob, type ExtractOutcome } from './extract.js';

const WORKER_URL = new URL('./worker.js', import.meta.url);
const BATCH = 32;
/** Below this many files, starting workers (each loads its grammars) costs more than it saves. */
const MIN_JOBS_FOR_WORKERS = 96;
/** The longest one batch may take on a worker (32 files, each at most the file size limit). */
const BATCH_DEADLINE_MS = 300_000;

/** How to run a set of jobs. */
export interface PoolOptions {
  root: string;
  maxBytes: number;
  maxWorkers?: number;
  /** Fewer jobs than this run on the calling thread (default: when workers would cost more than they save). */
  minJobsForWorkers?: number;
  /** Called with every outcome as it arrives. */
  onOutcome(outcome: ExtractOutcome): void;
  /** Stops the run: no further batch starts, the workers are terminated. */
  signal?: AbortSignal;
}

/** True when worker threads can be used (the compiled worker exists beside this module). */
export function workersAvailable(): boolean {
  return WORKER_URL.protocol === 'file:' && fileFacts(fileURLToPath(WORKER_URL))?.isFile === true;
}

/** Extracts every job; resolves when all outcomes were delivered. */
export async function runJobs(jobs: readonly ExtractJob[], options: PoolOptions): Promise<void> {
  const limit = Math.max(1, Math.min(availableParallelism(), options.maxWorkers ?? 8));
  const count = Math.min(limit, Math.ceil(jobs.length / BATCH));
  if (jobs.length < (options.minJobsForWorkers ?? MIN_JOBS_FOR_WORKERS) || count < 1 || !workersAvailable()) {
    await inThread(jobs, options);
    return;
  }
  // Workers share the process's WebAssembly tiering: a build of many files wants the optimising tier
  // (docs/performance.md, "Cold start").
  preferTierUp();
  const batches: ExtractJob[][] = [];
  for (let i = 0; i < jobs.length; i += BATCH) batches.push(jobs.slice(i, i + BATCH));
  const leftovers: ExtractJob[] = [];
  await Promise.all(Array.from({ length: count }, () => drive(batches, leftovers, options)));
  // Batches of a worker that failed, or left when every worker stopped, are done here: nothing is lost.
  leftovers.push(...batches.flat());
  if (leftovers.length > 0) await inThread(leftovers, options);
}

async function inThread(jobs: readonly ExtractJob[], options: PoolOptions): Promise<void> {
  for (const [i, job] of jobs.entries()) {
    if (options.signal?.aborted) return;
    // Let timers and I/O run between files: waiting callers, progress and other requests.
    if (i % 16 === 15) await new Promise((resolve) => setImmediate(resolve));
    let outcome: ExtractOutcome;
    try {
      outcome = await extractFile(options.root, job, options.maxBytes);
    } catch {
      outcome = { kind: 'unreadable', path: job.file.path };
    }
    options.onOutcome(outcome);
  }
}

class StuckWorker extends Error {}
class Stopped extends Error {}

/** One worker taking batches until none are left. */
async function drive(batches: ExtractJob[][], leftovers: ExtractJob[], options: PoolOptions): Promise<void> {
  const worker = new Worker(WORKER_URL, { workerData: { root: options.root, maxBytes: options.maxBytes } });
  worker.unref();
  const answers = new RequestMap<number, ExtractOutcome[]>({
    timeout: () => new StuckWorker(),
    aborted: () => new Stopped(),
  });
  let failed = false;
  const fail = (error: Error) => {
    failed = true;
    answers.rejectAll(error);
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`index worker exited with ${code}`)));
  worker.on('message', (message: { id: number; outcomes: ExtractOutcome[] }) =>
    answers.resolve(message.id, message.outcomes),
  );
  try {
    for (let batch = batches.shift(), id = 0; batch; batch = batches.shift(), id++) {
      if (options.signal?.aborted) return;
      if (failed) {
        leftovers.push(...batch);
        continue;
      }
      const answer = answers.wait(id, { timeoutMs: BATCH_DEADLINE_MS, signal: options.signal, unref: true });
      worker.postMessage({ id, jobs: batch });
      const { outcomes, stuck } = await settled(answer, batch, leftovers);
      for (const outcome of outcomes) options.onOutcome(outcome);
      // A stuck worker is stopped; the batches left go to the other workers (or the calling thread after).
      if (stuck) return;
    }
  } finally {
    worker.removeAllListeners('exit');
    await worker.terminate();
  }
}

/**
 * The outcomes of one batch: its answer; for a stuck worker every file unreadable (the worker is stopped after);
 * for a broken one none (the batch goes to the leftovers, done on the calling thread); when stopped, none.
 */
async function settled(
  answer: Promise<ExtractOutcome[]>,
  batch: ExtractJob[],
  leftovers: ExtractJob[],
): Promise<{ outcomes: ExtractOutcome[]; stuck: boolean }> {
  try {
    return { outcomes: await answer, stuck: false };
  } catch (error) {
    if (error instanceof StuckWorker)
      return { outcomes: batch.map((job) => ({ kind: 'unreadable', path: job.file.path })), stuck: true };
    if (!(error instanceof Stopped)) leftovers.push(...batch);
    return { outcomes: [], stuck: false };
  }
}
