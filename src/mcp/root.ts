/**
 * The workspace root of an MCP session (docs/mcp.md): `--root`, else the client's first `file://` root
 * (asked with `roots/list` when the client declares roots support), else the current directory. The
 * root is fixed for the session once the first tool needs it; later root changes are not followed.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

/** How long to wait for the client's `roots/list` answer. */
export const ROOTS_TIMEOUT_MS = 5_000;

/** Where a root came from (reported in the logs). */
export type RootSource = 'option' | 'client' | 'cwd';

/** Resolves the root for a connected server. */
export async function resolveRoot(
  server: Server,
  explicit: string | undefined,
  log: (message: string) => void,
): Promise<{ root: string; source: RootSource }> {
  if (explicit !== undefined) return { root: resolve(explicit), source: 'option' };
  if (server.getClientCapabilities()?.roots) {
    try {
      const { roots } = await server.listRoots(undefined, { timeout: ROOTS_TIMEOUT_MS });
      const first = roots.find((r) => r.uri.startsWith('file:'));
      if (first) return { root: fileURLToPath(first.uri), source: 'client' };
      log('the client listed no file:// root; using the current directory');
    } catch (error) {
      log(
        `roots/list failed (${error instanceof Error ? error.message : String(error)}); using the current directory`,
      );
    }
  }
  return { root: process.cwd(), source: 'cwd' };
}
