/**
 * Workspace-wide locate strings resolved through the index (in process): exact before suffix,
 * candidates ranked and capped at 10, `[K]` across files, narrowing by find, globs, `glob@find`,
 * and the existing-file reading taking precedence over the bare form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocator, type Locator } from '../../src/ops/locating/locator.js';
import { symbols } from '../../src/ops/workspace/symbols.js';
import { removeDir, tempDir, writeTree } from '../index/support.js';

let root: string;
let cacheDir: string;
let locator: Locator;
const previousCache = process.env.LOCUS_CACHE_DIR;

beforeAll(() => {
  root = tempDir('wsl');
  cacheDir = tempDir('wsl-cache');
  process.env.LOCUS_CACHE_DIR = cacheDir;
  const files: Record<string, string> = {
    'src/shop/cart.py': 'class Cart:\n    def total(self):\n        return self.sum\n',
    'src/legacy/cart.py': 'class Cart:\n    def total(self):\n        return 0\n',
    'tests/test_cart.py': 'class Cart:\n    def total(self):\n        return 1\n',
    'Cart.total': 'a file whose name reads like a symbol\n',
    'src/only.go': 'package only\n\nfunc Unique() {}\n',
    // A top-level `total`: a did-you-mean for a misspelt `Cart.total` must not stop at the bare name.
    'src/sums.py': 'def total():\n    return 0\n',
  };
  for (let i = 0; i < 12; i++)
    files[`many/m${String(i).padStart(2, '0')}.ts`] = `export function common() { return ${i}; }\n`;
  writeTree(root, files);
  locator = createLocator({ root });
});

afterAll(async () => {
  await locator.close();
  if (previousCache === undefined) delete process.env.LOCUS_CACHE_DIR;
  else process.env.LOCUS_CACHE_DIR = previousCache;
  removeDir(root);
  removeDir(cacheDir);
});

describe('workspace-wide locate', () => {
  it('a unique symbol resolves with its canonical locate string and a note', async () => {
    const result = await locator.locate('Unique');
    expect(result).toMatchObject({ ok: true, file_path: 'src/only.go', locate: 'src/only.go:Unique' });
    expect(result.ok && result.notes?.[0]).toContain('read as a workspace symbol');
  });

  it('several → SYMBOL_AMBIGUOUS, ranked (non-test first, shorter paths first), with the total', async () => {
    const result = await locator.locate('*:Cart.total');
    expect(result).toMatchObject({ ok: false, error: { code: 'SYMBOL_AMBIGUOUS' } });
    const details = !result.ok
      ? (result.error.details as { total: number; candidates: { locate: string; line: number }[] })
      : undefined;
    expect(details?.total).toBe(3);
    expect(details?.candidates.map((c) => c.locate)).toEqual([
      'src/shop/cart.py:Cart.total',
      'src/legacy/cart.py:Cart.total',
      'tests/test_cart.py:Cart.total',
    ]);
  });

  it('lists at most 10 candidates', async () => {
    const result = await locator.locate('*:common');
    const details = !result.ok
      ? (result.error.details as { total: number; candidates: unknown[] })
      : undefined;
    expect(details?.total).toBe(12);
    expect(details?.candidates).toHaveLength(10);
  });

  it('a glob narrows, [K] counts across files in path order, a find narrows to where it matches', async () => {
    expect(await locator.locate('src/shop/**:Cart.total')).toMatchObject({
      ok: true,
      file_path: 'src/shop/cart.py',
    });
    expect(await locator.locate('*:Cart.total[1]')).toMatchObject({
      ok: true,
      file_path: 'src/shop/cart.py',
    });
    expect(await locator.locate('*:Cart.total[3]')).toMatchObject({
      ok: false,
      error: { code: 'SYMBOL_NOT_FOUND' },
    });
    expect(await locator.locate('*:Cart.total@return self.<|>sum')).toMatchObject({
      ok: true,
      file_path: 'src/shop/cart.py',
      locate: 'src/shop/cart.py:Cart.total@return self.<|>sum',
    });
  });

  it('glob@find: one file with matches resolves there; several are ambiguous', async () => {
    expect(await locator.locate('**/*.py@return self.<|>sum')).toMatchObject({
      ok: true,
      file_path: 'src/shop/cart.py',
    });
    expect(await locator.locate('**/*.py@return')).toMatchObject({
      ok: false,
      error: { code: 'SYMBOL_AMBIGUOUS' },
    });
    expect(await locator.locate('**/*.py@nothing_like_this')).toMatchObject({
      ok: false,
      error: { code: 'NO_MATCH' },
    });
  });

  it('an existing file wins over the bare symbol reading', async () => {
    const result = await locator.locate('Cart.total@file');
    expect(result).toMatchObject({ ok: true, file_path: 'Cart.total' });
  });

  it('neither file nor symbol → SYMBOL_NOT_FOUND saying both were tried, with suggestions', async () => {
    const result = await locator.locate('Uniqe');
    expect(result).toMatchObject({ ok: false, error: { code: 'SYMBOL_NOT_FOUND' } });
    expect(!result.ok && result.error.message).toContain('neither a file in the workspace nor a symbol');
    expect(!result.ok && result.error.hint).toContain('src/only.go:Unique');
  });

  it('a misspelt container or swapped letters: did-you-mean by the whole path, within the glob', async () => {
    const hintOf = async (locate: string) => {
      const result = await locator.locate(locate);
      expect(result).toMatchObject({ ok: false, error: { code: 'SYMBOL_NOT_FOUND' } });
      return result.ok ? '' : (result.error.hint ?? '');
    };
    expect(await hintOf('*:Crat.total')).toMatch(/^Did you mean: Cart\.total \(/);
    expect(await hintOf('*:Cart.ttoal')).toMatch(/^Did you mean: Cart\.total \(/);
    const inShop = await hintOf('src/shop/**:Crat.total');
    expect(inShop).toContain('`src/shop/cart.py:Cart.total`');
    expect(inShop).not.toMatch(/src\/(legacy|sums)|tests\//);
  });

  it('`symbols` with no match suggests the nearest paths too', async () => {
    const result = await symbols(locator, 'Crat.total', { path: 'src/shop/**' });
    expect(result.total).toBe(0);
    expect(result.notes).toEqual(['did you mean: Cart.total → `src/shop/cart.py:Cart.total`?']);
  });
});
