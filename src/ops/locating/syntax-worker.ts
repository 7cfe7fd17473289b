/**
 * Worker thread for offline syntax work on big files (docs/security.md, "Prompt exit and no head-of-line blocking"):
 * its own locator answers locate, locateRange, describe and outline, and it parses the big files an edit plans
 * on (their outline and comments) and their edited texts (edited-syntax.ts) and diffs big edits (diff.ts), so a
 * long parse or diff never stalls the thread that serves other calls.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createLocator, type Locator, type LocatorOptions } from './locator.js';
import { editedSyntax, type EditedSyntaxInput } from './edited-syntax.js';
import { boundedDiff, type DiffInput } from './diff.js';

type LocatorOp = 'locateReading' | 'describe' | 'outline';
type Op = LocatorOp | 'fileOutline' | 'comments' | 'editedSyntax' | 'boundedDiff';

const locator: Locator = createLocator(workerData as LocatorOptions);
const port = parentPort;

/** Runs one call; a diff is synchronous, wrapped so that what it throws is answered like the rest. */
function run(op: Op, args: unknown[]): Promise<unknown> {
  if (op === 'fileOutline') return locator.syntax.outline(...(args as [string, string, string]));
  if (op === 'comments') return locator.syntax.comments(...(args as [string, string, string]));
  if (op === 'editedSyntax') return editedSyntax(locator.syntax, args[0] as EditedSyntaxInput);
  if (op === 'boundedDiff')
    return Promise.resolve().then(() =>
      boundedDiff(args[0] as DiffInput[], args[1] as number | undefined, args[2] as boolean),
    );
  return (locator[op] as (...args: unknown[]) => Promise<unknown>).apply(locator, args);
}

port?.on('message', (message: { id: number; op: Op; args: unknown[] }) => {
  run(message.op, message.args).then(
    (value) => port.postMessage({ id: message.id, value }),
    (error: unknown) => port.postMessage({ id: message.id, error: String(error) }),
  );
});
