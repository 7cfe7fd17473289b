/** Locus library entry point (docs/architecture.md, "Layers"). */
export { createLocator, type Locator, type LocateInput, type DescribeResult } from './ops/locator.js';
export { createLocus, type Locus, type Outcome } from './ops/locus.js';
export type { LocateResult, LocateSuccess, LocateFailure, PlaceRef } from './locate/resolver.js';
export type { Locate, LocateRange, SymbolScope, LineScope } from './locate/model.js';
export { parseLocate, formatLocate } from './locate/locate-string.js';
export { LocusError, type ErrorCode, type ErrorData } from './core/errors.js';
export type { Position, Range } from './core/positions.js';
export type { SymbolsResult, SymbolsOptions, SymbolHit } from './ops/symbols.js';
export type { SearchResult, SearchOptions, SearchHit } from './ops/search.js';
export type { SourceResult, SourceOptions } from './ops/source.js';
export type { IndexAccessOptions, IndexProgress } from './ops/index-access.js';
export type { EditAction, EditOpOptions, EditOutcome, EditRequest, EditResult } from './ops/edit.js';
export { locateReanchored, type ReanchoredResult } from './ops/reanchor-locate.js';
