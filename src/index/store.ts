/**
 * The in-memory index: file entries plus a name → symbols map, answering exact/suffix path lookups,
 * fuzzy name queries and did-you-mean. Symbols are referred to by (file, index) packed in a number.
 */
import type { SymbolKindName } from '../locate/outline.js';
import { editDistance } from '../locate/edit-distance.js';
import { compareFiles, nameTier } from './rank.js';
import { KINDS, STRIDE, type FileEntry } from './types.js';

const SLOT = 2 ** 20;

interface Bucket {
  name: string;
  lower: string;
  refs: number[];
}

/** One symbol of the index, unpacked for answers. */
export interface IndexedSymbol {
  file: string;
  name: string;
  /** Path segments (enclosing symbols plus its own name). */
  path: string[];
  kind: SymbolKindName;
  /** 0-based line of the name. */
  line: number;
  nameStart: number;
  nameEnd: number;
  fullStart: number;
  fullEnd: number;
  /** Position among same-path symbols of its file (for `Path[K]`). */
  sameIndex: number;
  /** How many symbols of its file have the same path. */
  sameCount: number;
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
  private ranks: Map<number, number> | undefined;
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
    this.ranks = undefined;
    const count = Math.min(entry.names.length, SLOT);
    for (let i = 0; i < count; i++) {
      const name = entry.names[i] as string;
      let bucket = this.buckets.get(name);
      if (!bucket) {
        bucket = { name, lower: name.toLowerCase(), refs: [] };
        this.buckets.set(name, bucket);
        this.bucketList = undefined;
      }
      entry.names[i] = bucket.name; // one string per distinct name
      bucket.refs.push(id * SLOT + i);
    }
    this.symbolCount += count;
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
    // Hits grouped by (tier, exact case) so only the groups that fill `limit` are sorted.
    const groups: { ref: number; bucket: Bucket }[][] = Array.from({ length: 10 }, () => []);
    let total = 0;
    for (const bucket of this.allBuckets()) {
      const tier = nameTier(bucket.name, bucket.lower, last);
      if (tier === undefined) continue;
      const group = groups[tier * 2 + (bucket.name.includes(wanted) ? 0 : 1)] as {
        ref: number;
        bucket: Bucket;
      }[];
      for (const ref of bucket.refs) {
        const entry = this.byId[Math.floor(ref / SLOT)] as FileEntry;
        const index = ref % SLOT;
        if (!filter(entry.path, KINDS[entry.data[index * STRIDE] ?? 0] ?? 'variable')) continue;
        if (container && !unpackPath(entry, index).slice(0, -1).join('.').toLowerCase().includes(container))
          continue;
        group.push({ ref, bucket });
        total++;
      }
    }
    const hits: RankedSymbol[] = [];
    const rank = this.fileRanks();
    for (let g = 0; g < groups.length && hits.length < limit; g++) {
      const group = groups[g] as { ref: number; bucket: Bucket }[];
      const key = (h: { ref: number }) => rank.get(Math.floor(h.ref / SLOT)) ?? 0;
      group.sort(
        (a, b) =>
          a.bucket.name.length - b.bucket.name.length || key(a) - key(b) || (a.ref % SLOT) - (b.ref % SLOT),
      );
      for (const h of group.slice(0, limit - hits.length)) {
        const entry = this.byId[Math.floor(h.ref / SLOT)] as FileEntry;
        hits.push({ symbol: unpackSymbol(entry, h.ref % SLOT), tier: g >> 1, exactCase: g % 2 === 0 });
      }
    }
    return { total, hits };
  }

  /** Rank of every file id in the §15.5 file order (recomputed when files come or go). */
  private fileRanks(): Map<number, number> {
    if (this.ranks) return this.ranks;
    const ids = [...this.byPath.values()].sort((a, b) => compareFiles(a.entry.path, b.entry.path));
    this.ranks = new Map(ids.map((v, i) => [v.id, i]));
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
    this.bucketList ??= [...this.buckets.values()];
    return this.bucketList;
  }
}

/** Unpacks symbol `index` of a file entry (path rebuilt from depths). */
export function unpackSymbol(entry: FileEntry, index: number): IndexedSymbol {
  const d = entry.data;
  const at = index * STRIDE;
  const path = unpackPath(entry, index);
  const joined = path.join('\u0000');
  let sameIndex = 0;
  let sameCount = 0;
  if (entry.names.filter((n) => n === path[path.length - 1]).length > 1) {
    for (let j = 0; j < entry.names.length; j++) {
      if (entry.names[j] !== path[path.length - 1]) continue;
      if (unpackPath(entry, j).join('\u0000') !== joined) continue;
      if (j < index) sameIndex++;
      sameCount++;
    }
  } else sameCount = 1;
  return {
    file: entry.path,
    name: entry.names[index] as string,
    path,
    kind: KINDS[d[at] ?? 0] ?? 'variable',
    line: d[at + 2] ?? 0,
    nameStart: d[at + 3] ?? 0,
    nameEnd: d[at + 4] ?? 0,
    fullStart: d[at + 5] ?? 0,
    fullEnd: d[at + 6] ?? 0,
    sameIndex,
    sameCount,
  };
}

function unpackPath(entry: FileEntry, index: number): string[] {
  const d = entry.data;
  const path = [entry.names[index] as string];
  let depth = d[index * STRIDE + 1] ?? 0;
  for (let j = index - 1; j >= 0 && depth > 0; j--) {
    if ((d[j * STRIDE + 1] ?? 0) === depth - 1) {
      path.unshift(entry.names[j] as string);
      depth--;
    }
  }
  return path;
}
