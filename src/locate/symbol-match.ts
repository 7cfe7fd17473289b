/**
 * Matching a symbol path against an outline (docs/locate-strings.md, "Scope"): exact, then unique suffix, else ambiguous or
 * not found with "did you mean" suggestions.
 */
import { editDistance } from './edit-distance.js';
import { flattenOutline, type OutlineSymbol } from './outline.js';

/** The outcome of looking a symbol path up in an outline. */
export type SymbolLookup =
  | { kind: 'found'; via: 'exact' | 'suffix'; symbols: OutlineSymbol[] }
  | { kind: 'ambiguous'; candidates: OutlineSymbol[] }
  | { kind: 'not-found'; suggestions: OutlineSymbol[] };

const dotted = (path: readonly string[]): string => path.join('.');

function endsWith(path: readonly string[], suffix: readonly string[]): boolean {
  if (suffix.length > path.length) return false;
  const offset = path.length - suffix.length;
  return suffix.every((segment, i) => path[offset + i] === segment);
}

/** Looks up `query` among all symbols of an outline; same-path symbols come back in document order. */
export function lookupSymbol(roots: readonly OutlineSymbol[], query: readonly string[]): SymbolLookup {
  const named = byName(roots).get(query[query.length - 1] ?? '') ?? [];
  const exact = named.filter((s) => s.path.length === query.length && endsWith(s.path, query));
  if (exact.length > 0) return { kind: 'found', via: 'exact', symbols: exact };
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

/** Symbols by the last segment of their path, in document order (built once per outline). */
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
  nameIndexes.set(roots, index);
  return index;
}

/** Up to `limit` symbols whose paths are closest to the query by edit distance. */
export function suggest(all: readonly OutlineSymbol[], query: readonly string[], limit = 5): OutlineSymbol[] {
  const wanted = dotted(query);
  const seen = new Set<string>();
  const scored: { symbol: OutlineSymbol; distance: number }[] = [];
  for (const symbol of all) {
    const key = dotted(symbol.path);
    if (seen.has(key)) continue;
    seen.add(key);
    const tail = dotted(symbol.path.slice(Math.max(0, symbol.path.length - query.length)));
    let distance = Math.min(editDistance(wanted, key), editDistance(wanted, tail));
    if (key.toLowerCase().includes(wanted.toLowerCase())) distance = Math.min(distance, 1);
    if (distance <= Math.max(2, Math.floor(wanted.length / 2))) scored.push({ symbol, distance });
  }
  return scored
    .sort((a, b) => a.distance - b.distance || a.symbol.nameSpan.start - b.symbol.nameSpan.start)
    .slice(0, limit)
    .map((s) => s.symbol);
}
