/**
 * Worker-thread entry of the index build: receives batches of extraction jobs, answers with the
 * outcomes (typed arrays are transferred, not copied).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { extractFile, type ExtractJob, type ExtractOutcome } from './extract.js';

interface WorkerInput {
  root: string;
  maxBytes: number;
}

const { root, maxBytes } = workerData as WorkerInput;

parentPort?.on('message', (message: { id: number; jobs: ExtractJob[] }) => {
  void run(message.jobs).then((outcomes) => {
    const transfer = outcomes.flatMap((o) => (o.kind === 'entry' ? [o.entry.data.buffer] : []));
    parentPort?.postMessage({ id: message.id, outcomes }, transfer as ArrayBuffer[]);
  });
});

async function run(jobs: ExtractJob[]): Promise<ExtractOutcome[]> {
  const outcomes: ExtractOutcome[] = [];
  for (const job of jobs) {
    try {
      outcomes.push(await extractFile(root, job, maxBytes));
    } catch {
      // A grammar fault on one file must not lose the batch; the file counts as unreadable.
      outcomes.push({ kind: 'unreadable', path: job.file.path });
    }
  }
  return outcomes;
}
