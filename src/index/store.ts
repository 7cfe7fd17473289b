/**
 * The in-memory index: file entries plus a name → symbols map, answering exact/suffix path lookups,
 * fuzzy name queries and did-you-mean. Symbols are referred to by (file, index) packed in a number.
 */
import type { SymbolKindName } from '../locate/outline.js';
import { editDistance } from '../locate/edit-distance.js';
import { charMask, compareFiles, compareShape, isDemotedPath, nameTier, words } from './rank.js';
import { TopK } from './top-k.js';
import { KINDS, STRIDE, type FileEntry } from './types.js';
import { unpackPath, unpackSymbol, type IndexedSymbol } from './unpack.js';

export { unpackSymbol, type IndexedSymbol } from './unpack.js';

const SLOT = 2 ** 20;

interface Bucket {
  name: string;
  lower: string;
  refs: number[];
  /** `words(name)`, computed when a query first needs it. */
  words?: string[];
}

/** A fuzzy-query hit: the symbol and how it matched. */
export interface RankedSymbol {
  symbol: IndexedSymbol;
  tier: number;
  exactCase: boolean;
}

/** Files and symbols of the index. */
export class SymbolStore {
  private readonly byPath = new Map<string, { id: number; entry: FileEntry }>();
  private readonly byId: (FileEntry | undefined)[] = [];
  private readonly freeIds: number[] = [];
  private readonly buckets = new Map<string, Bucket>();
  private bucketList: Bucket[] | undefined;
  private ranks: Int32Array | undefined;
  private masks: Int32Array | undefined;
  /** Per file id: 1 for test/vendored/generated files (computed once, not in every comparison). */
  private readonly demoted: number[] = [];
  symbolCount = 0;

  get fileCount(): number {
    return this.byPath.size;
  }

  entry(path: string): FileEntry | undefined {
    return this.byPath.get(path)?.entry;
  }

  entries(): IterableIterator<FileEntry> {
    return [...this.byPath.values()].map((v) => v.entry)[Symbol.iterator]();
  }

  paths(): string[] {
    return [...this.byPath.keys()];
  }

  /** Adds or replaces a file's entry. */
  put(entry: FileEntry): void {
    this.remove(entry.path);
    const id = this.freeIds.pop() ?? this.byId.length;
    this.byId[id] = entry;
    this.byPath.set(entry.path, { id, entry });
    this.demoted[id] = isDemotedPath(entry.path) ? 1 : 0;
    this.ranks = undefined;
    const count = Math.min(entry.names.length, SLOT);
    for (let i = 0; i < count; i++) {
      const name = entry.names[i] as string;
      let bucket = this.buckets.get(name);
      if (!bucket) {
        const lower = name.toLowerCase();
        bucket = { name, lower: lower === name ? name : lower, refs: [] };
        this.buckets.set(name, bucket);
        this.bucketList = undefined;
      }
      entry.names[i] = bucket.name; // one string per distinct name
      bucket.refs.push(id * SLOT + i);
    }
    this.symbolCount += count;
  }

  /**
   * Trims the slack arrays keep after pushes (V8 grows them by half plus 16 slots, which for the
   * typical one- or two-symbol name is most of the index's memory). Call after a build.
   */
  compact(): void {
    for (const bucket of this.buckets.values()) bucket.refs = bucket.refs.slice();
  }

  /** Builds the lookup tables now, so the first query after a build does not pay for them. */
  prepare(): void {
    this.allBuckets();
    this.fileRanks();
  }

  /** Drops a file's entry. */
  remove(path: string): void {
    const known = this.byPath.get(path);
    if (!known) return;
    const { id, entry } = known;
    for (const name of new Set(entry.names)) {
      const bucket = this.buckets.get(name);
      if (!bucket) continue;
      bucket.refs = bucket.refs.filter((r) => Math.floor(r / SLOT) !== id);
      if (bucket.refs.length === 0) {
        this.buckets.delete(name);
        this.bucketList = undefined;
      }
    }
    this.symbolCount -= Math.min(entry.names.length, SLOT);
    this.byPath.delete(path);
    this.ranks = undefined;
    this.byId[id] = undefined;
    this.freeIds.push(id);
  }

