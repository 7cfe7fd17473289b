/**
 * Shared state of the operations: the offline locator (workspace + tree cache) and the language
 * servers. `createOpsContext` starts nothing; servers start lazily on the first request.
 */
import { DescribedPlaces } from './described-places.js';
import type { CallScope } from '../../core/call.js';
import type { LspLogListener } from '../../lsp/events.js';
import { join, resolve } from 'node:path';
import { loadLspConfig } from '../../lsp/config.js';
import { LspManager, type LspManagerOptions } from '../../lsp/manager.js';
import { recoverApplies } from '../../workspace/apply-recovery.js';
import { FreshnessTracker } from './freshness.js';
import { attachServerOutlines } from './server-outlines.js';
import type { IndexAccessOptions } from '../locating/index-access.js';
import { offlineSettingsOf } from '../locating/limits-config.js';
import { createLocator, type Locator } from '../locating/locator.js';
import type { Location } from 'vscode-languageserver-protocol';
import { LruMap } from '../../core/lru-map.js';

interface CachedReferences {
  text: string;
  epoch: number;
  at: number;
  answer: { result: Location[]; possiblyIncomplete: boolean; incompleteReason?: string };
}

/** Sorted answers of one ops context (`OpsContext.referenceAnswers`), so later pages do not ask the server again. */
export type ReferenceAnswers = LruMap<string, CachedReferences>;

const REFERENCE_ANSWERS_PER_CONTEXT = 8;

/** The answer cache of a new ops context. */
export function createReferenceAnswers(): ReferenceAnswers {
  return new LruMap({ maxEntries: REFERENCE_ANSWERS_PER_CONTEXT });
}

/** Everything an operation needs. */
export interface OpsContext {
  locator: Locator;
  lsp: LspManager;
  /** Files the servers may know, checked against the disk before each request. */
  freshness: FreshnessTracker;
  /** Sorted reference answers, for later pages of the same question (shared by every call of the context). */
  referenceAnswers: ReferenceAnswers;
  /** Locate strings of reported places, described once per file version and offset (absent: described each time). */
  describedPlaces?: DescribedPlaces;
  /** The call being served (abort signal, progress listener); set per call by `forCall`. */
  call?: CallScope;
}

/** Options for the operations context. */
export interface OpsOptions {
  root: string;
  /** How the workspace index is kept (watchers, waiting for the first build, progress). */
  index?: IndexAccessOptions;
  /** Watch the folders of files the servers know (long-lived processes: the freshness check is then O(1)). */
  watchFiles?: boolean;
  /** Overrides on top of `locus.config.json`. */
  lspConfig?: LspManagerOptions['config'];
  /** Trust the workspace's `locus.config.json` (docs/configuration.md, "Workspace trust"). */
  trust?: boolean;
  /** Language-server lifecycle events (start, stop, restart, crash, timeout), for a log that is not stdout. */
  onLog?: LspLogListener;
}

/**
 * Creates the context. The config is read here, once, and passed to the language servers, the locator and the
 * index (throws a LocusError when it is invalid).
 */
export function createOpsContext(options: OpsOptions): OpsContext {
  const loaded = loadLspConfig(resolve(options.root), options.lspConfig, {
    ...(options.trust === true ? { trust: true } : {}),
  });
  // The servers are made first (their options are checked there); the scripts are asked only at a server's start.
  const made: { locator?: Locator } = {};
  const root = resolve(options.root);
  const lsp = new LspManager({
    workspaceRoot: options.root,
    loaded,
    ...(options.onLog ? { onLog: options.onLog } : {}),
    // The index knows which extension-less files are scripts; bash-language-server only reads what its glob names.
    scriptsOf: async (language) =>
      ((await made.locator?.index.contentTyped(language)) ?? []).map((rel) => join(root, rel)),
  });
  const locator = createLocator({
    root: options.root,
    settings: offlineSettingsOf(loaded.config),
    ...(options.index ? { index: options.index } : {}),
  });
  made.locator = locator;
  attachServerOutlines(locator.syntax, lsp);
  // Any context can apply edits, so it first settles an apply that a crash interrupted.
  recoverApplies(locator.workspace.realRoot);
  return {
    locator,
    lsp,
    freshness: new FreshnessTracker(options.watchFiles ?? false),
    referenceAnswers: createReferenceAnswers(),
    describedPlaces: new DescribedPlaces(),
  };
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
  context.freshness.close();
  try {
    await context.lsp.closeAll();
  } finally {
    await context.locator.close();
  }
}
