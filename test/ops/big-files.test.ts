/**
 * Big files (docs/performance.md, "memory"): files over MAX_OUTLINE_CHARS are read but not parsed —
 * line scopes and finds work, a symbol scope says why it cannot.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OUTLINE_CHARS } from '../../src/ops/file-view.js';
import { createLocator, type Locator } from '../../src/ops/locator.js';

describe('files too big to parse', () => {
  let root: string;
  let locator: Locator;
  let lines: number;

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'locus-big-'));
    const line = 'function f(a) { return a + 1; }\n';
    lines = Math.ceil(MAX_OUTLINE_CHARS / line.length) + 10;
    writeFileSync(path.join(root, 'big.js'), line.repeat(lines) + 'function lastOne() {}\n');
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

  it('explains that a symbol scope needs a parse the file is too big for', async () => {
    const result = await locator.locate('big.js:lastOne');
    expect(result).toMatchObject({ ok: false, error: { code: 'UNSUPPORTED_LANGUAGE' } });
    if (!result.ok) expect(result.error.message).toContain('too big to parse');
  });
});