  /** Symbols whose path is `segments` (exact), else those whose path ends with it (suffix). */
  lookup(
    segments: readonly string[],
    accept?: (file: string) => boolean,
  ): { match: 'exact' | 'suffix'; symbols: IndexedSymbol[] } {
    const last = segments[segments.length - 1];
    const bucket = last === undefined ? undefined : this.buckets.get(last);
    const exact: IndexedSymbol[] = [];
    const suffix: IndexedSymbol[] = [];
    for (const ref of bucket?.refs ?? []) {
      const entry = this.byId[Math.floor(ref / SLOT)] as FileEntry;
      if (accept && !accept(entry.path)) continue;
      const symbol = unpackSymbol(entry, ref % SLOT);
      if (symbol.path.length < segments.length) continue;
      const offset = symbol.path.length - segments.length;
      if (!segments.every((s, i) => symbol.path[offset + i] === s)) continue;
      (offset === 0 ? exact : suffix).push(symbol);
    }
    const byFile = (a: IndexedSymbol, b: IndexedSymbol) =>
      compareFiles(a.file, b.file) || a.nameStart - b.nameStart;
    return exact.length > 0
      ? { match: 'exact', symbols: exact.sort(byFile) }
      : { match: 'suffix', symbols: suffix.sort(byFile) };
  }

  /**
   * Fuzzy query over names (with dots in the query, the container path must contain the part before
   * the last dot); the `limit` best hits, ranked, and the exact total.
   */
  query(
    text: string,
    filter: (file: string, kind: SymbolKindName) => boolean,
    limit: number,
  ): { total: number; hits: RankedSymbol[] } {
    const parts = text.split(/\.|::/).filter((p) => p.length > 0);
    const wanted = parts[parts.length - 1] ?? '';
    const last = wanted.toLowerCase();
    const container = parts.slice(0, -1).join('.').toLowerCase();
    if (last.length === 0) return { total: 0, hits: [] };
    const buckets = this.allBuckets();
    const masks = this.masks as Int32Array;
    const wantedMask = charMask(last, true);
    const ranks = this.fileRanks();
    const top = new TopK(limit);
    let total = 0;
    for (let b = 0; b < buckets.length; b++) {
      if (((masks[b] as number) & wantedMask) !== wantedMask) continue;
      const bucket = buckets[b] as Bucket;
      const tier = nameTier(bucket.name, bucket.lower, last, () => (bucket.words ??= words(bucket.name)));
      if (tier === undefined) continue;
      // Sort key: tier and exact case, then shorter names, then the file order, then document order.
      const group = tier * 2 + (bucket.name.includes(wanted) ? 0 : 1);
      const head = (group * 128 + Math.min(127, tier === 0 ? 0 : bucket.name.length)) * SLOT;
      for (const ref of bucket.refs) {
        const id = Math.floor(ref / SLOT);
        const entry = this.byId[id] as FileEntry;
        const index = ref % SLOT;
        if (!filter(entry.path, KINDS[entry.data[index * STRIDE] ?? 0] ?? 'variable')) continue;
        if (container && !unpackPath(entry, index).slice(0, -1).join('.').toLowerCase().includes(container))
          continue;
        total++;
        top.offer((head + (ranks[id] ?? 0)) * SLOT + index, ref);
      }
    }
    const hits = top.sorted().map(({ key, ref }) => {
      const group = Math.floor(key / SLOT / SLOT / 128);
      const entry = this.byId[Math.floor(ref / SLOT)] as FileEntry;
      return { symbol: unpackSymbol(entry, ref % SLOT), tier: group >> 1, exactCase: group % 2 === 0 };
    });
    return { total, hits };
  }

  /** Rank of every file id in the §15.5 file order (recomputed when files come or go). */
  private fileRanks(): Int32Array {
    if (this.ranks) return this.ranks;
    const ids = [...this.byPath.values()].sort(
      (a, b) =>
        (this.demoted[a.id] ?? 0) - (this.demoted[b.id] ?? 0) || compareShape(a.entry.path, b.entry.path),
    );
    this.ranks = new Int32Array(this.byId.length);
    ids.forEach((v, i) => ((this.ranks as Int32Array)[v.id] = i));
    return this.ranks;
  }

  /** Distinct symbol names closest to `name` by edit distance (did-you-mean). */
  nearNames(name: string, limit = 5): string[] {
    const lower = name.toLowerCase();
    const budget = Math.max(1, Math.floor(name.length / 3));
    const scored: { name: string; distance: number }[] = [];
    for (const bucket of this.allBuckets()) {
      if (Math.abs(bucket.lower.length - lower.length) > budget) continue;
      const distance = editDistance(bucket.lower, lower);
      if (distance <= budget) scored.push({ name: bucket.name, distance });
    }
    scored.sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : 1));
    return scored.slice(0, limit).map((s) => s.name);
  }

  /** Every symbol of a file, unpacked (document pre-order). */
  symbolsOf(path: string): IndexedSymbol[] {
    const entry = this.entry(path);
    if (!entry) return [];
    return entry.names.map((_, i) => unpackSymbol(entry, i));
  }

  private allBuckets(): Bucket[] {
    if (!this.bucketList) {
      this.bucketList = [...this.buckets.values()];
      this.masks = Int32Array.from(this.bucketList, (b) => charMask(b.lower));
    }
    return this.bucketList;
  }
}
