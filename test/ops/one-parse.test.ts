/**
 * A locate input is read once per call (locate/classify.ts): whatever its form, one `classify` and at most one
 * `parseLocate` of that string, also on the paths that fail and through the syntax offload. The parsers are wrapped
 * to count their calls by input.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocator, type Locator } from '../../src/ops/locating/locator.js';
import { SyntaxOffload } from '../../src/ops/locating/offload.js';
import { source } from '../../src/ops/workspace/source.js';
import { removeDir, tempDir, useTempCacheDir, writeTree } from '../index/support.js';

const calls = vi.hoisted(() => ({ classify: [] as unknown[], parseLocate: [] as unknown[] }));

vi.mock('../../src/locate/classify.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/locate/classify.js')>();
  return {
    ...original,
    classify: (...args: Parameters<typeof original.classify>) => {
      calls.classify.push(args[0]);
      return original.classify(...args);
    },
  };
});

vi.mock('../../src/locate/locate-string.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/locate/locate-string.js')>();
  return {
    ...original,
    parseLocate: (...args: Parameters<typeof original.parseLocate>) => {
      calls.parseLocate.push(args[0]);
      return original.parseLocate(...args);
    },
  };
});

let root: string;
let locator: Locator;
useTempCacheDir('one-parse-cache');

beforeAll(() => {
  root = tempDir('one-parse');
  writeTree(root, {
    'src/cart.py': 'class Cart:\n    def total(self):\n        return self.sum\n',
    'src/shop.go': 'package shop\n\nfunc Unique() {}\n',
  });
  locator = createLocator({ root });
});

afterAll(async () => {
  await locator.close();
  removeDir(root);
});

beforeEach(() => {
  calls.classify.length = 0;
  calls.parseLocate.length = 0;
});

/** How often each parser saw `input`. */
function seen(input: unknown): { classify: number; parseLocate: number } {
  return {
    classify: calls.classify.filter((c) => c === input).length,
    parseLocate: calls.parseLocate.filter((c) => c === input).length,
  };
}

const INPUTS: [string, string | object, boolean][] = [
  ['a file locate', 'src/cart.py:Cart.total@return <|>self', true],
  ['a missing symbol', 'src/cart.py:Cart.nope', false],
  ['a missing file', 'src/gone.py:3', false],
  ['a malformed string', 'src/cart.py:', false],
  ['every file', '*:Cart.total', true],
  ['a glob and a find', 'src/*.go@func <|>Unique', true],
  ['a bare symbol', 'Unique', true],
  ['a bare symbol that is nowhere', 'Nowhere.at_all', false],
  ['an object', { file_path: 'src/cart.py', scope: { symbol_path: ['Cart', 'total'] } }, true],
];

describe('one reading per call', () => {
  it.each(INPUTS)('locate: %s', async (_name, input, ok) => {
    expect((await locator.locate(input as string)).ok).toBe(ok);
    const { classify, parseLocate } = seen(input);
    expect(classify).toBe(1);
    expect(parseLocate).toBeLessThanOrEqual(1);
  });

  it.each(INPUTS)('through the syntax offload: %s', async (_name, input, ok) => {
    const offload = new SyntaxOffload(locator);
    try {
      expect((await offload.ops().locateRange(input as string)).ok).toBe(ok);
    } finally {
      await offload.close();
    }
    expect(seen(input).classify).toBe(1);
    expect(seen(input).parseLocate).toBeLessThanOrEqual(1);
  });

  it.each(INPUTS.filter(([, , ok]) => ok))('source: %s', async (_name, input) => {
    await expect(source(locator, input as string)).resolves.toMatchObject({ ok: true });
    expect(seen(input).classify).toBe(1);
    expect(seen(input).parseLocate).toBeLessThanOrEqual(1);
  });
});
