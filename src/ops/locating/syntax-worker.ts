/**
 * Worker thread for offline syntax work on big files (docs/security.md, "Prompt exit and no head-of-line blocking"):
 * its own locator answers locate, locateRange, describe and outline, and parses big edited texts
 * (edited-syntax.ts), so a long parse never stalls the thread that serves other calls.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createLocator, type Locator, type LocatorOptions } from './locator.js';
import { editedSyntax, type EditedSyntaxInput } from './edited-syntax.js';

type Op = 'locateReading' | 'describe' | 'outline' | 'editedSyntax';

const locator: Locator = createLocator(workerData as LocatorOptions);
const port = parentPort;

port?.on('message', (message: { id: number; op: Op; args: unknown[] }) => {
  const run =
    message.op === 'editedSyntax'
      ? () => editedSyntax(locator.syntax, message.args[0] as EditedSyntaxInput)
      : () =>
          (
            locator[message.op as Exclude<Op, 'editedSyntax'>] as (...args: unknown[]) => Promise<unknown>
          ).apply(locator, message.args);
  run().then(
    (value) => port.postMessage({ id: message.id, value }),
    (error: unknown) => port.postMessage({ id: message.id, error: String(error) }),
  );
});
