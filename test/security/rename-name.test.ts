/**
 * Rename validates the new name as an identifier of the file's language (tree-sitter): code, keywords
 * and separators are refused with INVALID_ARGUMENT before any server is asked.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { isIdentifierIn } from '../../src/syntax/identifier.js';
import { createLocus } from '../../src/ops/locus.js';
import { describeWithServer } from '../helpers/require-server.js';
import { offsetOf } from '../helpers/anchors.js';
import { scratch } from './support.js';

const CASES: [string, string, string, string[], string[]][] = [
  [
    'python',
    'class Cart:\n    def total(self):\n        return 1\n',
    'def <|>total',
    ['price_total', 'é', '_x'],
    ['x;import os', 'class', 'None', 'a b', '1x', 'x.y', 'x#'],
  ],
  [
    'typescript',
    'function total(): number { return 1; }\n',
    'function <|>total',
    ['$ok', 'totalPrice'],
    ['x;alert(1)', 'class', 'a-b', 'x('],
  ],
  [
    'go',
    'package p\n\nfunc Total() int { return 1 }\n',
    'func <|>Total',
    ['Total2', 'ü'],
    ['func', 'a.b', 'x;y'],
  ],
  ['c', 'int total(void) { return 1; }\n', 'int <|>total', ['total2'], ['int', 'a+b', 'x;y']],
];

describe('isIdentifierIn', () => {
  it.each(CASES)('%s', async (language, text, anchor, good, bad) => {
    const start = offsetOf(text, anchor.replace('<|>', '')) + anchor.indexOf('<|>');
    const end = start + (/^[\p{L}\p{N}_$]+/u.exec(text.slice(start))?.[0].length ?? 0);
    for (const name of good)
      expect(await isIdentifierIn(language, text, { start, end }, name), name).toBe(true);
    for (const name of bad)
      expect(await isIdentifierIn(language, text, { start, end }, name), name).toBe(false);
  });
});

const ws = scratch({
  'cart.py': 'class Cart:\n    def total(self):\n        return 1\n',
  'pyproject.toml': '',
});
afterAll(() => ws.cleanup());

describeWithServer('pyright', 'rename refuses an injected name (pyright)', () => {
  it('`x;import os` is INVALID_ARGUMENT and nothing is written', async () => {
    const locus = createLocus({ root: ws.root });
    try {
      const result = await locus.rename('cart.py:Cart.total', 'x;import os', { apply: true });
      expect(!result.ok && result.error.code).toBe('INVALID_ARGUMENT');
    } finally {
      await locus.close();
    }
  });
});
