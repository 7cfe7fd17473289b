/**
 * Trees with syntax errors (docs/performance.md, "broken code"): the query outline stands everywhere
 * except in the damaged top-level regions (top-level nodes containing an error), whose symbols come
 * from the language's fallback parser run on that region's text alone — or on the one method of a class
 * that holds all the errors (`damaged-method.ts`). Fallback answers are cached by region text, so
 * re-locating after an edit elsewhere in a broken file costs no fallback parse.
 */
import type { Tree } from 'web-tree-sitter';
import { LruMap } from '../core/lru-map.js';
import type { Span } from '../core/positions.js';
import type { Outline } from '../locate/outline.js';
import type { FallbackSymbols, PlacedCandidate } from './hooks.js';
import { endsItsLine, inClass, methodHoldingErrors, outOfClass } from './damaged-method.js';
import type { Extraction } from './extraction.js';
import { nestCandidates } from './nesting.js';
import type { LoadedLanguage } from './runtime.js';

/** Cached fallback answers: at most this many region characters in all (least recently used go first). */
const CACHE_CHARS = 4_000_000;
/**
 * Larger damaged regions keep the query outline (tree-sitter's error recovery is local): the fallback
 * would re-parse a whole big container on every edit (docs/performance.md, "broken code").
 */
export const FALLBACK_REGION_MAX = 4096;
/**
 * Keyed by language and region text, so an answer is a pure function of its key: shared by every tree cache and
 * the index (the one module-level cache of the syntax layer, docs/architecture.md, "One cache, one wait").
 */
const cache = new LruMap<string, FallbackSymbols | null>({
  maxSize: CACHE_CHARS,
  sizeOf: (_symbols, key) => key.length - key.indexOf('\u0000') - 1,
});
const counters = { calls: 0, chars: 0 };

/** Fallback parses run so far and the characters they parsed (for tests and the bench). */
export function fallbackStats(): { calls: number; chars: number } {
  return { ...counters };
}

/** A damaged top-level region; `method`: the one method of a class statement that holds all its errors. */
export interface DamagedRegion extends Span {
  method?: Span | undefined;
}

/** Damaged top-level regions of a tree (adjacent ones merged), in document order. */
export function damagedRegions(tree: Tree): DamagedRegion[] {
  const root = tree.rootNode;
  if (!root.hasError) return [];
  const regions: DamagedRegion[] = [];
  // `children` is one call; `child(i)` walks from the first child each time (hundreds at the top level).
  for (const child of root.children) {
    if (!child || (!child.hasError && !child.isError && !child.isMissing)) continue;
    const last = regions[regions.length - 1];
    if (last && last.end >= child.startIndex) {
      last.end = Math.max(last.end, child.endIndex);
      last.method = undefined;
    } else regions.push({ start: child.startIndex, end: child.endIndex, method: methodHoldingErrors(child) });
  }
  // An error the root holds outside any child (rare) damages the whole file.
  return regions.length > 0 ? regions : [{ start: 0, end: root.endIndex }];
}

/**
 * The outline of `extraction` with its candidates inside the damaged regions (up to
 * FALLBACK_REGION_MAX characters each) replaced by the fallback's; undefined when there is no such
 * region or the fallback declines one (the query outline then stands as is).
 */
export async function patchDamaged(
  loaded: LoadedLanguage,
  text: string,
  extraction: Extraction,
  allRegions: readonly DamagedRegion[],
): Promise<Outline | undefined> {
  const fallback = loaded.hooks.fallback;
  const parsed = allRegions.map((r) =>
    r.method && endsItsLine(text, r.method) ? { ...r.method, method: true } : r,
  );
  const small = parsed.filter((r) => r.end - r.start <= FALLBACK_REGION_MAX);
  if (!fallback || small.length === 0) return undefined;
  const found: FallbackSymbols[] = [];
  for (const region of small) {
    const method = region.method === true;
    const symbols = await cachedFallback(loaded.id, text.slice(region.start, region.end), fallback, method);
    if (!symbols) return undefined;
    found.push(symbols);
  }
  const inside = (span: Span): boolean => small.some((r) => span.start >= r.start && span.end <= r.end);
  const candidates: PlacedCandidate[] = extraction.candidates.filter((c) => !inside(c.fullSpan));
  // Errors of the regions left to the query outline are tree-sitter's; the others the fallback's.
  const errors: Span[] = extraction.outline.errors.filter((e) => !inside(e));
  found.forEach((symbols, i) => {
    const base = (small[i] as Span).start;
    const move = (span: Span): Span => ({ start: span.start + base, end: span.end + base });
    for (const c of symbols.candidates)
      candidates.push({ ...c, fullSpan: move(c.fullSpan), nameSpan: move(c.nameSpan) });
    errors.push(...symbols.errors.map(move));
  });
  errors.sort((a, b) => a.start - b.start);
  candidates.sort((a, b) => a.fullSpan.start - b.fullSpan.start || a.order - b.order);
  const ordered = candidates.map((c, order) => ({ ...c, order }));
  const containers = extraction.containers.filter((c) => !inside(c.span));
  return {
    language: loaded.id,
    symbols: nestCandidates(ordered, containers, loaded.hooks),
    errors,
  };
}

async function cachedFallback(
  languageId: string,
  regionText: string,
  fallback: NonNullable<LoadedLanguage['hooks']['fallback']>,
  method: boolean,
): Promise<FallbackSymbols | undefined> {
  const key = `${languageId}${method ? ' method' : ''}\u0000${regionText}`;
  if (cache.has(key)) return cache.get(key) ?? undefined;
  counters.calls++;
  counters.chars += regionText.length;
  const answer = await fallback(languageId, method ? inClass(regionText) : regionText);
  const symbols = answer && method ? outOfClass(answer, regionText.length) : answer;
  cache.set(key, symbols ?? null);
  return symbols;
}
