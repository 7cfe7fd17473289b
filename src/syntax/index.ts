/** Public surface of the syntax layer (tree-sitter runtime, grammar registry, outlines, tree cache). */
export { languageForPath, languageIds, grammarEntry, type GrammarEntry } from './registry.js';
export {
  compileAll,
  disposeRuntime,
  loadedLanguageIds,
  preferFastStartup,
  type CompileResult,
} from './runtime.js';
export { extractOutline } from './outline.js';
export { identifierAt, type IdentifierInfo, type IdentifierRole } from './identifier.js';
export { TreeCache, type TreeCacheOptions, type TreeCacheStats } from './tree-cache.js';
export type {
  LanguageHooks,
  Candidate,
  SymbolMatch,
  PlaceContext,
  Placement,
  AncestorInfo,
} from './hooks.js';
