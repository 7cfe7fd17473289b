/**
 * Big texts keep their outline, not their tree (docs/performance.md, "memory"): no live tree after the
 * outline; identifiers and edits still work (a temporary parse, a full re-parse).
 */
import { describe, expect, it } from 'vitest';
import { extractOutline } from '../../src/syntax/outline.js';
import { BIG_TREE_BYTES, TreeCache } from '../../src/syntax/tree-cache.js';

const unit = (i: number) => `def f${i}(a):\n    return a + ${i}\n\n\n`;

describe('big texts in the tree cache', () => {
  it('drop their tree once the outline exists, and still answer identifiers and edits', async () => {
    const count = Math.ceil(BIG_TREE_BYTES / unit(0).length) + 100;
    const text = Array.from({ length: count }, (_, i) => unit(i)).join('');
    const cache = new TreeCache({ maxBytes: 4 * BIG_TREE_BYTES });
    const outline = await cache.outline('big.py', 'python', text);
    expect(outline.symbols.length).toBe(count);
    expect(cache.stats()).toMatchObject({ entries: 1, trees: 0, fullParses: 1 });
    const at = text.indexOf('f7(');
    const identifier = await cache.identifierAt('big.py', 'python', text, at);
    expect(identifier?.text).toBe('f7');
    expect(cache.stats().trees).toBe(0);
    const edited = text.replace('return a + 7', 'return a + 77');
    const after = await cache.outline('big.py', 'python', edited);
    expect(after).toEqual(await extractOutline('python', edited));
    expect(cache.stats()).toMatchObject({ entries: 1, trees: 0, incrementalParses: 0 });
    cache.close();
    // Four full parses of a 1 MiB text: ~9 s alone on two cores, 38 s seen beside other test runs.
  });
});
