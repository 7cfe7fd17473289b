/**
 * Runs extraction jobs on worker threads (one per core, bounded), or on the calling thread when the
 * batch is small or the compiled worker is not there (running from the TypeScript sources).
 */
import { fileFacts } from '../workspace/files.js';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { extractFile, type ExtractJob, type ExtractOutcome } from './extract.js';

const WORKER_URL = new URL('./worker.js', import.meta.url);
const BATCH = 32;
/** Below this many files, starting workers (each loads its grammars) costs more than it saves. */
const MIN_JOBS_FOR_WORKERS = 96;

/** How to run a set of jobs. */
export interface PoolOptions {
  root: string;
  maxBytes: number;
  maxWorkers?: number;
  /** Fewer jobs than this run on the calling thread (default: when workers would cost more than they save). */
  minJobsForWorkers?: number;
  /** Called with every outcome as it arrives. */
  onOutcome(outcome: ExtractOutcome): void;
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
  const batches: ExtractJob[][] = [];
  for (let i = 0; i < jobs.length; i += BATCH) batches.push(jobs.slice(i, i + BATCH));
  const leftovers: ExtractJob[] = [];
  await Promise.all(Array.from({ length: count }, () => drive(batches, leftovers, options)));
  // Batches of a worker that failed are done here, so a broken worker loses nothing.
  if (leftovers.length > 0) await inThread(leftovers, options);
}

async function inThread(jobs: readonly ExtractJob[], options: PoolOptions): Promise<void> {
  for (const [i, job] of jobs.entries()) {
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

/** One worker taking batches until none are left. */
async function drive(batches: ExtractJob[][], leftovers: ExtractJob[], options: PoolOptions): Promise<void> {
  const worker = new Worker(WORKER_URL, { workerData: { root: options.root, maxBytes: options.maxBytes } });
  worker.unref();
  let failed: Error | undefined;
  let pending: { resolve: () => void; jobs: ExtractJob[] } | undefined;
  const fail = (error: Error) => {
    failed = error;
    if (pending) {
      leftovers.push(...pending.jobs);
      pending.resolve();
      pending = undefined;
    }
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`index worker exited with ${code}`)));
  worker.on('message', (message: { outcomes: ExtractOutcome[] }) => {
    for (const outcome of message.outcomes) options.onOutcome(outcome);
    const done = pending;
    pending = undefined;
    done?.resolve();
  });
  try {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      if (failed) {
        leftovers.push(...batch);
        continue;
      }
      const jobs = batch;
      await new Promise<void>((resolve) => {
        pending = { resolve, jobs };
        worker.postMessage({ id: 0, jobs });
      });
    }
  } finally {
    worker.removeAllListeners('exit');
    await worker.terminate();
  }
}
