/** Public surface of the index layer: the workspace symbol index and its ranking rules. */
export { WorkspaceIndex } from './workspace-index.js';
export { SymbolStore, unpackSymbol, type IndexedSymbol } from './store.js';
export { queryParts, type RankedSymbol } from './name-query.js';
export { compareFiles, isDemotedPath, tierMatcher, humpMatch, TIER } from './rank.js';
export { cacheDirectory, cacheFile, indexVersion } from './cache.js';
export { Walker } from './walk.js';
export { KINDS, STRIDE } from './types.js';
export type {
  FileEntry,
  IndexOptions,
  IndexStatus,
  IndexProgress,
  ProgressListener,
  SkipCounts,
} from './types.js';
export { outlineOfEntry } from './outline.js';
