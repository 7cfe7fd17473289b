/**
 * Worker thread for offline syntax work on big files (docs/security.md, "Prompt exit and no head-of-line blocking"):
 * its own locator answers locate, locateRange, describe and outline, so a long parse never stalls
 * the thread that serves other calls.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createLocator, type Locator, type LocatorOptions } from './locator.js';

type Op = 'locateReading' | 'describe' | 'outline';

const locator: Locator = createLocator(workerData as LocatorOptions);
const port = parentPort;

port?.on('message', (message: { id: number; op: Op; args: unknown[] }) => {
  const run = locator[message.op] as (...args: unknown[]) => Promise<unknown>;
  run.apply(locator, message.args).then(
    (value) => port.postMessage({ id: message.id, value }),
    (error: unknown) => port.postMessage({ id: message.id, error: String(error) }),
  );
});
