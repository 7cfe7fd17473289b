/**
 * Big files (docs/performance.md, "memory"): files over MAX_OUTLINE_CHARS are read but not parsed here —
 * line scopes and finds work, a symbol scope goes through the workspace index (whose workers parse them),
 * and says why it cannot when the index leaves the file out (LIMIT_EXCEEDED); their outline is parsed apart.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OUTLINE_CHARS } from '../../src/ops/locating/file-view.js';
import { createLocator, type Locator } from '../../src/ops/locating/locator.js';
import { useTempCacheDir } from '../index/support.js';

useTempCacheDir('big-files-cache');

describe('files too big to parse', () => {
  let root: string;
  let locator: Locator;
  let lines: number;

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'locus-big-'));
    // Over the limit with comment lines: a parse of them is cheap, and the limit counts characters, not symbols
    // (a file of small functions cost ~15 s of CPU a run for no more coverage).
    const first = 'function f(a) { return a + 1; }\n';
    const filler = `// ${'x'.repeat(1000)}\n`;
    lines = 1 + Math.ceil(MAX_OUTLINE_CHARS / filler.length) + 10;
    writeFileSync(path.join(root, 'big.js'), first + filler.repeat(lines - 1) + 'function lastOne() {}\n');
    locator = createLocator({ root });
  });
  afterAll(async () => {
    await locator.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers line scopes and finds', async () => {
    const byLine = await locator.locate(`big.js:${lines + 1}@<|>lastOne`);
    expect(byLine).toMatchObject({ ok: true, position: { line: lines, character: 'function '.length } });
    const byFind = await locator.locate('big.js@function <|>lastOne');
    expect(byFind).toMatchObject({ ok: true, position: { line: lines, character: 'function '.length } });
  });

  it('resolves a symbol scope through the index: the locate strings `symbols` lists work', async () => {
    const located = await locator.locate('big.js:lastOne@<|>()');
    expect(located).toMatchObject({
      ok: true,
      position: { line: lines, character: 'function lastOne'.length },
    });
    const missing = await locator.locate('big.js:lastOen');
    expect(missing).toMatchObject({ ok: false, error: { code: 'SYMBOL_NOT_FOUND' } });
    expect(!missing.ok && missing.error.hint).toContain('`big.js:lastOne`');
  });

  it('has an outline all the same, parsed apart as the index parses it', async () => {
    const outline = await locator.outline('big.js');
    expect(outline.ok).toBe(true);
    if (!outline.ok) return;
    expect(outline.symbols.map((symbol) => symbol.locate)).toEqual(['big.js:f', 'big.js:lastOne']);
  });

  it('says a symbol scope needs a parse the file is too big for when the index leaves it out (a limit)', async () => {
    const unindexed = createLocator({ root, index: { exclude: ['big.js'] } });
    try {
      const result = await unindexed.locate('big.js:lastOne');
      expect(result).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED' } });
      if (!result.ok) expect(result.error.message).toContain('too big to parse');
    } finally {
      await unindexed.close();
    }
  });
});
