/**
 * The workspace roots of an MCP session (docs/mcp.md, "Roots"): `--root` (one root, fixed), else every
 * `file://` root the client lists (asked with `roots/list` when the client declares roots support, and again
 * on each `notifications/roots/list_changed`), else the current directory.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { McpSession } from './protocol.js';

/** How long to wait for the client's `roots/list` answer. */
export const ROOTS_TIMEOUT_MS = 5_000;

/** Where a root came from (reported in the logs). */
export type RootSource = 'option' | 'client' | 'cwd';

/** The roots found, the first being the primary one. */
export interface FoundRoots {
  roots: string[];
  source: RootSource;
}

/** Resolves the roots for a connected server. */
export async function resolveRoots(
  server: McpSession,
  explicit: string | undefined,
  log: (message: string) => void,
): Promise<FoundRoots> {
  if (explicit !== undefined) return { roots: [resolve(explicit)], source: 'option' };
  if (server.getClientCapabilities()?.roots) {
    try {
      const { roots } = await server.listRoots(undefined, { timeout: ROOTS_TIMEOUT_MS });
      const dirs = roots.filter((r) => r.uri.startsWith('file:')).map((r) => resolve(fileURLToPath(r.uri)));
      if (dirs.length > 0) return { roots: dirs, source: 'client' };
      log('the client listed no file:// root; using the current directory');
    } catch (error) {
      log(
        `roots/list failed (${error instanceof Error ? error.message : String(error)}); using the current directory`,
      );
    }
  }
  return { roots: [process.cwd()], source: 'cwd' };
}
