/** Unpacking one symbol of a packed file entry: its path (from depths), kind, ranges, same-path index. */
import { LruMap } from '../core/lru-map.js';
import type { SymbolKindName } from '../locate/outline.js';
import { STRIDE, kindAt, prefixAt, type FileEntry } from './types.js';

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

const PARENT_CACHE_ENTRIES = 512;
/**
 * Parent index of every symbol of an entry (-1 at top level), for the entries queries touch. Module-level because
 * it is a memo of immutable entries keyed by identity: it cannot answer stale, whichever index asks.
 */
const parentCache = new LruMap<FileEntry, Int32Array>({ maxEntries: PARENT_CACHE_ENTRIES });

function parentsOf(entry: FileEntry): Int32Array {
  let parents = parentCache.get(entry);
  if (parents) return parents;
  parents = new Int32Array(entry.names.length);
  const stack: number[] = [];
  for (let i = 0; i < entry.names.length; i++) {
    const depth = entry.data[i * STRIDE + 1] ?? 0;
    stack.length = Math.min(stack.length, depth);
    parents[i] = stack.length > 0 ? (stack[stack.length - 1] as number) : -1;
    stack.push(i);
  }
  parentCache.set(entry, parents);
  return parents;
}

/** Unpacks symbol `index` of a file entry (path rebuilt from depths). */
export function unpackSymbol(entry: FileEntry, index: number): IndexedSymbol {
  const d = entry.data;
  const at = index * STRIDE;
  const path = unpackPath(entry, index);
  const joined = path.join('\u0000');
  const name = entry.names[index] as string;
  let sameIndex = 0;
  let sameCount = 0;
  for (let j = 0; j < entry.names.length; j++) {
    // Same path at another depth counts too: a C++ method declared in its class and defined out of line.
    if (entry.names[j] !== name) continue;
    if (j !== index && unpackPath(entry, j).join('\u0000') !== joined) continue;
    if (j < index) sameIndex++;
    sameCount++;
  }
  return {
    file: entry.path,
    name,
    path,
    kind: kindAt(entry, index),
    line: d[at + 2] ?? 0,
    nameStart: d[at + 3] ?? 0,
    nameEnd: d[at + 4] ?? 0,
    fullStart: d[at + 5] ?? 0,
    fullEnd: d[at + 6] ?? 0,
    sameIndex,
    sameCount,
  };
}

/** A symbol's path: its parent's path, its prefix (see `FileEntry.prefixes`) and its name. */
export function unpackPath(entry: FileEntry, index: number): string[] {
  const parent = parentsOf(entry)[index] ?? -1;
  return [
    ...(parent >= 0 ? unpackPath(entry, parent) : []),
    ...prefixAt(entry, index),
    entry.names[index] as string,
  ];
}
