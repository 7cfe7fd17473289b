/**
 * `locus mcp [--root DIR]`: the MCP server on stdio, started by the `locus` launcher (bin/locus.js)
 * directly, so that neither face imports the other. stdout carries only the protocol: anything that
 * would print there (a stray console.log) goes to stderr. Resolves once the client disconnected and
 * every language server is down.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** After shutdown, the process exits even if some handle is still open. */
const EXIT_GRACE_MS = 1_000;

const USAGE =
  'Usage: locus mcp [--root DIR]   (default: every root the client lists, else the current directory)';

/** Runs the MCP server; resolves to the exit code (2 for usage errors). */
export async function mcpMain(argv: string[]): Promise<number> {
  let root: string | undefined;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { root: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      process.stdout.write(`${USAGE}\n\nServe the Locus tools to an MCP client (agent) over stdio.\n`);
      return 0;
    }
    if (positionals.length > 0) throw new Error('mcp takes no arguments.');
    root = values.root === undefined ? undefined : resolve(values.root);
    if (root !== undefined && !isDirectory(root)) throw new Error(`--root ${root} is not a directory.`);
  } catch (error) {
    process.stderr.write(`locus mcp: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 2;
  }
  keepStdoutForProtocol();
  const { runStdioServer } = await import('./server.js');
  await runStdioServer(root === undefined ? {} : { root });
  setTimeout(() => process.exit(process.exitCode ?? 0), EXIT_GRACE_MS).unref();
  return 0;
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
