/**
 * Fuzzy name queries over the store's name buckets (docs/workspace.md): names matching the query by tier, the
 * best `limit` kept in sort order (tier and exact case, shorter names, file order, document order) with the
 * exact total counted.
 */
import type { SymbolKindName } from '../locate/outline.js';
import { charMask, tierMatcher } from './rank.js';
import { SLOT, type Refs } from './symbol-refs.js';
import { TopK } from './top-k.js';
import { kindAt, type FileEntry } from './types.js';
import { unpackPath, unpackSymbol, type IndexedSymbol } from './unpack.js';

/** The segments of a query written as a path (`Cart.total`, `Parser::new`), empty ones dropped. */
export function querySegments(text: string): string[] {
  return text.split(/\.|::/).filter((p) => p.length > 0);
}

/** A query's name (its last part) and container path (`Cart.tot`, `Parser::ne` → container `Cart`, name `tot`). */
export function queryParts(text: string): { name: string; container: string } {
  const parts = querySegments(text);
  return { name: parts[parts.length - 1] ?? '', container: parts.slice(0, -1).join('.') };
}

/** A fuzzy-query hit: the symbol and how it matched. */
export interface RankedSymbol {
  symbol: IndexedSymbol;
  tier: number;
  exactCase: boolean;
}

/** Which symbols a query may return, by file and kind. */
export type SymbolFilter = (file: string, kind: SymbolKindName) => boolean;

/** What a query reads of the store. */
export interface NameTables {
  /** Per bucket: its name (undefined when free), its refs, and the `charMask` of its name lower-cased. */
  names: readonly (string | undefined)[];
  refs: readonly (Refs | undefined)[];
  masks: Int32Array;
  /** Per file id: its entry, and its rank in the file order. */
  files: readonly (FileEntry | undefined)[];
  ranks: Int32Array;
}

/**
 * The `limit` best symbols whose names match `text` (with dots in the query, the container path must contain
 * the part before the last dot), ranked, and the exact total; `only` limits the scan to one bucket.
 */
export function rankNames(
  tables: NameTables,
  text: string,
  filter: SymbolFilter | undefined,
  limit: number,
  only: number | undefined,
): { total: number; hits: RankedSymbol[] } {
  const { name: wanted, container: within } = queryParts(text);
  const container = within.toLowerCase();
  const { masks, files, ranks } = tables;
  const wantedMask = charMask(wanted.toLowerCase(), true);
  const tierOf = tierMatcher(wanted.toLowerCase());
  const top = new TopK(limit);
  let total = 0;
  const first = only ?? 0;
  const end = only === undefined ? masks.length : only + 1;
  for (let b = first; b < end; b++) {
    if (((masks[b] as number) & wantedMask) !== wantedMask) continue;
    const name = tables.names[b];
    if (name === undefined) continue;
    const tier = tierOf(name);
    if (tier === undefined) continue;
    // Sort key: tier and exact case, then shorter names, then the file order, then document order.
    const group = tier * 2 + (name.includes(wanted) ? 0 : 1);
    const head = (group * 128 + Math.min(127, tier === 0 ? 0 : name.length)) * SLOT;
    const refs = tables.refs[b] as Refs;
    const count = typeof refs === 'number' ? 1 : refs.length;
    if (!filter && !container) {
      // Counting needs no look at the symbols; offering them only when one could make the top.
      total += count;
      if (top.full && head * SLOT >= top.worst) continue;
    }
    for (let k = 0; k < count; k++) {
      const ref = typeof refs === 'number' ? refs : (refs[k] as number);
      const id = Math.floor(ref / SLOT);
      const entry = files[id] as FileEntry;
      const index = ref % SLOT;
      if (filter || container) {
        if (filter && !filter(entry.path, kindAt(entry, index))) continue;
        if (container && !unpackPath(entry, index).slice(0, -1).join('.').toLowerCase().includes(container))
          continue;
        total++;
      }
      top.offer((head + (ranks[id] ?? 0)) * SLOT + index, ref);
    }
  }
  return { total, hits: top.sorted().map(({ key, ref }) => rankedSymbol(files, key, ref)) };
}

/** A kept hit unpacked, its tier and case read back from its sort key. */
function rankedSymbol(files: NameTables['files'], key: number, ref: number): RankedSymbol {
  const group = Math.floor(key / SLOT / SLOT / 128);
  const entry = files[Math.floor(ref / SLOT)] as FileEntry;
  return { symbol: unpackSymbol(entry, ref % SLOT), tier: group >> 1, exactCase: group % 2 === 0 };
}
