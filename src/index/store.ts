/**
 * The in-memory index: file entries plus a name → symbols map, answering exact/suffix path lookups,
 * fuzzy name queries and did-you-mean. Symbols are referred to by (file, index) packed in a number.
 */
import { editDistance } from '../locate/edit-distance.js';
import { queryParts, rankNames, type RankedSymbol, type SymbolFilter } from './name-query.js';
import { charMask, compareFiles, fileOrderRanks, isDemotedPath } from './rank.js';
import { refList, SLOT, type Refs } from './symbol-refs.js';
import type { FileEntry } from './types.js';
import { unpackSymbol, type IndexedSymbol } from './unpack.js';

export { unpackSymbol, type IndexedSymbol } from './unpack.js';

/** The persisted index as `SymbolStore.loadBulk` takes it (cache-format.ts). */
export interface BulkEntries {
  entries: readonly FileEntry[];
  /** Distinct names; each symbol's name as an index into them, in entry and symbol order. */
  table: readonly string[];
  nameIndexes: Uint32Array;
  /** `charMask` of each name lower-cased. */
  masks: Int32Array;
}

/** Files and symbols of the index. */
export class SymbolStore {
  private readonly byPath = new Map<string, { id: number; entry: FileEntry }>();
  private readonly byId: (FileEntry | undefined)[] = [];
  private readonly freeIds: number[] = [];
  /** Name → bucket id (built on first use after a bulk load); per bucket id: the name and the refs. */
  private nameMap: Map<string, number> | undefined = new Map<string, number>();
  private bucketNames: (string | undefined)[] = [];
  private bucketRefs: (Refs | undefined)[] = [];
  private readonly freeBuckets: number[] = [];
  private ranks: Int32Array | undefined;
  /** `charMask` of every bucket's lower-case name (built on first query, then kept in step per name). */
  private masks: Int32Array | undefined;
  /** Per file id: 1 for test/vendored/generated files (computed once, not in every comparison). */
  private readonly demoted: number[] = [];
  symbolCount = 0;

  /** Name → bucket id. */
  private get buckets(): Map<string, number> {
    if (this.nameMap) return this.nameMap;
    const map = new Map<string, number>();
    this.bucketNames.forEach((name, bucket) => name !== undefined && map.set(name, bucket));
    this.nameMap = map;
    return map;
  }

