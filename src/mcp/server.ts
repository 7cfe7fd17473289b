/**
 * The Locus MCP server (docs/mcp.md): one tool per operation plus locate, describe and outline, over stdio.
 * Calls run concurrently — nothing here serialises them; each waits only for its own language server.
 * One Locus per workspace root, created lazily (src/mcp/workspaces.ts); `close()` shuts every language server
 * down. Only protocol goes to stdout; logs go to stderr.
 */
import { packageVersion } from '../config/package-version.js';
import type { LspLogEvent, LspLogListener } from '../lsp/events.js';
import type { OpsOptions } from '../ops/context/context.js';
import { resolveRoots, type FoundRoots, type RootSource } from './root.js';
import { Workspaces } from './workspaces.js';
import { LOCATE_OBJECT_FORM, LOCATE_SYNTAX } from './locate-syntax.js';
import { GuardedStdioTransport } from './guarded-stdio.js';
import { McpSession } from './protocol.js';
import { toolListing } from './tool-listing.js';
import type { ToolRouting } from './tools/index.js';

/** How long a tool call waits for the first index build before answering from what is indexed. */
const INDEX_WAIT_MS = 20_000;

/** Options of the MCP server. */
export interface LocusMcpOptions {
  /** Workspace root; when absent, every root the client lists (else the current directory). */
  root?: string;
  /** Extra options for the Locus instance (e.g. language-server configuration overrides). */
  locus?: Omit<OpsOptions, 'root'>;
  /** Where log lines go (default: stderr). */
  log?: (message: string) => void;
}

/** A server not yet connected to a transport, and how to shut it down. */
export interface LocusMcpServer {
  readonly mcp: McpSession;
  /** The primary workspace root (resolving the roots on first use). */
  root(): Promise<{ root: string; source: RootSource }>;
  /** Every workspace root. */
  roots(): Promise<string[]>;
  /** Shuts every language server down and closes the connection; idempotent. */
  close(): Promise<void>;
}

/** Instructions sent to the client at initialisation. */
export const INSTRUCTIONS = `Locus points at code the way you would describe it — "in Cart.total, at return <|>subtotal" — resolves that with syntax trees, then asks the project's real language server (definition, references, rename, hover, completion, signature help, code actions, formatting).

${LOCATE_SYNTAX}
${LOCATE_OBJECT_FORM}
Every \`locate\` argument takes this syntax; the tools' schemas do not repeat it.

Start with \`outline\` (the symbols of a file, each with a locate string) or \`locate\`. Every place in an answer comes with a locate string you can pass straight to the next call. Failures come back as results with an error code and a hint (e.g. the nearest matching lines with ready locate strings). rename, code_actions and format_range only preview (a diff and a fingerprint) unless you pass apply: true.`;

/**
 * Sends `notifications/message` to the client (docs/mcp.md, "Logging"); the session (protocol.ts) drops what is
 * below the level the client set with `logging/setLevel`. Never throws (before the connection exists the message
 * is dropped).
 */
function clientLogger(
  mcp: McpSession,
): (level: LspLogEvent['level'], logger: string, message: string) => void {
  return (level, logger, message) => {
    if (!mcp.isConnected()) return;
    mcp.sendLoggingMessage({ level, logger, data: message }).catch(() => undefined);
  };
}

/** Writes a log line to stderr. */
export function logToStderr(message: string): void {
  process.stderr.write(`locus mcp: ${message}\n`);
}

/** Creates the MCP server with every tool registered. */
export function createLocusMcpServer(options: LocusMcpOptions = {}): LocusMcpServer {
  const log = options.log ?? logToStderr;
  const mcp = new McpSession(
    { name: 'locus', title: 'Locus', version: packageVersion() },
    { capabilities: { tools: {}, logging: {} }, instructions: INSTRUCTIONS },
  );
  const clientLog = clientLogger(mcp);
  const onLog: LspLogListener = (event) => {
    log(`${event.server}: ${event.message}`);
    clientLog(event.level, 'lsp', event.message);
  };
  // A long-lived server watches folders instead of sweeping, and answers within 20 s of a cold index
  // build (saying how far it got) rather than blocking an agent on a huge tree.
  const workspaces = new Workspaces(
    { index: { watch: true, waitMs: INDEX_WAIT_MS }, watchFiles: true, ...options.locus, onLog },
    (error) => clientLog('error', 'locus', `${error.code}: ${error.message}`),
    (warning) => {
      log(warning);
      clientLog('warning', 'config', warning);
    },
  );
  let found: Promise<FoundRoots> | undefined;
  const roots = () => {
    found ??= resolveRoots(mcp, options.root, log).then(async (result) => {
      log(`workspace roots ${result.roots.join(', ')} (from ${result.source})`);
      await workspaces.setRoots(result.roots);
      return result;
    });
    return found;
  };
  mcp.oninitialized = () => void roots();
  mcp.setNotificationHandler('notifications/roots/list_changed', async () => {
    if (options.root !== undefined) return log('roots changed; --root was given, so they are not followed');
    const previous = found ?? Promise.resolve(undefined);
    found = previous.then(async () => {
      const result = await resolveRoots(mcp, undefined, log);
      log(`workspace roots changed: ${result.roots.join(', ')}`);
      clientLog('info', 'locus', `workspace roots: ${result.roots.join(', ')}`);
      await workspaces.setRoots(result.roots);
      return result;
    });
    await found;
  });
  const route = async (args: Record<string, unknown>) => {
    await roots();
    return workspaces.route(args);
  };
  const routing: ToolRouting = {
    route,
    log: (message) => {
      log(message);
      clientLog('error', 'locus', message);
    },
  };
  mcp.setRequestHandler('tools/list', async () => {
    const tools = await toolListing();
    // An agent lists the tools, then thinks: load what a call needs (zod, the tools) in that pause.
    void import('./tools/index.js');
    return tools;
  });
  mcp.setRequestHandler('tools/call', async (params, context) =>
    (await import('./tools/index.js')).answerToolCall(params, context, routing),
  );

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= workspaces.close().finally(() => mcp.close());
    return closing;
  };
  const root = async () => {
    const result = await roots();
    return { root: workspaces.current[0] ?? result.roots[0] ?? process.cwd(), source: result.source };
  };
  const allRoots = async () => {
    await roots();
    return [...workspaces.current];
  };
  return { mcp, root, roots: allRoots, close };
}

/**
 * Serves MCP on stdin/stdout until the client disconnects (stdin ends — the calls already running are still
 * answered — or stdout breaks), then shuts every language server down. Resolves once everything is closed.
 */
export async function runStdioServer(options: LocusMcpOptions = {}): Promise<void> {
  const log = options.log ?? logToStderr;
  const server = createLocusMcpServer({ ...options, log });
  // The transport closes when stdout breaks, or once the input ended and the calls still running were answered.
  const disconnected = new Promise<void>((resolve) => (server.mcp.onclose = resolve));
  const transport = new GuardedStdioTransport();
  await server.mcp.connect(transport);
  log('ready on stdio');
  await disconnected;
  log(`${transport.reason}; shutting down`);
  await server.close();
  log('closed');
}
