/**
 * The background Locus's workspaces (docs/operations.md, "The daemon"): one warm Locus per trust decision and
 * configuration of its root — the index with its watcher, the outlines, the running language servers — lent to
 * each call. The configuration is checked on every call (the files it comes from: the user config, the nearest
 * `locus.config.json`, git's excludes), as a one-shot process reads it on every call: when any of them changed, the
 * next call gets a new Locus and the old one is closed once no call uses it. Calls for another root (a `--root` the
 * daemon was not started for) get a one-shot workspace, exactly as in-process.
 */
import { findWorkspaceConfig, userConfigPath } from '../../config/load.js';
import { gitExcludeTexts } from '../../index/git-excludes.js';
import type { Locator } from '../../ops/locating/locator.js';
import type { Locus } from '../../ops/locus.js';
import { recoverApplies } from '../../workspace/apply-recovery.js';
import { fileStamp, realPathOf } from '../../workspace/files.js';
import {
  oneShotSessions,
  type IndexProgressListener,
  type Lease,
  type LocatorRequest,
  type SessionRequest,
  type Sessions,
} from '../sessions.js';

/** One warm workspace. */
interface Entry {
  key: string;
  /** Absent when the configuration is invalid: LSP commands get `error`, offline ones the locator on defaults. */
  locus?: Locus;
  error?: unknown;
  locator: Locator;
  warnings: readonly string[];
  /** Calls using it now, and the index progress listeners of those waiting for a build. */
  users: number;
  listeners: Set<IndexProgressListener>;
  /** Replaced by a newer configuration: closed when its last user leaves. */
  stale: boolean;
}

/** The daemon's source of workspaces for its root. */
export class DaemonSessions implements Sessions {
  private readonly entries = new Map<string, Promise<Entry>>();

  constructor(private readonly realRoot: string) {}

  async locator(request: LocatorRequest): Promise<Lease<Locator>> {
    if (!this.mine(request.root)) return oneShotSessions.locator(request);
    const entry = await this.enter(request);
    return this.lease(entry, entry.locator, request.onIndexProgress);
  }

  async locus(request: SessionRequest): Promise<Lease<Locus>> {
    if (!this.mine(request.root)) return oneShotSessions.locus(request);
    const entry = await this.enter(request);
    if (entry.locus === undefined) {
      await this.leave(entry, request.onIndexProgress);
      throw entry.error;
    }
    // Any Locus first settles an apply a crash interrupted (a one-shot process does so on every call).
    recoverApplies(this.realRoot);
    return this.lease(entry, entry.locus, request.onIndexProgress);
  }

  /** Closes every workspace (the daemon is leaving). */
  async close(): Promise<void> {
    const entries = await Promise.all([...this.entries.values()].map((e) => e.catch(() => undefined)));
    this.entries.clear();
    await Promise.all(entries.map((entry) => (entry ? closeEntry(entry) : undefined)));
  }

  /** Calls running now. */
  async busy(): Promise<number> {
    const entries = await Promise.all([...this.entries.values()].map((e) => e.catch(() => undefined)));
    return entries.reduce((sum, entry) => sum + (entry?.users ?? 0), 0);
  }

  private mine(root: string): boolean {
    try {
      return realPathOf(root) === this.realRoot;
    } catch {
      return false;
    }
  }

  private lease<T>(entry: Entry, value: T, listener: IndexProgressListener | undefined): Lease<T> {
    if (listener) entry.listeners.add(listener);
    let released = false;
    return {
      value,
      warnings: entry.warnings,
      release: async () => {
        if (released) return;
        released = true;
        await this.leave(entry, listener);
      },
    };
  }

  private async enter(request: SessionRequest): Promise<Entry> {
    const key = `${request.trust ? 'trusted' : 'untrusted'}\0${configFingerprint(this.realRoot)}`;
    let pending = this.entries.get(key);
    if (pending === undefined) {
      const listeners = new Set<IndexProgressListener>();
      const made = createEntry(this.realRoot, key, request.trust, (progress) => {
        for (const listener of listeners) listener(progress);
      });
      pending = made.then((entry) => ({ ...entry, listeners }));
      const mine = pending;
      // A workspace that could not be made (the root went away) is not kept: the next call tries again.
      pending.catch(() => this.entries.get(key) === mine && this.entries.delete(key));
      this.entries.set(key, pending);
      await this.retire(key, request.trust);
    }
    const entry = await pending;
    entry.users++;
    return entry;
  }

  /** Marks the other workspaces of the same trust stale (their configuration changed) and closes the idle ones. */
  private async retire(current: string, trust: boolean): Promise<void> {
    const prefix = trust ? 'trusted\0' : 'untrusted\0';
    for (const [key, pending] of [...this.entries]) {
      if (key === current || !key.startsWith(prefix)) continue;
      this.entries.delete(key);
      const entry = await pending.catch(() => undefined);
      if (!entry) continue;
      entry.stale = true;
      if (entry.users === 0) await closeEntry(entry);
    }
  }

  private async leave(entry: Entry, listener: IndexProgressListener | undefined): Promise<void> {
    if (listener) entry.listeners.delete(listener);
    entry.users--;
    if (entry.stale && entry.users === 0) await closeEntry(entry);
  }
}

/**
 * What the configuration of a root depends on besides the environment (part of the daemon's key): the user
 * config, the nearest `locus.config.json` and git's excludes files.
 */
function configFingerprint(realRoot: string): string {
  const workspaceConfig = findWorkspaceConfig(realRoot);
  return [
    fileStamp(userConfigPath()),
    workspaceConfig ?? '',
    workspaceConfig === undefined ? '' : fileStamp(workspaceConfig),
    ...gitExcludeTexts(realRoot),
  ].join('\0');
}

async function createEntry(
  root: string,
  key: string,
  trust: boolean,
  onProgress: IndexProgressListener,
): Promise<Omit<Entry, 'listeners'>> {
  // Kept fresh by watchers, as the MCP server's (docs/workspace.md, "Building, caching and freshness").
  const index = { watch: true, onProgress };
  const base = { key, users: 0, stale: false };
  try {
    const { createLocus } = await import('../../ops/locus.js');
    const locus = createLocus({ root, ...(trust ? { trust } : {}), watchFiles: true, index });
    return { ...base, locus, locator: locus.context.locator, warnings: locus.context.lsp.configWarnings };
  } catch (error) {
    // An invalid configuration: offline commands go on with the defaults, as a one-shot locator does.
    const { createLocator } = await import('../../ops/locating/locator.js');
    const locator = createLocator({ root, ...(trust ? { trust } : {}), index });
    return { ...base, error, locator, warnings: locator.configWarnings };
  }
}

async function closeEntry(entry: Entry): Promise<void> {
  await (entry.locus ? entry.locus.close() : entry.locator.close());
}
