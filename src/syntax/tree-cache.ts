/**
 * Trees and outlines per file (docs/performance.md): a lookup with the same text returns the cached outline
 * without re-running the query; a new text for a known path is re-parsed incrementally from the old
 * tree (one edit from the common prefix/suffix) and its outline re-queried only around the edit
 * (`incremental.ts`). Bounded by total text bytes, least recently used entries are evicted and their
 * trees deleted; trees are kept for a smaller total (older entries keep only their outline); `close()`
 * deletes everything. The cache also decides when the runtime may drop its WebAssembly instance
 * (`recycle-policy.ts`): it deletes its trees first, outlines stay (docs/performance.md, "Memory").
 */
import type { Tree } from 'web-tree-sitter';
import { LruMap } from '../core/lru-map.js';
import type { Span } from '../core/positions.js';
import type { Outline } from '../locate/outline.js';
import { commentSpans } from './comments.js';
import { identifierFits, identifiersInTree, type IdentifierInfo } from './identifier.js';
import { IdleWatch } from './idle-watch.js';
import type { Extraction, PreviousExtraction } from './extraction.js';
import { extractionOfTree } from './outline.js';
import { recyclePolicy, wantsFreshRuntime } from './recycle-policy.js';
import {
  recycleRuntime,
  requireSymbolQuery,
  runtimeAlive,
  runtimeStats,
  type LoadedLanguage,
} from './runtime.js';
import { BIG_TREE_BYTES, TreeParser } from './tree-parser.js';

export { BIG_TREE_BYTES } from './tree-parser.js';

/** Options of a TreeCache. */
export interface TreeCacheOptions {
  /** Upper bound of the cached texts' total UTF-8 size (default 8 MiB); the newest entry always stays. */
  maxBytes?: number;
  /** Upper bound of the total size of the texts whose trees are kept (default 1 MiB; the newest keeps its tree). */
  maxTreeBytes?: number;
}

/** Counters for tests and benchmarks. */
export interface TreeCacheStats {
  entries: number;
  /** Live trees held by the cache (entries of big files keep their outline only). */
  trees: number;
  bytes: number;
  /** Total UTF-8 size of the texts whose trees are kept. */
  treeBytes: number;
  fullParses: number;
  incrementalParses: number;
  /** Incremental parses that left errors in a small text, which was then parsed afresh too (`incremental-parse.ts`). */
  freshReparses: number;
  outlineHits: number;
  outlineComputations: number;
  /** Outline computations that could update the previous extraction (re-querying only around the edit). */
  windowedOutlines: number;
  evictions: number;
  /** Times the cache deleted its trees so that the runtime could start afresh, and the runtime did. */
  recycles: number;
}

/** One cached version of a file; a new text makes a new entry. */
interface Entry {
  languageId: string;
  text: string;
  bytes: number;
  /** Dropped once the outline of a big text exists (see BIG_TREE_BYTES). */
  tree: Tree | undefined;
  outline: Outline | undefined;
  pending: Promise<Outline> | undefined;
  /** The query extraction behind `outline` (absent for a fallback outline), for the next edit. */
  extraction: Extraction | undefined;
  /** The previous version's extraction and the edit since, until this version's outline exists. */
  previous: PreviousExtraction | undefined;
}

const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;
/**
 * Texts whose trees are kept, in all: with 1 MiB the runtime's WASM memory stayed at its initial 32 MiB
 * through the bench's new-files phase (2 MiB took it to 55 MiB); older entries keep their outlines.
 */
const DEFAULT_MAX_TREE_BYTES = 1024 * 1024;

/** Per-path cache of tree-sitter trees and outlines. */
export class TreeCache {
  private readonly entries: LruMap<string, Entry>;
  private readonly maxTreeBytes: number;
  private treeBytes = 0;
  /** Recycles the runtime when the cache has been idle (`recyclePolicy().idleMs`). */
  private readonly idle = new IdleWatch(
    () => recyclePolicy().idleMs,
    // Refused while something else holds a tree or loads a grammar: look again a period later.
    () => this.recycle() || !runtimeAlive(),
  );
  private readonly parser = new TreeParser();
  private readonly counters = {
    recycles: 0,
    outlineHits: 0,
    outlineComputations: 0,
    windowedOutlines: 0,
  };

