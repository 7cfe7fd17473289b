/**
 * The tree-sitter runtime: one copy of web-tree-sitter (its WebAssembly instance, `binding.ts`) at a time,
 * one `Language` and one `Parser` per language id in it, one compiled symbol query per loaded language.
 * Everything is loaded lazily, so a run that touches one language pays only for that grammar. Trees are
 * the caller's to delete. A long-lived process drops the copy when nothing of it is in use
 * (`recycleRuntime`: its memory high-water mark and every compiled grammar go with it) and the next load
 * starts a fresh one (docs/performance.md, "Memory").
 */
import type { Query } from 'web-tree-sitter';
import { LocusError } from '../core/errors.js';
import { freshBinding, type Binding, type TreeSitterModule } from './binding.js';
import type { LanguageHooks } from './hooks.js';
import { grammarEntry, languageIds, readQuerySource, wasmBytes } from './registry.js';
import { runtimeStarting } from './startup.js';

export { preferFastStartup } from './startup.js';
export { treeTotals } from './binding.js';

/** A loaded grammar with everything extraction needs. */
export interface LoadedLanguage {
  id: string;
  language: Language;
  parser: Parser;
  hooks: LanguageHooks;
}

type Language = InstanceType<TreeSitterModule['Language']>;
type Parser = InstanceType<TreeSitterModule['Parser']>;

/** One copy of web-tree-sitter and what was loaded into it. */
interface Generation {
  binding: Promise<Binding>;
  /** Set once the copy is initialised. */
  ready: Binding | undefined;
  /** Grammars are never unloaded singly (web-tree-sitter has no `Language.delete`): only with their copy. */
  languages: Map<string, Promise<LoadedLanguage>>;
  /** Loads in flight. */
  loading: number;
}

let current: Generation | undefined;
let recycled = 0;
/** The copy a loaded language belongs to (its queries must be compiled by the same copy). */
const modules = new WeakMap<LoadedLanguage, TreeSitterModule>();
const queries = new WeakMap<LoadedLanguage, Query | null>();
const commentQueries = new WeakMap<LoadedLanguage, Query | null>();

function generation(): Generation {
  if (current) return current;
  runtimeStarting();
  const gen: Generation = { binding: freshBinding(), ready: undefined, languages: new Map(), loading: 0 };
  gen.binding.then(
    (binding) => (gen.ready = binding),
    () => {
      if (current === gen) current = undefined;
    },
  );
  current = gen;
  return gen;
}

/** The loaded grammar, parser and hooks of a language (each loaded at most once per copy). */
export function loadLanguage(languageId: string): Promise<LoadedLanguage> {
  const gen = generation();
  let loading = gen.languages.get(languageId);
  if (!loading) {
    gen.loading++;
    loading = doLoad(gen, languageId);
    gen.languages.set(languageId, loading);
    loading.then(
      () => gen.loading--,
      () => {
        gen.loading--;
        gen.languages.delete(languageId);
      },
    );
  }
  return loading;
}

async function doLoad(gen: Generation, languageId: string): Promise<LoadedLanguage> {
  const entry = grammarEntry(languageId);
  const { ts } = await gen.binding;
  const [language, hooks] = await Promise.all([
    Promise.resolve().then(() => ts.Language.load(wasmBytes(languageId))),
    loadHooks(entry.hooks),
  ]);
  const parser = new ts.Parser();
  parser.setLanguage(language);
  const loaded: LoadedLanguage = { id: languageId, language, parser, hooks };
  modules.set(loaded, ts);
  return loaded;
}

/**
 * Drops the current copy of web-tree-sitter when nothing of it is in use — no load in flight and no tree
 * alive (every tree any caller parsed with it deleted) — and returns whether it did. The next load starts
 * a fresh copy; a `LoadedLanguage` still held keeps its own copy working until it is let go.
 */
export function recycleRuntime(): boolean {
  const gen = current;
  if (!gen || gen.loading > 0 || !gen.ready || gen.ready.liveTrees() > 0) return false;
  current = undefined;
  recycled++;
  return true;
}

