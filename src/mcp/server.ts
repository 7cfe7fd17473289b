/**
 * The Locus MCP server (SPEC §10.3): one tool per operation plus locate, describe and outline, over stdio.
 * Calls run concurrently — nothing here serialises them; each waits only for its own language server.
 * The shared Locus is created lazily once the workspace root is known, and `close()` shuts every
 * language server down. Only protocol goes to stdout; logs go to stderr.
 */
import { readFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { LocusError } from '../core/errors.js';
import type { Locus } from '../ops/locus.js';
import type { OpsOptions } from '../ops/context.js';
import { resolveRoot, type RootSource } from './root.js';
import { LOCATE_SYNTAX } from './schemas.js';
import { registerTools } from './tools/index.js';

/** Options of the MCP server. */
export interface LocusMcpOptions {
  /** Workspace root; when absent, the client's first root or the current directory. */
  root?: string;
  /** Extra options for the Locus instance (e.g. language-server configuration overrides). */
  locus?: Omit<OpsOptions, 'root'>;
  /** Where log lines go (default: stderr). */
  log?: (message: string) => void;
}

/** A server not yet connected to a transport, and how to shut it down. */
export interface LocusMcpServer {
  readonly mcp: McpServer;
  /** The workspace root (resolving it on first use). */
  root(): Promise<{ root: string; source: RootSource }>;
  /** Shuts every language server down and closes the connection; idempotent. */
  close(): Promise<void>;
}

/** Instructions sent to the client at initialisation. */
export const INSTRUCTIONS = `Locus points at code the way you would describe it — "in Cart.total, at return <|>subtotal" — resolves that with syntax trees, then asks the project's real language server (definition, references, rename, hover, completion, signature help, code actions, formatting).

${LOCATE_SYNTAX}

Start with \`outline\` (the symbols of a file, each with a locate string) or \`locate\`. Every place in an answer comes with a locate string you can pass straight to the next call. Failures come back as results with an error code and a hint (e.g. the nearest matching lines with ready locate strings). rename, code_actions and format_range only preview (a diff and a fingerprint) unless you pass apply: true.`;

function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Writes a log line to stderr. */
export function logToStderr(message: string): void {
  process.stderr.write(`locus mcp: ${message}\n`);
}

/** Creates the MCP server with every tool registered. */
export function createLocusMcpServer(options: LocusMcpOptions = {}): LocusMcpServer {
  const log = options.log ?? logToStderr;
  const mcp = new McpServer(
    { name: 'locus', title: 'Locus', version: version() },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  let rootPromise: Promise<{ root: string; source: RootSource }> | undefined;
  const root = () => {
    rootPromise ??= resolveRoot(mcp.server, options.root, log).then((found) => {
      log(`workspace root ${found.root} (from ${found.source})`);
      return found;
    });
    return rootPromise;
  };
  const locus = lazyLocus(root, options.locus);
  mcp.server.oninitialized = () => void root();
  registerTools(mcp, locus.get, log);

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= locus.close().finally(() => mcp.close());
    return closing;
  };
  return { mcp, root, close };
}

/** The shared Locus, created on first use; a failed creation is reported and retried by the next call. */
function lazyLocus(
  root: () => Promise<{ root: string }>,
  options: LocusMcpOptions['locus'],
): { get: () => Promise<Locus>; close: () => Promise<void> } {
  let current: Promise<Locus> | undefined;
  let closed = false;
  const get = () => {
    if (closed) return Promise.reject(shuttingDown());
    if (current) return current;
    // Imported on first use: the operations, tree-sitter and the LSP layer are most of the start-up
    // time, and `initialize` needs none of them (docs/performance.md, "MCP start").
    const created = Promise.all([root(), import('../ops/locus.js')]).then(([{ root: dir }, ops]) => {
      if (closed) throw shuttingDown();
      return ops.createLocus({ watchFiles: true, ...options, root: dir });
    });
    created.catch(() => {
      if (current === created) current = undefined;
    });
    current = created;
    return created;
  };
  const close = async () => {
    closed = true;
    const pending = current;
    if (pending) await (await pending.catch(() => undefined))?.close();
  };
  return { get, close };
}

function shuttingDown(): LocusError {
  return new LocusError('SERVER_FAILED', 'Locus is shutting down (the client disconnected).', {
    hint: 'Reconnect to start a new session.',
  });
}

/**
 * Serves MCP on stdin/stdout until the client disconnects (stdin ends or stdout breaks), then shuts every
 * language server down. Resolves once everything is closed.
 */
export async function runStdioServer(options: LocusMcpOptions = {}): Promise<void> {
  const log = options.log ?? logToStderr;
  const server = createLocusMcpServer({ ...options, log });
  const disconnected = new Promise<string>((resolve) => {
    process.stdin.once('end', () => resolve('stdin ended'));
    process.stdin.once('close', () => resolve('stdin closed'));
    process.stdout.on('error', (error) => resolve(`stdout failed: ${error.message}`));
    server.mcp.server.onclose = () => resolve('transport closed');
  });
  await server.mcp.connect(new StdioServerTransport());
  log('ready on stdio');
  const reason = await disconnected;
  log(`${reason}; shutting down`);
  await server.close();
  log('closed');
}