  constructor(options: TreeCacheOptions = {}) {
    this.entries = new LruMap({
      maxSize: options.maxBytes ?? DEFAULT_MAX_BYTES,
      sizeOf: (entry) => entry.bytes,
      dispose: (entry) => this.dropTree(entry),
    });
    this.maxTreeBytes = options.maxTreeBytes ?? DEFAULT_MAX_TREE_BYTES;
  }

  /** The outline of `text` for the file `key` (cached by content; incremental after edits). */
  async outline(key: string, languageId: string, text: string): Promise<Outline> {
    return this.idle.run(() => this.outlineNow(key, languageId, text));
  }

  private async outlineNow(key: string, languageId: string, text: string): Promise<Outline> {
    const known = this.entries.get(key);
    if (known?.outline && known.text === text && known.languageId === languageId) {
      this.counters.outlineHits++;
      return known.outline;
    }
    this.freshRuntimeIfDue(languageId);
    const { loaded } = await requireSymbolQuery(languageId);
    const entry = this.update(key, loaded, text);
    if (entry.outline) {
      this.counters.outlineHits++;
      return entry.outline;
    }
    entry.pending ??= this.computeOutline(key, entry, loaded);
    return entry.pending;
  }

  /** True when the outline of exactly this text of `key` is at hand (no parse or query needed). */
  holds(key: string, text: string): boolean {
    const entry = this.entries.get(key);
    return entry?.text === text && entry.outline !== undefined;
  }

  /** The token at `offset` of `text` for the file `key`, with its role (uses the cached tree). */
  async identifierAt(
    key: string,
    languageId: string,
    text: string,
    offset: number,
  ): Promise<IdentifierInfo | undefined> {
    return (await this.identifiersAt(key, languageId, text, [offset]))[0];
  }

  /** `identifierAt` for several offsets of one text, in their order, from one look at the tree. */
  async identifiersAt(
    key: string,
    languageId: string,
    text: string,
    offsets: readonly number[],
  ): Promise<(IdentifierInfo | undefined)[]> {
    if (offsets.length === 0) return [];
    return this.idle.run(() =>
      this.withTree(key, languageId, text, (tree, outline) =>
        identifiersInTree(tree, text, offsets, outline),
      ),
    );
  }

  /** Whether `name` in place of `span` reads as one identifier (`identifierFits`, from the cached tree). */
  async nameFits(key: string, languageId: string, text: string, span: Span, name: string): Promise<boolean> {
    return this.idle.run(() =>
      this.withTree(key, languageId, text, (tree, _outline, loaded) =>
        identifierFits(loaded, tree, text, span, name),
      ),
    );
  }

  /** The comment spans of `text` for the file `key` (uses the cached tree). */
  async comments(key: string, languageId: string, text: string): Promise<Span[]> {
    return this.idle.run(() =>
      this.withTree(key, languageId, text, (tree, _outline, loaded) => commentSpans(loaded, tree)),
    );
  }

  /** Runs `use` on the tree of exactly `text` (the cached one, or a parse deleted afterwards). */
  private async withTree<T>(
    key: string,
    languageId: string,
    text: string,
    use: (tree: Tree, outline: Outline, loaded: LoadedLanguage) => T,
  ): Promise<T> {
    const outline = await this.outlineNow(key, languageId, text);
    const { loaded } = await requireSymbolQuery(languageId);
    const entry = this.update(key, loaded, text);
    if (entry.tree) return use(entry.tree, outline, loaded);
    const tree = this.parser.parse(loaded, text);
    try {
      return use(tree, outline, loaded);
    } finally {
      tree.delete();
    }
  }

