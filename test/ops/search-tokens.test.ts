/**
 * `search` and locate finds read the file's language (issue 24): `*.c@->` is no match of `tries-- > 0`, and a find
 * begun in a line comment does not continue into the next line (`state.base_` in immer: 18 hits, as grep finds).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocus, type Locus } from '../../src/ops/locus.js';
import { writeTree } from '../index/support.js';

let root: string;
let locus: Locus;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'locus-search-tokens-'));
  writeTree(root, {
    'retry.c': 'int retry(int tries) {\n  while (tries-- > 0) {}\n  return p->x;\n}\n',
    'draft.ts':
      'export function f(state: S) {\n  // copy the base of the state.\n  base_ = 1\n  return state.base_\n}\n',
    'notes.py': '# the state.\nbase_ = 1\nprint(state.base_)\n',
  });
  locus = createLocus({ root });
});
afterAll(async () => {
  await locus.close();
  rmSync(root, { recursive: true, force: true });
});

async function total(pattern: string): Promise<number> {
  const result = await locus.search(pattern);
  if (!result.ok) throw new Error(result.error.message);
  return result.total_hits;
}

describe('search and finds read tokens as the language does', () => {
  it('an operator is no match across `tries-- > 0`', async () => {
    expect(await total('*.c@->')).toBe(1);
    expect(await total('*.c@--')).toBe(1);
    expect(await total('*.c@-')).toBe(0);
  });

  it('a find does not run from a line comment into the code after it', async () => {
    expect(await total('*.ts@state.base_')).toBe(1);
    expect(await total('*.py@state.base_')).toBe(1);
    const located = await locus.locate('draft.ts@state.<|>base_');
    expect(located).toMatchObject({ ok: true, matches: 1, position: { line: 3 } });
  });
});
