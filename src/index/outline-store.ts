/**
 * Outlines persisted by content (docs/performance.md, "Cold start"): a one-shot process that needs the
 * outline of a text seen before — by any earlier process, for any file — reads it from the user cache
 * folder instead of loading tree-sitter, parsing and querying. Same folder, version hash and packed form
 * as the workspace index's cache; one small file per distinct (language, text), at most `MAX_ENTRIES`
 * (the oldest quarter is dropped beyond that). Anything unreadable, malformed or from another version is
 * a miss, never an error; writes are atomic (temporary file renamed into place).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Outline } from '../locate/outline.js';
import { cacheDirectory, decodeData, encodeData, indexVersion, writeAtomically } from './cache.js';
import { outlineOfEntry } from './outline.js';
import { packSymbols } from './pack.js';
import { STRIDE, type FileEntry } from './types.js';

const FORMAT = 'locus-outline/1';
/** Entries kept before the oldest quarter is removed (a few KiB each). */
const MAX_ENTRIES = 4096;
/** One write in this many counts the entries (counting lists every shard). */
const PRUNE_EVERY = 64;

interface StoredOutline {
  format: string;
  version: string;
  language: string;
  names: string[];
  data: string;
  prefixes?: string[][];
  errors: [number, number][];
}

/** Outlines on disk, keyed by language and text. */
export class OutlineStore {
  private readonly dir: string;

  /** `root` decides the cache folder the way the index does (`LOCUS_CACHE_DIR`, `index.cacheDir`, user cache). */
  constructor(root: string, configuredDir?: string) {
    this.dir = path.join(cacheDirectory(root, configuredDir), 'outlines');
  }

  /** The stored outline of `text`, or undefined. */
  get(language: string, text: string): Outline | undefined {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(this.fileOf(language, text), 'utf8'));
    } catch {
      return undefined;
    }
    const stored = parsed as Partial<StoredOutline>;
    if (stored.format !== FORMAT || stored.version !== indexVersion() || stored.language !== language)
      return undefined;
    const entry = entryOf(stored);
    if (!entry || !validErrors(stored.errors) || !fitsText(entry, text.length)) return undefined;
    const outline = outlineOfEntry(entry);
    outline.errors = stored.errors.map(([start, end]) => ({ start, end }));
    return outline;
  }

  /** Stores the outline of `text`; a failure to write is ignored (the next process parses again). */
  put(language: string, text: string, outline: Outline): void {
    const packed = packSymbols({ path: '', size: 0, mtimeMs: 0, language }, '', text, outline.symbols);
    const stored: StoredOutline = {
      format: FORMAT,
      version: indexVersion(),
      language,
      names: packed.names,
      data: encodeData(packed.data),
      errors: outline.errors.map((e) => [e.start, e.end]),
    };
    if (packed.prefixes) stored.prefixes = packed.prefixes;
    if (!writeAtomically(this.fileOf(language, text), JSON.stringify(stored))) return;
    if (Math.random() >= 1 / PRUNE_EVERY) return;
    try {
      this.prune();
    } catch {
      // another process pruned or wrote meanwhile: the next write counts again
    }
  }

  private fileOf(language: string, text: string): string {
    const key = createHash('sha1').update(language).update('\u0000').update(text).digest('hex');
    return path.join(this.dir, key.slice(0, 2), `${key.slice(2)}.json`);
  }

  /** Past `MAX_ENTRIES`, removes the least recently written quarter. */
  private prune(): void {
    const files: { file: string; mtimeMs: number }[] = [];
    for (const shard of readdirSync(this.dir)) {
      const folder = path.join(this.dir, shard);
      for (const name of readdirSync(folder)) {
        const file = path.join(folder, name);
        files.push({ file, mtimeMs: statSync(file).mtimeMs });
      }
    }
    if (files.length <= MAX_ENTRIES) return;
    files.sort((a, b) => a.mtimeMs - b.mtimeMs);
    for (const { file } of files.slice(0, Math.ceil(files.length / 4))) rmSync(file, { force: true });
  }
}

function entryOf(stored: Partial<StoredOutline>): FileEntry | undefined {
  const { names, data, prefixes, language } = stored;
  if (!Array.isArray(names) || !names.every((n) => typeof n === 'string') || typeof data !== 'string')
    return undefined;
  const values = decodeData(data, names.length);
  if (!values) return undefined;
  const entry: FileEntry = {
    path: '',
    size: 0,
    mtimeMs: 0,
    hash: '',
    language: language ?? '',
    names,
    data: values,
  };
  if (prefixes !== undefined) {
    const valid =
      Array.isArray(prefixes) &&
      prefixes.every((p) => Array.isArray(p) && p.length > 0 && p.every((s) => typeof s === 'string'));
    if (!valid) return undefined;
    entry.prefixes = prefixes;
  }
  return entry;
}

function validErrors(errors: unknown): errors is [number, number][] {
  return (
    Array.isArray(errors) &&
    errors.every((e) => Array.isArray(e) && e.length === 2 && e.every((n) => Number.isInteger(n)))
  );
}

/** Every range inside the text, every depth at most one deeper than the symbol before. */
function fitsText(entry: FileEntry, length: number): boolean {
  let depth = -1;
  for (let i = 0; i < entry.names.length; i++) {
    const at = i * STRIDE;
    const d = entry.data[at + 1] ?? -1;
    if (d < 0 || d > depth + 1) return false;
    depth = d;
    for (let k = 3; k <= 6; k++) {
      const v = entry.data[at + k] ?? -1;
      if (v < 0 || v > length) return false;
    }
  }
  return true;
}
