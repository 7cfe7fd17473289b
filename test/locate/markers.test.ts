import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinWithMarker, markerString, splitMarker } from '../../src/locate/markers.js';

describe('splitMarker (docs/locate-strings.md, "Find": deepest level occurring exactly once)', () => {
  it.each([
    ['self.<|>value', 1, 'self.', 'value'],
    ['x = <|> + y <<|>> z', 2, 'x = <|> + y ', ' z'],
    ['a <<|>> b', 2, 'a ', ' b'],
    ['a <|> b <<<|>>> c', 3, 'a <|> b ', ' c'],
    ['a <|> b <<|>> c <<<|>>> d', 3, 'a <|> b <<|>> c ', ' d'],
    ['token = <|> HERE <<|>> value', 2, 'token = <|> HERE ', ' value'],
    ['<|>', 1, '', ''],
    [`deep ${'<'.repeat(10)}|${'>'.repeat(10)} x`, 10, 'deep ', ' x'],
  ])('%s → level %i', (find, level, before, after) => {
    expect(splitMarker(find)).toEqual({ kind: 'marker', level, before, after });
  });

  it.each([['x <|> y <|> z'], ['no marker here'], ['a <<|>> b <<|>> c'], ['<<<<<<<<<<<|>>>>>>>>>>> eleven']])(
    '%s → no marker',
    (find) => {
      const split = splitMarker(find);
      if (find.startsWith('<<<<<<<<<<<')) {
        // An 11-level marker contains the 10-level one exactly once: that is the marker.
        expect(split).toMatchObject({ kind: 'marker', level: 10 });
      } else {
        expect(split).toEqual({ kind: 'none', pattern: find });
      }
    },
  );

  it('joinWithMarker picks a level that reads back unchanged', () => {
    for (const [before, after] of [
      ['a ', ' b'],
      ['x <|> ', 'y'],
      ['<', '>'],
      ['q <<|>> <|>', ''],
    ] as const) {
      const find = joinWithMarker(before, after);
      expect(find).toBeDefined();
      expect(splitMarker(find as string)).toMatchObject({ kind: 'marker', before, after });
    }
    expect(markerString(3)).toBe('<<<|>>>');
  });

  it('joinWithMarker reads back for any halves made of marker-ish characters', () => {
    const half = fc.string({ unit: fc.constantFrom('<', '>', '|', 'a', ' '), maxLength: 12 });
    fc.assert(
      fc.property(half, half, (before, after) => {
        const find = joinWithMarker(before, after);
        if (find !== undefined) expect(splitMarker(find)).toMatchObject({ kind: 'marker', before, after });
        if (!before.includes('|') && !after.includes('|')) expect(find).toBeDefined();
      }),
      { numRuns: 3000 },
    );
  });
});
