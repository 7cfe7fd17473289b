/**
 * The tree-sitter runtime: one `Parser.init()` per process, one `Language` and one `Parser` per
 * language id, one compiled symbol query per language. Everything is loaded lazily, so a run that
 * touches one language pays only for that grammar. Cached parsers and queries live as long as
 * the process; trees are the caller's to delete.
 */
import { Language, Parser, Query } from 'web-tree-sitter';
import { LocusError } from '../core/errors.js';
import type { LanguageHooks } from './hooks.js';
import { grammarEntry, languageIds, readQuerySource, wasmBytes } from './registry.js';
import { runtimeStarting } from './startup.js';

export { preferFastStartup } from './startup.js';

/** A loaded grammar with everything extraction needs. */
export interface LoadedLanguage {
  id: string;
  language: Language;
  parser: Parser;
  hooks: LanguageHooks;
}

let initPromise: Promise<void> | undefined;
/** Grammars are never unloaded (web-tree-sitter has no `Language.delete`), so never load one twice. */
const grammars = new Map<string, Promise<Language>>();
const languages = new Map<string, Promise<LoadedLanguage>>();
const queries = new Map<string, Query | null>();

/** Initialises web-tree-sitter once per process. */
export function initRuntime(): Promise<void> {
  runtimeStarting();
  initPromise ??= Parser.init().catch((error: unknown) => {
    initPromise = undefined;
    throw error;
  });
  return initPromise;
}

/** The loaded grammar, parser and hooks of a language (each loaded at most once). */
export function loadLanguage(languageId: string): Promise<LoadedLanguage> {
  let loading = languages.get(languageId);
  if (!loading) {
    loading = doLoad(languageId);
    languages.set(languageId, loading);
    loading.catch(() => languages.delete(languageId));
  }
  return loading;
}

async function doLoad(languageId: string): Promise<LoadedLanguage> {
  const entry = grammarEntry(languageId);
  await initRuntime();
  const [language, hooks] = await Promise.all([loadGrammar(languageId), loadHooks(entry.hooks)]);
  const parser = new Parser();
  parser.setLanguage(language);
  return { id: languageId, language, parser, hooks };
}

function loadGrammar(languageId: string): Promise<Language> {
  let loading = grammars.get(languageId);
  if (!loading) {
    loading = Promise.resolve().then(() => Language.load(wasmBytes(languageId)));
    grammars.set(languageId, loading);
    loading.catch(() => grammars.delete(languageId));
  }
  return loading;
}

/**
 * The hook modules by the name the grammar manifest gives (`hooks`, default the language id). Imported on
 * first use, so a run pays only for the languages it touches; a name not listed uses the default hooks.
 */
const HOOK_MODULES: Readonly<Record<string, () => Promise<{ hooks: LanguageHooks }>>> = {
  bash: () => import('./languages/bash.js'),
  c: () => import('./languages/c.js'),
  csharp: () => import('./languages/csharp.js'),
  go: () => import('./languages/go.js'),
  kotlin: () => import('./languages/kotlin.js'),
  lua: () => import('./languages/lua.js'),
  php: () => import('./languages/php.js'),
  python: () => import('./languages/python.js'),
  ruby: () => import('./languages/ruby.js'),
  rust: () => import('./languages/rust.js'),
  scala: () => import('./languages/scala.js'),
  swift: () => import('./languages/swift.js'),
  typescript: () => import('./languages/typescript.js'),
};

async function loadHooks(name: string): Promise<LanguageHooks> {
  const load = Object.hasOwn(HOOK_MODULES, name) ? HOOK_MODULES[name] : undefined;
  return load === undefined ? {} : (await load()).hooks;
}

/**
 * The compiled symbol query of a loaded language (its `symbols.scm` plus a generated `@comment`
 * pattern), or undefined when the language has no query file yet. Throws `QueryError` when the
 * query does not compile against the grammar.
 */
export function symbolQuery(loaded: LoadedLanguage): Query | undefined {
  const cached = queries.get(loaded.id);
  if (cached !== undefined) return cached ?? undefined;
  const source = readQuerySource(loaded.id);
  const query =
    source === undefined ? null : new Query(loaded.language, source + '\n' + commentPattern(loaded.language));
  queries.set(loaded.id, query);
  return query ?? undefined;
}

/** `[(comment) (line_comment) …] @comment` over the grammar's visible named comment node types. */
function commentPattern(language: Language): string {
  const types = new Set<string>();
  for (let id = 0; id < language.nodeTypeCount; id++) {
    const type = language.nodeTypeForId(id);
    if (!type || !/(^|_)comment$/.test(type)) continue;
    if (language.nodeTypeIsNamed(id) && language.nodeTypeIsVisible(id)) types.add(type);
  }
  return types.size === 0 ? '' : `[${[...types].map((t) => `(${t})`).join(' ')}] @comment`;
}

/** The symbol query of a language, loading it first; `UNSUPPORTED_LANGUAGE` when there is none. */
export async function requireSymbolQuery(
  languageId: string,
): Promise<{ loaded: LoadedLanguage; query: Query }> {
  const loaded = await loadLanguage(languageId);
  const query = symbolQuery(loaded);
  if (!query) {
    throw new LocusError('UNSUPPORTED_LANGUAGE', `no symbol query for language "${languageId}" yet`, {
      hint: 'line scopes and find work for this file; symbol scopes do not',
    });
  }
  return { loaded, query };
}

/** Outcome of loading one language's grammar and compiling its symbol query. */
export interface CompileResult {
  languageId: string;
  /** Whether a symbols.scm exists for it. */
  hasQuery: boolean;
  /** Number of patterns in the compiled query (0 without one). */
  patterns: number;
  /** Error message when loading or compiling failed. */
  error?: string;
}

/** Loads every manifest grammar (or the given ones) and compiles each existing symbol query. */
export async function compileAll(ids: readonly string[] = languageIds()): Promise<CompileResult[]> {
  const results: CompileResult[] = [];
  for (const languageId of ids) {
    try {
      const query = symbolQuery(await loadLanguage(languageId));
      results.push({ languageId, hasQuery: query !== undefined, patterns: query?.patternCount() ?? 0 });
    } catch (error) {
      results.push({ languageId, hasQuery: true, patterns: 0, error: describeError(error) });
    }
  }
  return results;
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const extra = error as Error & { index?: number; length?: number };
    return extra.index === undefined ? error.message : `${error.message} (at offset ${extra.index})`;
  }
  return String(error);
}

/** Ids of the grammars loaded so far (for tests of laziness). */
export function loadedLanguageIds(): string[] {
  return [...grammars.keys()];
}
