/**
 * Where a CLI command gets its workspace: in a one-shot process a fresh locator or Locus made for the call and
 * closed after it; in the background Locus a warm one kept between calls (cli/daemon/sessions.ts). Either way the
 * command sees the same options and prints the same config warnings.
 */
import type { Locator } from '../ops/locating/locator.js';
import type { Locus } from '../ops/locus.js';

/** The index's own progress (files done of total). */
export type IndexProgressListener = (progress: { done: number; total: number }) => void;

/** A workspace lent to one call. */
export interface Lease<T> {
  readonly value: T;
  /** The config's warnings (untrusted keys ignored), for the commands that print them. */
  readonly warnings: readonly string[];
  /** Hands it back (a one-shot process closes it). */
  release(): Promise<void>;
}

/** What a command asks for. */
export interface SessionRequest {
  /** The workspace root, absolute. */
  root: string;
  /** `--trust` (for the commands that take it). */
  trust: boolean;
  /** Hears the index build this call waits for. */
  onIndexProgress?: IndexProgressListener | undefined;
}

/** Offline commands: keep outlines on disk by content between one-shot processes (docs/performance.md). */
export interface LocatorRequest extends SessionRequest {
  outlineCache: boolean;
}

/** The source of workspaces. */
export interface Sessions {
  locator(request: LocatorRequest): Promise<Lease<Locator>>;
  locus(request: SessionRequest): Promise<Lease<Locus>>;
}

/** One workspace per call, closed after it (a one-shot process; the daemon for another root). */
export const oneShotSessions: Sessions = {
  async locator({ root, trust, outlineCache, onIndexProgress }) {
    const { createLocator } = await import('../ops/locating/locator.js');
    const locator = createLocator({
      root,
      ...(outlineCache ? { outlineCache } : {}),
      ...(trust ? { trust } : {}),
      ...(onIndexProgress ? { index: { onProgress: onIndexProgress } } : {}),
    });
    // A language declared without a grammar takes its outline from its server (docs/configuration.md): started
    // only when such a file's symbols are asked, and stopped with the call.
    let stopServers = async (): Promise<void> => {};
    if (locator.workspace.languages.declaresAny) {
      try {
        const { serverOutlinesFor } = await import('../ops/context/server-outlines.js');
        stopServers = serverOutlinesFor(locator.syntax, root, trust);
      } catch (error) {
        await locator.close(); // a declaration the server manager refuses (CONFIG_INVALID)
        throw error;
      }
    }
    const release = async (): Promise<void> => {
      await stopServers();
      await locator.close();
    };
    return { value: locator, warnings: locator.configWarnings, release };
  },
  async locus({ root, trust, onIndexProgress }) {
    // Loaded lazily: the LSP stack costs ~100 ms of imports that offline commands must not pay.
    const { createLocus } = await import('../ops/locus.js');
    const locus = createLocus({
      root,
      ...(trust ? { trust } : {}),
      ...(onIndexProgress ? { index: { onProgress: onIndexProgress } } : {}),
    });
    return { value: locus, warnings: locus.context.lsp.configWarnings, release: () => locus.close() };
  },
};

/** Runs `use` with a lent workspace and hands it back, whatever `use` does. */
export async function withLease<T, R>(lease: Lease<T>, use: (value: T) => Promise<R>): Promise<R> {
  try {
    return await use(lease.value);
  } finally {
    await lease.release();
  }
}
