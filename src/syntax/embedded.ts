/**
 * Code embedded in another language's file (docs/languages.md, "Embedded code"): the `<script>` and `<style>` of
 * an HTML page or a Vue component. Each region is outlined in its own language over a same-length copy of the
 * file in which everything outside the region is blank (line breaks kept), so every offset stays exact; its
 * symbols then nest under the symbol of the element that holds it (`script.total`, `style.".cart"`).
 */
import type { Range } from 'web-tree-sitter';
import type { Span } from '../core/positions.js';
import { spanRanges } from './text-edit.js';
import type { Outline, OutlineSymbol } from '../locate/outline.js';

/** One embedded region: its language, the span of its code, and where the element holding it starts. */
export interface EmbeddedRegion {
  language: string;
  content: Span;
  /** Start offset of the owner's full range (the `<script>` element); its symbol adopts the region's symbols. */
  owner: number;
}

/**
 * Outlines a text in a language, parsing only `within` of it (the syntax layer's `extractOutline`, passed in to avoid
 * an import cycle).
 */
export type Extract = (language: string, text: string, within?: Range) => Promise<Outline>;

/** The outline with the symbols of each region nested under its owner (a region that fails adds nothing). */
export async function graftEmbedded(
  outline: Outline,
  regions: readonly EmbeddedRegion[],
  text: string,
  extract: Extract,
): Promise<Outline> {
  if (regions.length === 0) return outline;
  const adopted = new Map<number, OutlineSymbol[]>();
  const errors = [...outline.errors];
  // The file blanked once: a page with a hundred `<style>`s blanked per region cost minutes (Go's 2.6 MB
  // trace viewer); each region's parse reads only the region (the rest of its copy is blank all the same).
  const blank = blankText(text);
  const ranges = spanRanges(
    text,
    regions.map((region) => region.content),
  );
  for (const [i, region] of regions.entries()) {
    let inner: Outline;
    const { start, end } = region.content;
    try {
      inner = await extract(
        region.language,
        blank.slice(0, start) + text.slice(start, end) + blank.slice(end),
        ranges[i],
      );
    } catch {
      continue; // no grammar or no query for it: the element stays a leaf
    }
    adopted.set(region.owner, [...(adopted.get(region.owner) ?? []), ...inner.symbols]);
    errors.push(...inner.errors);
  }
  if (adopted.size === 0) return outline;
  errors.sort((a, b) => a.start - b.start);
  return { ...outline, symbols: outline.symbols.map((s) => adopt(s, adopted)), errors };
}

/** A copy of `symbol` (and, where needed, of its descendants) with the adopted symbols under their owners. */
function adopt(symbol: OutlineSymbol, adopted: ReadonlyMap<number, OutlineSymbol[]>): OutlineSymbol {
  const own = adopted.get(symbol.fullSpan.start);
  const children = symbol.children.map((child) => adopt(child, adopted));
  if (own) {
    children.push(...own.map((s) => prefixed(s, symbol.path)));
    children.sort((a, b) => a.fullSpan.start - b.fullSpan.start);
  }
  return { ...symbol, children };
}

function prefixed(symbol: OutlineSymbol, prefix: readonly string[]): OutlineSymbol {
  return {
    ...symbol,
    path: [...prefix, ...symbol.path],
    children: symbol.children.map((child) => prefixed(child, prefix)),
  };
}

/** `text` with every character blanked but line breaks (same length, same lines). */
function blankText(text: string): string {
  return text.replace(/[^\r\n]+/g, (run) => ' '.repeat(run.length));
}
