/**
 * `locus mcp [--root DIR]`: the MCP server on stdio, started by the `locus` launcher (bin/locus.js)
 * directly, so that neither face imports the other. stdout carries only the protocol: anything that
 * would print there (a stray console.log) goes to stderr. Resolves once the client disconnected and
 * every language server is down.
 */
import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LocusError, type ErrorData } from '../core/errors.js';
import { waitFor } from '../core/wait-for.js';
import { renderError } from '../render/error.js';

function rootError(root: string): ErrorData {
  return new LocusError('FILE_NOT_FOUND', `The workspace root ${root} does not exist.`, {
    hint: 'Pass an existing directory with --root.',
    details: { argument: '--root' },
  }).toData();
}

/** After shutdown, the process exits even if some handle is still open. */
const EXIT_GRACE_MS = 1_000;
/** How long unsent answers may wait for a client that stopped reading before the process exits anyway. */
const STDOUT_DRAIN_MS = 30_000;

/** Settles once everything written to `stream` has been handed on, or it can take nothing more. */
function drained(stream: NodeJS.WriteStream): Promise<void> {
  if (stream.writableLength === 0 || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    stream.once('close', resolve);
    stream.once('error', resolve);
    // An empty write's callback runs once every write before it has been flushed.
    stream.write('', () => resolve());
  });
}

const USAGE =
  'Usage: locus mcp [--root DIR] [--trust]   (default: every root the client lists, else the current directory)';

/** Runs the MCP server; resolves to the exit code (2 for usage errors). */
export async function mcpMain(argv: string[]): Promise<number> {
  let root: string | undefined;
  let trust = false;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        root: { type: 'string' },
        trust: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      process.stdout.write(`${USAGE}\n\nServe the Locus tools to an MCP client (agent) over stdio.\n`);
      return 0;
    }
    if (positionals.length > 0) throw new Error('mcp takes no arguments.');
    trust = values.trust === true;
    root = values.root === undefined ? undefined : resolve(values.root);
    if (root !== undefined && !isDirectory(root)) {
      // The same coded error and exit code as every CLI command (docs/operations.md, "Exit codes").
      process.stderr.write(`${renderError(rootError(root))}\n`);
      return 2;
    }
  } catch (error) {
    process.stderr.write(`locus mcp: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 2;
  }
  keepStdoutForProtocol();
  if (root !== undefined) await settleInterruptedApplies(root);
  const { runStdioServer } = await import('./server.js');
  await runStdioServer({ ...(root === undefined ? {} : { root }), ...(trust ? { locus: { trust } } : {}) });
  // Answers still in the pipe reach a client that reads slowly: exiting now would drop them.
  await waitFor(drained(process.stdout), STDOUT_DRAIN_MS, { unref: true });
  setTimeout(() => process.exit(process.exitCode ?? 0), EXIT_GRACE_MS).unref();
  return 0;
}

/** Finishes or rolls back an apply a crash interrupted, before serving (docs/security.md). */
async function settleInterruptedApplies(root: string): Promise<void> {
  const { recoverApplies } = await import('../workspace/apply-recovery.js');
  try {
    recoverApplies(realpathSync.native(root));
  } catch {
    // The first call retries (every Locus start recovers) and reports what fails.
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Routes console output that would go to stdout to stderr. */
function keepStdoutForProtocol(): void {
  const toStderr = (...args: unknown[]) => console.error(...args);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
}
