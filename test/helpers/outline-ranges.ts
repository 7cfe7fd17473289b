/**
 * Range checks of outline tests: a symbol's full and name ranges given as snippets of its file with `<|>` anchors
 * (one snippet with two markers, or `from`/`to` snippets with one), never as hand-counted numbers.
 */
import { expect, it } from 'vitest';
import { flattenOutline, type Outline, type OutlineSymbol } from '../../src/locate/outline.js';
import { extractOutline } from '../../src/syntax/outline.js';
import { formatSymbolPath } from '../../src/locate/symbol-path.js';
import { anchor, anchors } from './anchors.js';

/** One check: the first symbol with `path`, its full range and/or the text of its name range. */
export interface RangeCheck {
  /** Path as a locate string writes it (`Cart.total`, `scripts."lint:fix"`); the first symbol with it is checked. */
  path: string;
  /** Full range as one snippet of the file with `<|>` at its start and end … */
  full?: string;
  /** … or as two snippets, each with one `<|>`. */
  from?: string;
  to?: string;
  /** The text of the name range. */
  name?: string;
}

/** Checks the ranges of the first symbol with `check.path`. */
export function expectRange(outline: Outline, text: string, check: RangeCheck): void {
  const symbol = findSymbol(outline, check.path);
  if (check.name !== undefined) {
    expect(text.slice(symbol.nameSpan.start, symbol.nameSpan.end), `${check.path} name`).toBe(check.name);
  }
  const expected = check.full !== undefined ? spanOf(text, check.full) : fromTo(text, check);
  if (expected) expect(symbol.fullSpan, `${check.path} full range`).toEqual(expected);
}

function findSymbol(outline: Outline, dotted: string): OutlineSymbol {
  const symbol = flattenOutline(outline.symbols).find((s) => formatSymbolPath(s.path) === dotted);
  if (!symbol) throw new Error(`no symbol ${dotted}`);
  return symbol;
}

/** Span given by one snippet holding two markers. */
function spanOf(text: string, snippet: string): { start: number; end: number } {
  const found = anchors(snippet);
  const [start, end] = found.offsets;
  if (found.offsets.length !== 2 || start === undefined || end === undefined) {
    throw new Error(`expected two <|> in ${snippet}`);
  }
  const at = uniqueOffset(text, found.text);
  return { start: at + start, end: at + end };
}

function fromTo(text: string, check: RangeCheck): { start: number; end: number } | undefined {
  if (check.from === undefined || check.to === undefined) return undefined;
  return { start: point(text, check.from), end: point(text, check.to) };
}

function point(text: string, snippet: string): number {
  const found = anchor(snippet);
  return uniqueOffset(text, found.text) + found.offset;
}

function uniqueOffset(text: string, needle: string): number {
  const at = text.indexOf(needle);
  if (at < 0 || text.indexOf(needle, at + 1) >= 0)
    throw new Error(`snippet not found exactly once: ${needle}`);
  return at;
}

/**
 * One test per small source: [language, source with `<|>` before each symbol's name in document order, `kind path`
 * of each symbol in the same (pre-)order, paths as locate strings write them]. The source must parse cleanly.
 */
export function checkInlineRules(rows: readonly (readonly [string, string, readonly string[]])[]): void {
  for (const [language, source, expected] of rows) {
    const { text, offsets } = anchors(source);
    it(`${language}: ${JSON.stringify(text.split('\n')[0])}`, async () => {
      const outline = await extractOutline(language, text);
      expect(outline.errors).toEqual([]);
      const symbols = flattenOutline(outline.symbols);
      expect(symbols.map((s) => `${s.kind} ${formatSymbolPath(s.path)}`)).toEqual(expected);
      expect(symbols.map((s) => s.nameSpan.start)).toEqual(offsets);
    });
  }
}
