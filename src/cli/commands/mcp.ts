/**
 * `locus mcp [--root DIR]`: the MCP server on stdio. stdout carries only the protocol, so anything that
 * would print there (a stray console.log) is sent to stderr; the command returns once the client
 * disconnected and every language server is down. The MCP SDK is loaded only when this command runs, so the
 * other commands do not pay for it at start-up (it costs 150–400 ms here).
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CommandSpec } from '../command.js';
import { EXIT, UsageError } from '../io.js';

/** After shutdown, the process exits even if some handle is still open. */
const EXIT_GRACE_MS = 1_000;

/** The mcp command. */
export const mcpCommand: CommandSpec = {
  name: 'mcp',
  usage: "locus mcp [--root DIR]   (root default: the client's first root, else the current directory)",
  summary: 'Serve the Locus tools to an MCP client (agent) over stdio.',
  options: {},
  async run({ positionals, values }) {
    if (positionals.length > 0) throw new UsageError('mcp takes no arguments.');
    const root = typeof values.root === 'string' ? resolve(values.root) : undefined;
    if (root !== undefined && !isDirectory(root)) throw new UsageError(`--root ${root} is not a directory.`);
    keepStdoutForProtocol();
    const { runStdioServer } = await import('../../mcp/server.js');
    await runStdioServer(root === undefined ? {} : { root });
    setTimeout(() => process.exit(process.exitCode ?? EXIT.ok), EXIT_GRACE_MS).unref();
    return EXIT.ok;
  },
};

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