  /**
   * Fills an empty store with the persisted index (cache-format.ts) at once: the names are the cache's table of
   * distinct names, so each is a bucket already and the name map waits for the first exact lookup; the masks come
   * from the cache too. `accept` leaves out entries (files to read again).
   */
  loadBulk(bulk: BulkEntries, accept: (entry: FileEntry) => boolean): void {
    if (this.byPath.size > 0) throw new Error('loadBulk needs an empty store');
    const counts = new Uint32Array(bulk.table.length);
    const ids: number[] = [];
    let first = 0;
    for (const entry of bulk.entries) {
      if (accept(entry)) {
        const id = this.byId.length;
        ids.push(id);
        this.byId[id] = entry;
        this.byPath.set(entry.path, { id, entry });
        this.demoted[id] = isDemotedPath(entry.path) ? 1 : 0;
        const count = Math.min(entry.names.length, SLOT);
        for (let k = 0; k < count; k++) {
          const b = bulk.nameIndexes[first + k] as number;
          counts[b] = (counts[b] as number) + 1;
        }
        this.symbolCount += count;
      } else ids.push(-1);
      first += entry.names.length;
    }
    this.bucketNames = bulk.table.map((name, b) => (counts[b] === 0 ? undefined : name));
    this.bucketRefs = Array.from(counts, (n) => (n <= 1 ? undefined : new Array<number>(n)));
    const filled = new Uint32Array(bulk.table.length);
    first = 0;
    bulk.entries.forEach((entry, i) => {
      const id = ids[i] as number;
      const count = id < 0 ? 0 : Math.min(entry.names.length, SLOT);
      for (let k = 0; k < count; k++) {
        const b = bulk.nameIndexes[first + k] as number;
        const refs = this.bucketRefs[b];
        if (refs === undefined) this.bucketRefs[b] = id * SLOT + k;
        else {
          (refs as number[])[filled[b] as number] = id * SLOT + k;
          filled[b] = (filled[b] as number) + 1;
        }
      }
      first += entry.names.length;
    });
    this.bucketNames.forEach((name, b) => name === undefined && this.freeBuckets.push(b));
    this.masks = bulk.masks.length === bulk.table.length ? bulk.masks : undefined;
    this.nameMap = undefined;
  }

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
    const replaced = this.byPath.get(entry.path)?.id;
    const ranks = this.ranks;
    this.remove(entry.path);
    const id = this.freeIds.pop() ?? this.byId.length;
    this.byId[id] = entry;
    this.byPath.set(entry.path, { id, entry });
    this.demoted[id] = isDemotedPath(entry.path) ? 1 : 0;
    // A file replaced under its own id keeps its rank (it depends on the path alone): no re-sort per edit.
    this.ranks = replaced === id ? ranks : undefined;
    const count = Math.min(entry.names.length, SLOT);
    for (let i = 0; i < count; i++) {
      const name = entry.names[i] as string;
      const ref = id * SLOT + i;
      const bucket = this.buckets.get(name);
      if (bucket === undefined) {
        this.addBucket(name, ref);
        continue;
      }
      entry.names[i] = this.bucketNames[bucket] as string; // one string per distinct name
      const refs = this.bucketRefs[bucket] as Refs;
      if (typeof refs === 'number') this.bucketRefs[bucket] = [refs, ref];
      else refs.push(ref);
    }
    this.symbolCount += count;
  }

  private addBucket(name: string, ref: number): void {
    const bucket = this.freeBuckets.pop() ?? this.bucketNames.length;
    this.buckets.set(name, bucket);
    this.bucketNames[bucket] = name;
    this.bucketRefs[bucket] = ref;
    // The masks follow one name at a time once built (an edit adds a name or two, not a rebuild of all).
    if (this.masks && bucket < this.masks.length) this.masks[bucket] = charMask(name.toLowerCase());
    else this.masks = undefined;
  }

  /**
   * Trims the slack arrays keep after pushes (V8 grows them by half plus 16 slots, which for the
   * typical one- or two-symbol name is most of the index's memory). Call after a build.
   */
  compact(): void {
    this.bucketRefs.forEach((refs, bucket) => {
      if (Array.isArray(refs)) this.bucketRefs[bucket] = refs.slice();
    });
  }

  /** Builds the lookup tables now, so the first query after a build does not pay for them. */
  prepare(): void {
    this.bucketMasks();
    this.fileRanks();
  }

  /** Drops a file's entry. */
  remove(path: string): void {
    const known = this.byPath.get(path);
    if (!known) return;
    const { id, entry } = known;
    for (const name of new Set(entry.names)) {
      const bucket = this.buckets.get(name);
      if (bucket === undefined) continue;
      const kept = refList(this.bucketRefs[bucket]).filter((r) => Math.floor(r / SLOT) !== id);
      if (kept.length > 0) {
        this.bucketRefs[bucket] = kept.length === 1 ? (kept[0] as number) : kept;
        continue;
      }
      this.buckets.delete(name);
      this.bucketNames[bucket] = this.bucketRefs[bucket] = undefined;
      this.freeBuckets.push(bucket);
      if (this.masks && bucket < this.masks.length) this.masks[bucket] = -1; // free: skipped by its missing name
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
    for (const ref of refList(bucket === undefined ? undefined : this.bucketRefs[bucket])) {
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
   * the last dot); the `limit` best hits, ranked, and the exact total (name-query.ts).
   */
  query(
    text: string,
    filter: SymbolFilter | undefined,
    limit: number,
    exact = false,
  ): { total: number; hits: RankedSymbol[] } {
    const { name } = queryParts(text);
    if (name.length === 0) return { total: 0, hits: [] };
    const only = exact ? this.buckets.get(name) : undefined;
    if (exact && only === undefined) return { total: 0, hits: [] };
    const masks = this.bucketMasks();
    const tables = {
      names: this.bucketNames,
      refs: this.bucketRefs,
      masks,
      files: this.byId,
      ranks: this.fileRanks(),
    };
    return rankNames(tables, text, filter, limit, only);
  }

  /**
   * Rank of every file id in the file order (docs/workspace.md, "Ranking of candidates (file order)"), recomputed
   * when files come or go.
   */
  private fileRanks(): Int32Array {
    if (this.ranks) return this.ranks;
    const files = [...this.byPath.values()].map(({ id, entry }) => ({
      id,
      path: entry.path,
      demoted: this.demoted[id] === 1,
    }));
    this.ranks = fileOrderRanks(files, this.byId.length);
    return this.ranks;
  }

  /** Distinct symbol names closest to `name` by edit distance (did-you-mean). */
  nearNames(name: string, limit = 5): string[] {
    const lower = name.toLowerCase();
    const budget = Math.max(1, Math.floor(name.length / 3));
    const scored: { name: string; distance: number }[] = [];
    for (const candidate of this.buckets.keys()) {
      if (Math.abs(candidate.length - lower.length) > budget) continue;
      const distance = editDistance(candidate.toLowerCase(), lower);
      if (distance <= budget) scored.push({ name: candidate, distance });
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

  private bucketMasks(): Int32Array {
    // A freed bucket's mask stays all ones (it is skipped by its missing name).
    this.masks ??= Int32Array.from(this.bucketNames, (name) =>
      name === undefined ? -1 : charMask(name.toLowerCase()),
    );
    return this.masks;
  }
}
