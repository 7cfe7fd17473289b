/**
 * documentSymbol answers turned into outlines (ops/locating/server-outline.ts): hierarchical DocumentSymbols, flat
 * SymbolInformation nested by range and container name, names found where the server's selection is loose, and a
 * hostile answer that cannot break the outline. Positions come from `<|>` anchors.
 */
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../src/core/line-index.js';
import type { OutlineSymbol } from '../../src/locate/outline.js';
import { outlineFromServer, type ServerSymbol } from '../../src/ops/locating/server-outline.js';
import { anchors } from '../helpers/anchors.js';

const SOURCE = `module <|>Shapes where
  data <|>Point = Point
  <|>norm p = sqrt p
  <|>area = 1
<|>main = print 1
`;
const { text, offsets } = anchors(SOURCE);
const lines = new LineIndex(text);
const at = (i: number) => lines.toPosition(offsets[i] as number);
/** The range of lines `from`..`to` (0-based), ending at the end of `to`. */
const rangeOf = (from: number, to: number) => ({
  start: { line: from, character: 0 },
  end: { line: to, character: (text.split('\n')[to] ?? '').length },
});
const selection = (i: number, name: string) => ({
  start: at(i),
  end: { line: at(i).line, character: at(i).character + name.length },
});

function paths(symbols: OutlineSymbol[]): string[] {
  return symbols.flatMap((s) => [s.path.join('.'), ...paths(s.children)]);
}

describe('outlines from documentSymbol', () => {
  it('hierarchical DocumentSymbols keep their nesting and name spans', () => {
    const symbols: ServerSymbol[] = [
      { name: 'main', kind: 12, range: rangeOf(4, 4), selectionRange: selection(4, 'main') },
      {
        name: 'Shapes',
        kind: 2,
        range: rangeOf(0, 3),
        selectionRange: selection(0, 'Shapes'),
        children: [
          { name: 'Point', kind: 23, range: rangeOf(1, 1), selectionRange: selection(1, 'Point') },
          { name: 'norm', kind: 12, range: rangeOf(2, 2), selectionRange: selection(2, 'norm') },
        ],
      },
    ];
    const outline = outlineFromServer('haskell', 'hls', text, symbols);
    expect(outline.server).toBe('hls');
    expect(paths(outline.symbols)).toEqual(['Shapes', 'Shapes.Point', 'Shapes.norm', 'main']);
    const norm = outline.symbols[0]?.children[1];
    expect(norm?.kind).toBe('function');
    expect(norm?.nameSpan.start).toBe(offsets[2]);
  });

  it('flat SymbolInformation nests by range, preferring the named container', () => {
    const flat = (name: string, kind: number, from: number, to: number, containerName?: string) => ({
      name,
      kind,
      location: { range: rangeOf(from, to) },
      ...(containerName === undefined ? {} : { containerName }),
    });
    const symbols: ServerSymbol[] = [
      flat('main', 12, 4, 4),
      flat('norm', 12, 2, 2, 'Shapes'),
      flat('Shapes', 2, 0, 3),
      flat('area', 12, 3, 3, 'Shapes'),
      flat('Point', 23, 1, 1),
    ];
    const outline = outlineFromServer('haskell', 'hls', text, symbols);
    expect(paths(outline.symbols)).toEqual(['Shapes', 'Shapes.Point', 'Shapes.norm', 'Shapes.area', 'main']);
    // Without a selection range the name is found as a whole word in the symbol's lines.
    expect(outline.symbols[0]?.children[2]?.nameSpan.start).toBe(offsets[3]);
  });

  it('a line-granular range (both ends at column 0) covers its last line', () => {
    const symbols: ServerSymbol[] = [
      {
        name: 'Shapes',
        kind: 2,
        location: { range: { start: { line: 0, character: 0 }, end: { line: 3, character: 0 } } },
      },
      { name: 'area', kind: 12, location: { range: rangeOf(3, 3) } },
    ];
    const outline = outlineFromServer('haskell', 'hls', text, symbols);
    expect(paths(outline.symbols)).toEqual(['Shapes', 'Shapes.area']);
  });

  it('a hostile answer: nameless, rangeless, malformed and reversed entries cannot break it', () => {
    const symbols = [
      { name: '', kind: 12, range: rangeOf(0, 0) },
      { name: 'noRange', kind: 12 },
      { name: 'bad', kind: 12, range: { start: { line: -1, character: 'x' }, end: null } },
      { name: 'weirdKind', kind: 999, range: rangeOf(4, 4), children: 'not a list' },
      {
        name: 'reversed',
        kind: 12,
        range: { start: rangeOf(2, 2).end, end: { line: 2, character: 0 } },
      },
    ] as unknown as ServerSymbol[];
    const outline = outlineFromServer('haskell', 'hls', text, symbols);
    expect(paths(outline.symbols)).toEqual(['reversed', 'weirdKind']);
    for (const symbol of outline.symbols)
      expect(symbol.fullSpan.start).toBeLessThanOrEqual(symbol.fullSpan.end);
    expect(outline.symbols[1]?.kind).toBe('variable');
  });
});
