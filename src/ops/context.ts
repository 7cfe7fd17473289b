/**
 * Shared state of the operations: the offline locator (workspace + tree cache) and the language
 * servers. `createOpsContext` starts nothing; servers start lazily on the first request.
 */
import type { CallScope } from '../core/call.js';
import type { LspLogListener } from '../lsp/events.js';
import { LspManager, type LspManagerOptions } from '../lsp/manager.js';
import { FreshnessTracker } from './freshness.js';
import { createLocator, type Locator } from './locator.js';

/** Everything an operation needs. */
export interface OpsContext {
  locator: Locator;
  lsp: LspManager;
  /** Files the servers may know, checked against the disk before each request. */
  freshness: FreshnessTracker;
  /** The call being served (abort signal, progress listener); set per call by `forCall`. */
  call?: CallScope;
}

/** Options for the operations context. */
export interface OpsOptions {
  root: string;
  /** Overrides on top of `locus.config.json`. */
  lspConfig?: LspManagerOptions['config'];
  /** Language-server lifecycle events (start, stop, restart, crash, timeout), for a log that is not stdout. */
  onLog?: LspLogListener;
}

/** Creates the context (reads the config; throws a LocusError when it is invalid). */
export function createOpsContext(options: OpsOptions): OpsContext {
  const locator = createLocator({ root: options.root });
  const lsp = new LspManager({
    workspaceRoot: locator.root,
    ...(options.lspConfig ? { config: options.lspConfig } : {}),
    ...(options.onLog ? { onLog: options.onLog } : {}),
  });
  return { locator, lsp, freshness: new FreshnessTracker() };
}

/** The context as one call sees it (shared state, that call's signal and progress listener). */
export function forCall(context: OpsContext, call: CallScope | undefined): OpsContext {
  if (call === undefined || (call.signal === undefined && call.onProgress === undefined)) return context;
  const scope: CallScope = {};
  if (call.signal !== undefined) scope.signal = call.signal;
  if (call.onProgress !== undefined) scope.onProgress = call.onProgress;
  return { ...context, call: scope };
}

/** Shuts every server down and releases the trees. */
export async function closeOpsContext(context: OpsContext): Promise<void> {
  try {
    await context.lsp.closeAll();
  } finally {
    await context.locator.close();
  }
}
