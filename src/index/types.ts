/**
 * Plain data of the workspace symbol index: one compact entry per source file (symbols only, no
 * trees), the counts of a build, and the options that decide which files belong to it.
 */
import type { SkipCounts } from '../core/index-progress.js';
import { SYMBOL_KIND_NAMES, type SymbolKindName } from '../locate/outline.js';

/** Values per symbol in `FileEntry.data`: kind (+ prefix), depth, name line, name start/end, full start/end. */
export const STRIDE = 7;

/** The kind's bits of the first value; above them, 1 + the index of the symbol's path prefix. */
const KIND_BITS = 8;

/** Kinds in a fixed order so a symbol's kind is a small integer (`FileEntry.data`). */
export const KINDS: readonly SymbolKindName[] = SYMBOL_KIND_NAMES;

/**
 * The symbols of one file in document pre-order. Offsets are UTF-16 code units into the text (BOM
 * removed), as in `Outline`; `depth` rebuilds the nesting (a symbol's parent is the nearest earlier
 * symbol one level up).
 */
export interface FileEntry {
  /** Path relative to the root, `/`-separated. */
  path: string;
  size: number;
  /** The later of the file's mtime and ctime (`changeTimeMs`): a `touch -r` after a rewrite still moves it. */
  mtimeMs: number;
  /** Content hash (sha1, base64), used when size or mtime disagree with the cache. */
  hash: string;
  language: string;
  names: string[];
  /** `STRIDE` numbers per symbol: kind index (+ prefix), depth, 0-based name line, name start, name end, full start, full end. */
  data: Int32Array;
  /**
   * Path segments between a symbol's parent's path and its name that nesting does not give (a Go method's
   * receiver type: `Reader.ReadRune` is declared at top level; the class of a C++ method defined out of line
   * in a namespace: `ns.Foo.bar`), each distinct list once; symbols refer to them from their kind value.
   */
  prefixes?: string[][];
}

/** The kind value of a symbol with the given kind index and prefix (index into `prefixes`, or -1). */
export function kindValue(kind: number, prefix: number): number {
  return kind | ((prefix + 1) << KIND_BITS);
}

/** The kind of symbol `index` of an entry. */
export function kindAt(entry: FileEntry, index: number): SymbolKindName {
  return KINDS[(entry.data[index * STRIDE] ?? 0) & ((1 << KIND_BITS) - 1)] ?? 'variable';
}

/** The path prefix of symbol `index` of an entry (empty for most symbols). */
export function prefixAt(entry: FileEntry, index: number): readonly string[] {
  const slot = ((entry.data[index * STRIDE] ?? 0) >> KIND_BITS) - 1;
  return slot < 0 ? [] : (entry.prefixes?.[slot] ?? []);
}

/** A file the walk found: what the cache key needs. */
export interface WalkedFile {
  path: string;
  size: number;
  mtimeMs: number;
  /** Language from `fileLanguages`, the extension, shebang or modeline (a `.h`: see `languageFixed`). */
  language: string;
  /**
   * True when configuration or file-system evidence (compile database, translation units) decided the
   * language; a `.h` without it is C or C++ by its own text, decided when it is read (extract.ts).
   */
  languageFixed?: boolean;
}

/** Where the index stands. */
export interface IndexStatus {
  /** False while the first build runs (answers then cover `indexed` of `total` files). */
  complete: boolean;
  indexed: number;
  total: number;
  symbols: number;
  skipped: SkipCounts;
  /** Files taken from the persisted cache / read (parsed, or found binary or unreadable) in the last build or sweep. */
  fromCache: number;
  parsed: number;
  /** The persisted cache file (absent with `noCache`). */
  cacheFile?: string;
  /**
   * Before the first build: the names whose symbols the store holds completely all the same (a
   * targeted pass, `freshFor`). Absent otherwise.
   */
  covers?: string[];
}

/** Which files the index covers (`locus.config.json` `index` section, see docs/workspace.md). */
export interface IndexOptions {
  /** Globs (relative to the root) indexed even inside default-excluded or ignored folders. */
  include?: string[];
  /** Globs never indexed. */
  exclude?: string[];
  /** Folder for the persisted cache (default: the user cache folder). */
  cacheDir?: string;
  /** Files larger than this are skipped and counted. */
  maxFileBytes?: number;
  /** Upper bound of worker threads (default: one per core, at most 8). */
  maxWorkers?: number;
  /** Do not read or write the persisted cache. */
  noCache?: boolean;
  /** `fileLanguages` of the configuration: glob → language id, as files' own outlines read them. */
  languageOverrides?: Readonly<Record<string, string>>;
}

// Part of the public API (its results and options), so they live in core/ (docs/architecture.md, "Public API").
export type { IndexProgress, ProgressListener, SkipCounts } from '../core/index-progress.js';
