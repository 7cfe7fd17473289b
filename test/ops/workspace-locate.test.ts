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
    // C: a prototype and a typedef in the header, the definitions in the .c (jq's `jq_next`, `jq_state`).
    'c/jq.h': 'typedef struct jq_state jq_state;\nint jq_next(jq_state *);\nint jq_twice(void);\n',
    'c/execute.c':
      '#include "jq.h"\nstruct jq_state { int n; };\nint jq_next(jq_state *jq) {\n  return jq->n;\n}\nint jq_twice(void) { return 1; }\n',
    'c/other.c': 'int jq_twice(void) { return 2; }\n',
    // C++ (tinyxml2): in a namespace, a class with its own constructors, declared in the header, defined in the .cpp.
    'cpp/xml.h':
      'namespace tx {\nclass XMLDocument {\n public:\n  XMLDocument();\n  XMLDocument(int n);\n  void Clear();\n};\n}\n',
    'cpp/xml.cpp':
      '#include "xml.h"\nnamespace tx {\nXMLDocument::XMLDocument() {}\nvoid XMLDocument::Clear() {}\n}\n',
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

  it('a function declared in a header and defined in a .c: the definition, the declaration named beside it', async () => {
    const result = await locator.locate('jq_next');
    expect(result).toMatchObject({ ok: true, file_path: 'c/execute.c', locate: 'c/execute.c:jq_next' });
    expect(result.ok && result.notes).toContain('resolved to the definition; declared at `c/jq.h:jq_next`');
    expect(await locator.locate('*:jq_state')).toMatchObject({ ok: true, file_path: 'c/execute.c' });
    expect(await locator.locate('XMLDocument.Clear')).toMatchObject({ ok: true, file_path: 'cpp/xml.cpp' });
  });

  it('a class above its own constructors; two definitions stay ambiguous; [K] keeps document order', async () => {
    const result = await locator.locate('XMLDocument');
    expect(result).toMatchObject({ ok: true, file_path: 'cpp/xml.h', locate: 'cpp/xml.h:tx.XMLDocument' });
    expect(result.ok && result.notes).toContain(
      'resolved to the class; its constructors: `cpp/xml.h:tx.XMLDocument.XMLDocument[0]`, `cpp/xml.h:tx.XMLDocument.XMLDocument[1]`, `cpp/xml.cpp:tx.XMLDocument.XMLDocument`',
    );
    const twice = await locator.locate('jq_twice');
    expect(twice).toMatchObject({ ok: false, error: { code: 'SYMBOL_AMBIGUOUS' } });
    expect(await locator.locate('*:jq_next[0]')).toMatchObject({ ok: true, file_path: 'c/execute.c' });
    expect(await locator.locate('*:jq_next[1]')).toMatchObject({ ok: true, file_path: 'c/jq.h' });
  });

  it('`symbols` with no match suggests the nearest paths too', async () => {
    const result = await symbols(locator, 'Crat.total', { path: 'src/shop/**' });
    expect(result.total).toBe(0);
    expect(result.notes).toEqual(['did you mean: Cart.total → `src/shop/cart.py:Cart.total`?']);
  });
});
