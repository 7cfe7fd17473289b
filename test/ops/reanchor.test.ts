/**
 * Re-anchoring: stale locate strings move only to a unique place, and say how; anything ambiguous is
 * refused. Exercised through `locateReanchored` on real files (Python, TypeScript, Go).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocator } from '../../src/ops/locating/locator.js';
import { locateReanchored } from '../../src/ops/edits/reanchor-locate.js';
import { anchor } from '../helpers/anchors.js';

const root = mkdtempSync(path.join(tmpdir(), 'locus-reanchor-'));
const locator = createLocator({ root });
afterAll(async () => {
  await locator.close();
  rmSync(root, { recursive: true, force: true });
});

let n = 0;
/** Writes `source` (with one `<|>` where the answer must land) and re-anchors `locate` in it. */
async function check(ext: string, source: string, locate: string) {
  const file = `f${n++}.${ext}`;
  const { text, offset } = anchor(source);
  writeFileSync(path.join(root, file), text);
  const result = await locateReanchored(locator, `${file}${locate}`);
  const lines = text.slice(0, offset).split('\n');
  const expected = { line: lines.length - 1, character: (lines[lines.length - 1] ?? '').length };
  return { result, expected, file };
}

describe('re-anchoring', () => {
  it('leaves an exact locate alone', async () => {
    const { result, expected } = await check('py', 'def f():\n    return <|>x\n', ':f@return <|>x');
    expect(result.ok && result.position).toEqual(expected);
    expect(result.ok && 'reanchored' in result).toBe(false);
  });

  it('follows a find that left its line scope, with the distance', async () => {
    const src = 'import os\n\n\n\ndef f():\n    return <|>total\n';
    const { result, expected } = await check('py', src, ':2@return <|>total');
    expect(result.ok && result.position).toEqual(expected);
    expect(result.ok && 'reanchored' in result && result.reanchored.detail).toBe('moved 4 lines down');
  });

  it('refuses a moved find that now matches twice', async () => {
    const file = `f${n++}.py`;
    writeFileSync(path.join(root, file), 'a = total\n\nb = total\n');
    const result = await locateReanchored(locator, `${file}:2@total`);
    expect(result.ok).toBe(false);
  });

  it('refuses a line edited in place whose old text survives elsewhere, and a moved partial line', async () => {
    const file = `f${n++}.py`;
    const text = 'if isinstance(e, F):\n    pass\nif isinstance(e, F) and e.items:\n    pass\nx = foo(1)\n';
    writeFileSync(path.join(root, file), text);
    expect((await locateReanchored(locator, `${file}:3@if isinstance(e, F):`)).ok).toBe(false);
    expect((await locateReanchored(locator, `${file}:1@foo(1`)).ok).toBe(false);
    expect((await locateReanchored(locator, `${file}:1@x = foo(1)`)).ok).toBe(true);
  });

  it('forgives whitespace changes inside words', async () => {
    const src = 'const v = <|>subtotal + 1;\n';
    const { result, expected } = await check('ts', src, '@<|>sub total + 1');
    expect(result.ok && result.position).toEqual(expected);
    expect(result.ok && 'reanchored' in result && result.reanchored.kind).toBe('whitespace');
  });

  it('follows a symbol renamed when its body matches in exactly one sibling', async () => {
    const src = 'class Cart {\n  add() { return 1; }\n  grandTotal() { return <|>this.sum; }\n}\n';
    const { result, expected } = await check('ts', src, ':Cart.total@return <|>this.sum');
    expect(result.ok && result.position).toEqual(expected);
    expect(result.ok && 'reanchored' in result && result.reanchored.detail).toBe(
      'renamed Cart.total → Cart.grandTotal',
    );
  });

  it('refuses a renamed symbol without a find (no body to match)', async () => {
    const file = `f${n++}.ts`;
    writeFileSync(path.join(root, file), 'class Cart {\n  grandTotal() { return 1; }\n}\n');
    const result = await locateReanchored(locator, `${file}:Cart.total`);
    expect(result.ok).toBe(false);
  });

  it('follows a method whose type was renamed when its name is unique (Go)', async () => {
    const src = 'package p\n\ntype Basket struct{}\n\nfunc (b *Basket) <|>Total() int { return 0 }\n';
    const { result, expected } = await check('go', src, ':(*Cart).Total');
    expect(result.ok && result.position).toEqual(expected);
    expect(result.ok && 'reanchored' in result && result.reanchored.kind).toBe('reparented');
  });

  it('refuses when the parent still exists but lost the member', async () => {
    const file = `f${n++}.py`;
    writeFileSync(
      path.join(root, file),
      'class Cart:\n    pass\n\nclass Invoice:\n    def total(self):\n        pass\n',
    );
    expect((await locateReanchored(locator, `${file}:Cart.total`)).ok).toBe(false);
  });
});
