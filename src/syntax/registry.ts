/**
 * Grammar registry: which language a path is, where its grammar wasm and symbol query live.
 * The data is `grammars/manifest.json`; the wasm files are vendored gzipped under `grammars/wasm/` (`npm run
 * grammars` copies them from the npm packages the manifest names; `grammars/wasm/provenance.json` records where
 * from). Gzip takes the 17 grammars from 31 MB to 3 MB installed; unzipping the largest (5 MB) takes ~13 ms once.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { LocusError } from '../core/errors.js';

/** One language of `grammars/manifest.json`. */
export interface GrammarEntry {
  /** Language id (`python`, `tsx`, …). */
  id: string;
  /** File extensions with the dot, lower-case (`.py`). */
  extensions: string[];
  /** Interpreter names whose shebang (`#!/usr/bin/env bash`) selects this language for extension-less files. */
  shebangs: string[];
  /** npm package and file inside it the vendored grammar wasm was copied from. */
  wasm: { package: string; file: string };
  /** Symbol query file, relative to `grammars/`. */
  queries: string;
  /** Hook module name under `src/syntax/languages/` (defaults to the id). */
  hooks: string;
}

interface RawEntry {
  extensions: string[];
  shebangs?: string[];
  wasm: { package: string; file: string };
  queries: string;
  hooks?: string;
}

/** Absolute path of the `grammars/` directory (same relative place from `src/syntax` and `dist/syntax`). */
export const GRAMMARS_DIR = fileURLToPath(new URL('../../grammars/', import.meta.url));

let entries: Map<string, GrammarEntry> | undefined;
let byExtension: Map<string, string> | undefined;

function load(): Map<string, GrammarEntry> {
  if (entries) return entries;
  const raw = JSON.parse(readFileSync(GRAMMARS_DIR + 'manifest.json', 'utf8')) as Record<string, RawEntry>;
  entries = new Map();
  byExtension = new Map();
  for (const [id, entry] of Object.entries(raw)) {
    entries.set(id, {
      id,
      extensions: entry.extensions.map((e) => e.toLowerCase()),
      shebangs: entry.shebangs ?? [],
      wasm: entry.wasm,
      queries: entry.queries,
      hooks: entry.hooks ?? id,
    });
    for (const ext of entry.extensions) byExtension.set(ext.toLowerCase(), id);
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

/**
 * The language of a file from its extension (case-insensitive), or, for a file without a known
 * extension, from a shebang on the first line of `text` when given. Undefined when unknown.
 */
export function languageForPath(path: string, text?: string): string | undefined {
  load();
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  if (dot > 0) {
    const id = byExtension?.get(base.slice(dot).toLowerCase());
    if (id) return id;
  }
  return text === undefined ? undefined : languageForShebang(text);
}

function languageForShebang(text: string): string | undefined {
  const match = /^(?:\uFEFF)?#!\s*(\S+)(?:[ \t]+(\S+))?/.exec(text);
  if (!match) return undefined;
  const program = match[1] ?? '';
  const interpreter = program.endsWith('/env')
    ? (match[2] ?? '')
    : program.slice(program.lastIndexOf('/') + 1);
  for (const entry of load().values()) if (entry.shebangs.includes(interpreter)) return entry.id;
  return undefined;
}

/** Absolute path of a language's vendored, gzipped grammar wasm. */
export function wasmPath(languageId: string): string {
  const { wasm } = grammarEntry(languageId);
  return `${GRAMMARS_DIR}wasm/${wasm.file.slice(wasm.file.lastIndexOf('/') + 1)}.gz`;
}

/** The grammar wasm of a language, unzipped. */
export function wasmBytes(languageId: string): Uint8Array {
  return gunzipSync(readFileSync(wasmPath(languageId)));
}

/** Absolute path of a language's symbol query file. */
export function queryPath(languageId: string): string {
  return GRAMMARS_DIR + grammarEntry(languageId).queries;
}

/** Source of a language's symbol query, or undefined when the language has none yet. */
export function readQuerySource(languageId: string): string | undefined {
  try {
    return readFileSync(queryPath(languageId), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
