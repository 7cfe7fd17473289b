/**
 * The Locus MCP server (SPEC §10.3): one tool per operation plus locate, describe and outline, over stdio.
 * Calls run concurrently — nothing here serialises them; each waits only for its own language server.
 * The shared Locus is created lazily once the workspace root is known, and `close()` shuts every
 * language server down. Only protocol goes to stdout; logs go to stderr.
 */
import { readFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { isLocusError, LocusError } from '../core/errors.js';
import type { LspLogEvent, LspLogListener } from '../lsp/events.js';
import { createLocus, type Locus } from '../ops/locus.js';
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

/**
 * Sends `notifications/message` to the client (docs/mcp.md, "Logging"); the SDK drops what is below the level
 * the client set with `logging/setLevel`. Never throws (before the connection exists the message is dropped).
 */
function clientLogger(
  mcp: McpServer,
): (level: LspLogEvent['level'], logger: string, message: string) => void {
  return (level, logger, message) => {
    if (!mcp.isConnected()) return;
    mcp.server.sendLoggingMessage({ level, logger, data: message }).catch(() => undefined);
  };
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
    { capabilities: { tools: {}, logging: {} }, instructions: INSTRUCTIONS },
  );
  const clientLog = clientLogger(mcp);
  const onLog: LspLogListener = (event) => {
    log(`${event.server}: ${event.message}`);
    clientLog(event.level, 'lsp', event.message);
  };
  let rootPromise: Promise<{ root: string; source: RootSource }> | undefined;
  const root = () => {
    rootPromise ??= resolveRoot(mcp.server, options.root, log).then((found) => {
      log(`workspace root ${found.root} (from ${found.source})`);
      return found;
    });
    return rootPromise;
  };
  const locus = lazyLocus(root, { ...options.locus, onLog }, (error) =>
    clientLog('error', 'locus', `${error.code}: ${error.message}`),
  );
  mcp.server.oninitialized = () => void root();
  registerTools(mcp, locus.get, (message) => {
    log(message);
    clientLog('error', 'locus', message);
  });

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
  failed: (error: LocusError) => void,
): { get: () => Promise<Locus>; close: () => Promise<void> } {
  let current: Promise<Locus> | undefined;
  let closed = false;
  const get = () => {
    if (closed) return Promise.reject(shuttingDown());
    if (current) return current;
    const created = root().then(({ root: dir }) => {
      if (closed) throw shuttingDown();
      return createLocus({ ...options, root: dir });
    });
    created.catch((error: unknown) => {
      if (current === created) current = undefined;
      // Configuration problems surface here (CONFIG_INVALID): tell the client's log as well as the call.
      if (isLocusError(error)) failed(error);
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