/** True while a copy of web-tree-sitter is started (not dropped since). */
export function runtimeAlive(): boolean {
  return current !== undefined;
}

/** Whether the current copy has (or is loading) the grammar of a language, and how many it has. */
export function runtimeLanguages(languageId: string): { count: number; has: boolean } {
  const languages = current?.languages;
  return { count: languages?.size ?? 0, has: languages?.has(languageId) ?? false };
}

/** Size of the current copy's WebAssembly memory (0 without one). */
export function runtimeHeapBytes(): number {
  return current?.ready?.heapBytes() ?? 0;
}

/** What the current copy holds (for the tree cache's recycling policy, tests and the bench). */
export interface RuntimeStats {
  /** Copies dropped so far. */
  recycled: number;
  /** Languages loaded (or loading) into the current copy. */
  languages: string[];
  liveTrees: number;
  /** Grammar loads in flight. */
  loading: number;
  /** Size of the current copy's WebAssembly memory (0 without one). */
  heapBytes: number;
}

/** The current copy's counters. */
export function runtimeStats(): RuntimeStats {
  const ready = current?.ready;
  return {
    recycled,
    languages: loadedLanguageIds(),
    liveTrees: ready?.liveTrees() ?? 0,
    loading: current?.loading ?? 0,
    heapBytes: runtimeHeapBytes(),
  };
}

/**
 * The hook modules by the name the grammar manifest gives (`hooks`, default the language id). Imported on
 * first use, so a run pays only for the languages it touches; a name not listed uses the default hooks.
 */
const HOOK_MODULES: Readonly<Record<string, () => Promise<{ hooks: LanguageHooks }>>> = {
  bash: () => import('./languages/bash.js'),
  c: () => import('./languages/c.js'),
  csharp: () => import('./languages/csharp.js'),
  css: () => import('./languages/css.js'),
  dart: () => import('./languages/dart.js'),
  elixir: () => import('./languages/elixir.js'),
  go: () => import('./languages/go.js'),
  json: () => import('./languages/json.js'),
  kotlin: () => import('./languages/kotlin.js'),
  lua: () => import('./languages/lua.js'),
  markdown: () => import('./languages/markdown.js'),
  markup: () => import('./languages/markup.js'),
  objc: () => import('./languages/objc.js'),
  ocaml: () => import('./languages/ocaml.js'),
  php: () => import('./languages/php.js'),
  python: () => import('./languages/python.js'),
  ruby: () => import('./languages/ruby.js'),
  rust: () => import('./languages/rust.js'),
  scala: () => import('./languages/scala.js'),
  solidity: () => import('./languages/solidity.js'),
  swift: () => import('./languages/swift.js'),
  toml: () => import('./languages/toml.js'),
  typescript: () => import('./languages/typescript.js'),
  yaml: () => import('./languages/yaml.js'),
  zig: () => import('./languages/zig.js'),
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
  const cached = queries.get(loaded);
  if (cached !== undefined) return cached ?? undefined;
  const ts = modules.get(loaded);
  if (!ts) throw new Error(`language "${loaded.id}" was not loaded by loadLanguage`);
  const source = readQuerySource(loaded.id);
  const query =
    source === undefined
      ? null
      : new ts.Query(loaded.language, source + '\n' + commentPattern(loaded.language));
  queries.set(loaded, query);
  return query ?? undefined;
}

/** The query capturing every comment node of a loaded language, or undefined when the grammar has none. */
export function commentQuery(loaded: LoadedLanguage): Query | undefined {
  const cached = commentQueries.get(loaded);
  if (cached !== undefined) return cached ?? undefined;
  const ts = modules.get(loaded);
  if (!ts) throw new Error(`language "${loaded.id}" was not loaded by loadLanguage`);
  const pattern = commentPattern(loaded.language);
  const query = pattern === '' ? null : new ts.Query(loaded.language, pattern);
  commentQueries.set(loaded, query);
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

/** Ids of the grammars loaded (or loading) into the current copy (for tests of laziness). */
export function loadedLanguageIds(): string[] {
  return [...(current?.languages.keys() ?? [])];
}
