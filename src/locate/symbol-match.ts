/**
 * Matching a symbol path against an outline (docs/locate-strings.md, "Scope"): exact, then unique suffix, else ambiguous or
 * not found with "did you mean" suggestions.
 */
import { editDistance } from './edit-distance.js';
import { flattenOutline, type OutlineSymbol } from './outline.js';
import { formatSymbolPath } from './symbol-path.js';

/** The outcome of looking a symbol path up in an outline. */
export type SymbolLookup =
  | { kind: 'found'; via: 'exact' | 'suffix'; symbols: OutlineSymbol[] }
  | { kind: 'ambiguous'; candidates: OutlineSymbol[] }
  | { kind: 'not-found'; suggestions: OutlineSymbol[] };

const dotted = (path: readonly string[]): string => formatSymbolPath(path);

function endsWith(path: readonly string[], suffix: readonly string[]): boolean {
  if (suffix.length > path.length) return false;
  const offset = path.length - suffix.length;
  return suffix.every((segment, i) => path[offset + i] === segment);
}

/** Looks up `query` among all symbols of an outline; same-path symbols come back in document order. */
export function lookupSymbol(roots: readonly OutlineSymbol[], query: readonly string[]): SymbolLookup {
  const exact = byPath(roots).get(query.join('\u0000')) ?? [];
  if (exact.length > 0) return { kind: 'found', via: 'exact', symbols: exact };
  const named = byName(roots).get(query[query.length - 1] ?? '') ?? [];
  const suffix = named.filter((s) => endsWith(s.path, query));
  const paths = new Set(suffix.map((s) => dotted(s.path)));
  if (paths.size === 1) return { kind: 'found', via: 'suffix', symbols: suffix };
  if (paths.size > 1) {
    const firstOfEach = [...paths].map((p) => suffix.find((s) => dotted(s.path) === p) as OutlineSymbol);
    return { kind: 'ambiguous', candidates: firstOfEach };
  }
  return { kind: 'not-found', suggestions: suggest(flattenOutline(roots), query) };
}

const nameIndexes = new WeakMap<readonly OutlineSymbol[], Map<string, OutlineSymbol[]>>();
const pathIndexes = new WeakMap<readonly OutlineSymbol[], Map<string, OutlineSymbol[]>>();

/**
 * Symbols by their whole path, in name order (built once per outline): an exact lookup is one map read.
 * Scanning every symbol of the name instead made `outline` quadratic in repeated names (a method name
 * shared by 1,000 classes was compared 1,000 times for each of them).
 */
function byPath(roots: readonly OutlineSymbol[]): Map<string, OutlineSymbol[]> {
  let index = pathIndexes.get(roots);
  if (index) return index;
  index = new Map();
  for (const list of byName(roots).values())
    for (const symbol of list) {
      const key = symbol.path.join('\u0000');
      const same = index.get(key);
      if (same) same.push(symbol);
      else index.set(key, [symbol]);
    }
  pathIndexes.set(roots, index);
  return index;
}

/** Symbols by the last segment of their path, in name order (built once per outline). */
function byName(roots: readonly OutlineSymbol[]): Map<string, OutlineSymbol[]> {
  let index = nameIndexes.get(roots);
  if (index) return index;
  index = new Map();
  for (const symbol of flattenOutline(roots)) {
    const last = symbol.path[symbol.path.length - 1] ?? symbol.name;
    const list = index.get(last);
    if (list) list.push(symbol);
    else index.set(last, [symbol]);
  }
  // `[K]` counts same-path symbols in source order of their names: `typedef struct X {…} X;` has the
  // struct tag first, though the typedef's range starts earlier (stable sort: otherwise document order).
  for (const list of index.values()) list.sort(byNamePosition);
  nameIndexes.set(roots, index);
  return index;
}

/** Orders symbols by the start of their names. */
export function byNamePosition(a: OutlineSymbol, b: OutlineSymbol): number {
  return a.nameSpan.start - b.nameSpan.start;
}

/** Edit-distance work (cells) one suggestion search may spend; past it, only substring hits are suggested. */
const MAX_SUGGEST_CELLS = 4_000_000;

/** Edit distance, or `max + 1` when it is certainly above `max` or the budget is spent. */
function cappedDistance(a: string, b: string, max: number, budget: { cells: number }): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  budget.cells -= a.length * b.length;
  return budget.cells >= 0 ? editDistance(a, b) : max + 1;
}

/** Up to `limit` symbols whose paths are closest to the query by edit distance. */
export function suggest(all: readonly OutlineSymbol[], query: readonly string[], limit = 5): OutlineSymbol[] {
  const wanted = dotted(query);
  const seen = new Set<string>();
  const scored: { symbol: OutlineSymbol; distance: number }[] = [];
  const threshold = Math.max(2, Math.floor(wanted.length / 2));
  const budget = { cells: MAX_SUGGEST_CELLS };
  const lowerWanted = wanted.toLowerCase();
  for (const symbol of all) {
    const key = dotted(symbol.path);
    if (seen.has(key)) continue;
    seen.add(key);
    const tail = dotted(symbol.path.slice(Math.max(0, symbol.path.length - query.length)));
    let distance = Math.min(
      cappedDistance(wanted, key, threshold, budget),
      cappedDistance(wanted, tail, threshold, budget),
    );
    if (key.toLowerCase().includes(lowerWanted)) distance = Math.min(distance, 1);
    if (distance <= threshold) scored.push({ symbol, distance });
  }
  return scored
    .sort((a, b) => a.distance - b.distance || a.symbol.nameSpan.start - b.symbol.nameSpan.start)
    .slice(0, limit)
    .map((s) => s.symbol);
}
