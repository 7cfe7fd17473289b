/**
 * The library (docs/architecture.md, "Public API"): locate strings or objects in, plain results out. Only types
 * from `ops/results/`, `locate/` and `core/` are exported, so a consumer's type graph stops before the workspace,
 * the syntax service and the language-server processes.
 */
import {
  createLocator as createWorkspaceLocator,
  type Locator as WorkspaceLocator,
} from './ops/locating/locator.js';
import { createLocus as createLocusWithContext } from './ops/locus.js';
import { locateReanchored as reanchored } from './ops/edits/reanchor-locate.js';
import type { LocateInput, LocatorApi, LocatorApiOptions } from './ops/results/locator.js';
import type { LocusApi } from './ops/results/locus.js';
import type { ReanchoredResult } from './ops/results/reanchor-locate.js';

export type { LocatorApi as Locator, LocatorApiOptions as LocatorOptions, LocateInput };
export type { DescribeResult, DescribeTarget } from './ops/results/locator.js';
export type { LocusApi as Locus, ReanchoredResult };
export type { Outcome, Failure } from './core/errors.js';
export type { LocateResult, LocateSuccess, LocateFailure, PlaceRef } from './locate/resolver.js';
export type { Locate, LocateRange, SymbolScope, LineScope } from './locate/model.js';
export { parseLocate, formatLocate } from './locate/locate-string.js';
export { LocusError, type ErrorCode, type ErrorData } from './core/errors.js';
export type { Position, Range } from './core/positions.js';
export type { SymbolsResult, SymbolsOptions, SymbolHit } from './ops/results/symbols.js';
export type { SearchResult, SearchOptions, SearchHit } from './ops/results/search.js';
export type { SourceResult, SourceOptions } from './ops/results/source.js';
export type { IndexProgress } from './core/index-progress.js';
export type { EditAction, EditOpOptions, EditOutcome, EditRequest, EditResult } from './ops/results/edit.js';

/** What a library user may set when creating Locus. */
export interface LocusOptions {
  root: string;
  /** Trust the workspace's `locus.config.json` (docs/configuration.md, "Workspace trust"). */
  trust?: boolean;
}

/** An offline locator over a workspace root: no language server, no network. */
export function createLocator(options: LocatorApiOptions): LocatorApi {
  return createWorkspaceLocator(options);
}

/** Locus over a workspace root; no server starts until an operation needs one. Close it when done. */
export function createLocus(options: LocusOptions): LocusApi {
  return createLocusWithContext(options);
}

/** Locates in the current text, or re-anchors a locate string an edit made stale (docs/locate-strings.md). */
export function locateReanchored(locator: LocatorApi, input: LocateInput): Promise<ReanchoredResult> {
  // Every LocatorApi this module hands out is a WorkspaceLocator underneath.
  return reanchored(locator as WorkspaceLocator, input);
}
