/**
 * Shared state of the operations: the offline locator (workspace + tree cache) and the language
 * servers. `createOpsContext` starts nothing; servers start lazily on the first request.
 */
import { LspManager, type LspManagerOptions } from '../lsp/manager.js';
import { FreshnessTracker } from './freshness.js';
import { createLocator, type Locator } from './locator.js';

/** Everything an operation needs. */
export interface OpsContext {
  locator: Locator;
  lsp: LspManager;
  /** Files the servers may know, checked against the disk before each request. */
  freshness: FreshnessTracker;
}

/** Options for the operations context. */
export interface OpsOptions {
  root: string;
  /** Watch the folders of files the servers know (long-lived processes: the freshness check is then O(1)). */
  watchFiles?: boolean;
  /** Overrides on top of `locus.config.json`. */
  lspConfig?: LspManagerOptions['config'];
}

/** Creates the context (reads the config; throws a LocusError when it is invalid). */
export function createOpsContext(options: OpsOptions): OpsContext {
  const locator = createLocator({ root: options.root });
  const lsp = new LspManager({
    workspaceRoot: locator.root,
    ...(options.lspConfig ? { config: options.lspConfig } : {}),
  });
  return { locator, lsp, freshness: new FreshnessTracker(options.watchFiles ?? false) };
}

/** Shuts every server down and releases the trees. */
export async function closeOpsContext(context: OpsContext): Promise<void> {
  context.freshness.close();
  try {
    await context.lsp.closeAll();
  } finally {
    await context.locator.close();
  }
}
