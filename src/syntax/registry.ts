/**
 * Grammar registry: where a language's grammar wasm and symbol query live. The data is
 * `grammars/manifest.json`; the wasm files are vendored gzipped under `grammars/wasm/` (`npm run grammars`
 * copies them from the npm packages the manifest names; `grammars/wasm/provenance.json` records where
 * from). Gzip takes the 31 grammars from 52 MB to 4.8 MB installed; unzipping the largest (5 MB) takes
 * ~13 ms once. Which language a file is comes from the one language registry, `core/languages.ts`
 * (docs/languages.md).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { LocusError } from '../core/errors.js';
import { languageSpec } from '../core/languages.js';

/** One language of `grammars/manifest.json`. */
export interface GrammarEntry {
  /** Language id (`python`, `tsx`, …). */
  id: string;
  /** File extensions with the dot, lower-case (`.py`), from the language registry. */
  extensions: string[];
  /**
   * npm package and file inside it the vendored grammar wasm was copied from; for a collection of prebuilt grammars
   * also the grammar it holds and that grammar's licence.
   */
  wasm: { package: string; file: string; grammar?: string; license?: string };
  /** Symbol query files, relative to `grammars/`, concatenated in order (Objective-C = C's query + its own). */
  queries: string[];
  /** Hook module name under `src/syntax/languages/` (defaults to the id). */
  hooks: string;
}

interface RawEntry {
  wasm: GrammarEntry['wasm'];
  queries: string | string[];
  hooks?: string;
}

/** Absolute path of the `grammars/` directory (same relative place from `src/syntax` and `dist/syntax`). */
export const GRAMMARS_DIR = fileURLToPath(new URL('../../grammars/', import.meta.url));

let entries: Map<string, GrammarEntry> | undefined;

function load(): Map<string, GrammarEntry> {
  if (entries) return entries;
  const raw = JSON.parse(readFileSync(GRAMMARS_DIR + 'manifest.json', 'utf8')) as Record<string, RawEntry>;
  entries = new Map();
  for (const [id, entry] of Object.entries(raw)) {
    entries.set(id, {
      id,
      extensions: [...(languageSpec(id)?.extensions ?? [])],
      wasm: entry.wasm,
      queries: typeof entry.queries === 'string' ? [entry.queries] : entry.queries,
      hooks: entry.hooks ?? id,
    });
  }
  return entries;
}

/** Every language id of the manifest, in manifest order. */
export function languageIds(): string[] {
  return [...load().keys()];
}

/** The manifest entry of a language; `UNSUPPORTED_LANGUAGE` when the id is unknown. */
export function grammarEntry(languageId: string): GrammarEntry {
  const entry = load().get(languageId);
  if (!entry) {
    throw new LocusError('UNSUPPORTED_LANGUAGE', `no grammar for language "${languageId}"`, {
      hint: `known languages: ${languageIds().join(', ')}`,
    });
  }
  return entry;
}

/** True when the manifest has a grammar for the language id. */
export function hasGrammar(languageId: string): boolean {
  return load().has(languageId);
}

/** Absolute path of a language's vendored, gzipped grammar wasm. */
export function wasmPath(languageId: string): string {
  const { wasm } = grammarEntry(languageId);
  return `${GRAMMARS_DIR}wasm/${wasm.file.slice(wasm.file.lastIndexOf('/') + 1)}.gz`;
}

/**
 * The grammar wasm of a language, unzipped. node:zlib (and the stream modules it pulls in) loads here, on the
 * first grammar: an answer from a persisted outline never needs it (docs/performance.md, "Cold start").
 */
export function wasmBytes(languageId: string): Uint8Array {
  const { gunzipSync } = createRequire(import.meta.url)('node:zlib') as typeof import('node:zlib');
  return gunzipSync(readFileSync(wasmPath(languageId)));
}

/** Absolute paths of a language's symbol query files. */
export function queryPaths(languageId: string): string[] {
  return grammarEntry(languageId).queries.map((file) => GRAMMARS_DIR + file);
}

/**
 * Absolute paths of the grammar files that decide what an outline holds: the manifest, the record of where each
 * wasm came from (a new grammar version changes it), and every language's query files — the index version hashes
 * them (`index/cache.ts`). Listed from the manifest rather than the folder: reading `grammars/` recursively cost
 * ~4.5 ms of a one-shot `locate` (docs/performance.md, "Cold start").
 */
export function grammarFiles(): string[] {
  const queries = new Set([...load().values()].flatMap((entry) => entry.queries));
  return [
    GRAMMARS_DIR + 'manifest.json',
    GRAMMARS_DIR + 'wasm/provenance.json',
    ...[...queries].map((file) => GRAMMARS_DIR + file),
  ];
}

/** Source of a language's symbol query (its files joined), or undefined when the language has none yet. */
export function readQuerySource(languageId: string): string | undefined {
  try {
    return queryPaths(languageId)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