  /** Forgets one file and deletes its tree. */
  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Deletes every tree; the cache stays usable (it starts empty). */
  close(): void {
    this.idle.stop();
    this.entries.clear();
  }

  /**
   * Deletes every tree no outline computation is using (outlines stay, so locates need no parse) and asks
   * the runtime to drop its WebAssembly instance; true when it did (nothing else held a tree or was loading).
   * The next parse starts a fresh instance; edits of files known before are then parsed in full once.
   */
  recycle(): boolean {
    for (const entry of this.entries.values()) if (!entry.pending) this.dropTree(entry);
    if (!recycleRuntime()) return false;
    this.counters.recycles++;
    this.parser.bigParse = false;
    return true;
  }

  /** Current counters. */
  stats(): TreeCacheStats {
    const trees = [...this.entries.values()].filter((e) => e.tree !== undefined).length;
    const { size: entries, totalSize: bytes, evictions } = this.entries;
    return {
      entries,
      trees,
      bytes,
      treeBytes: this.treeBytes,
      ...this.parser.counts,
      ...this.counters,
      evictions,
    };
  }

  /**
   * Before a parse: recycles when the policy asks (`recycle-policy.ts`) or a big parse left its high-water
   * mark in the WASM memory — only when no other operation of this cache runs and only this cache's trees
   * keep the runtime (else deleting them would gain nothing).
   */
  private freshRuntimeIfDue(languageId: string): void {
    if (this.idle.active > 1 || !(this.parser.bigParse || wantsFreshRuntime(languageId))) return;
    const { liveTrees, loading } = runtimeStats();
    const held = [...this.entries.values()].filter((entry) => entry.tree !== undefined).length;
    if (loading === 0 && liveTrees <= held) this.recycle();
  }

  /** The entry for exactly this text, re-parsing (incrementally when possible) if needed. */
  private update(key: string, loaded: LoadedLanguage, text: string): Entry {
    const old = this.entries.get(key);
    if (old && old.languageId === loaded.id && old.text === text) return old;
    // A tree of a recycled runtime cannot seed a parse of the current one (another WebAssembly memory).
    const { tree, previous } =
      old && old.languageId === loaded.id && old.tree?.language === loaded.language
        ? this.parser.reparse(loaded, old, text)
        : { tree: this.parser.parse(loaded, text) };
    // Setting the new entry releases the old one (its tree served the incremental parse above).
    const entry: Entry = {
      languageId: loaded.id,
      text,
      bytes: Buffer.byteLength(text, 'utf8'),
      tree,
      outline: undefined,
      pending: undefined,
      extraction: undefined,
      previous,
    };
    this.treeBytes += entry.bytes;
    this.entries.set(key, entry);
    this.trimTrees(entry);
    return entry;
  }

  /** Deletes the trees of the least recently used entries past `maxTreeBytes` (never `newest`'s). */
  private trimTrees(newest: Entry): void {
    for (const entry of this.entries.values()) {
      if (this.treeBytes <= this.maxTreeBytes) return;
      if (entry !== newest && !entry.pending) this.dropTree(entry);
    }
  }

  private dropTree(entry: Entry): void {
    if (!entry.tree) return;
    entry.tree.delete();
    entry.tree = undefined;
    this.treeBytes -= entry.bytes;
  }

  private async computeOutline(key: string, entry: Entry, loaded: LoadedLanguage): Promise<Outline> {
    this.counters.outlineComputations++;
    if (entry.previous) this.counters.windowedOutlines++;
    try {
      const tree = entry.tree as Tree;
      const { outline, extraction } = await extractionOfTree(loaded, tree, entry.text, entry.previous);
      if (this.entries.peek(key) === entry) {
        entry.outline = outline;
        entry.extraction = extraction;
        entry.previous = undefined;
        if (entry.bytes > BIG_TREE_BYTES) this.dropTree(entry);
      }
      return outline;
    } finally {
      entry.pending = undefined;
    }
  }
}
