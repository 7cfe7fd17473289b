/**
 * A file rewritten with its old size and times (`def foo` → `def bar`, then `touch -r`) is not answered from the
 * index (issue 24 §5): the index's change key includes the ctime, which `touch -r` cannot set back, and a workspace
 * locate checks the chosen file's bytes against its index entry, so a rename can never be planned on a stale entry.
 */
import { readdirSync, readFileSync, realpathSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadCache, saveCache } from '../../src/index/cache.js';
import { createLocator } from '../../src/ops/locating/locator.js';
import { removeDir, tempDir, writeTree } from '../index/support.js';

let root: string;
let cacheDir: string;
const previousCache = process.env.LOCUS_CACHE_DIR;
/** Whole seconds, so the times given back are exactly the old ones. */
const PAST = 1_577_836_800;

beforeEach(() => {
  root = tempDir('stale');
  cacheDir = tempDir('stale-cache');
  process.env.LOCUS_CACHE_DIR = cacheDir;
  writeTree(root, {
    'a.py': 'def foo(x):\n    return x\n\nprint(foo(1))\n',
    'b.py': 'def other():\n    pass\n',
  });
  utimesSync(path.join(root, 'a.py'), PAST, PAST);
});

afterEach(() => {
  if (previousCache === undefined) delete process.env.LOCUS_CACHE_DIR;
  else process.env.LOCUS_CACHE_DIR = previousCache;
  removeDir(root);
  removeDir(cacheDir);
});

/** Rewrites a.py with the same size, `foo` → `bar`, and gives it its old access and modification times back. */
function rewriteKeepingTimes(): void {
  const file = path.join(root, 'a.py');
  const before = statSync(file);
  writeFileSync(file, readFileSync(file, 'utf8').replaceAll('foo', 'bar'));
  utimesSync(file, PAST, PAST);
  expect([statSync(file).mtimeMs, statSync(file).size]).toEqual([before.mtimeMs, before.size]);
}

/** One-shot processes: each call a new locator over the persisted index. */
async function locateOnce(locate: string): Promise<{ ok: boolean; display?: string; code?: string }> {
  const locator = createLocator({ root });
  try {
    const result = await locator.locate(locate);
    return result.ok ? { ok: true, display: result.display } : { ok: false, code: result.error.code };
  } finally {
    await locator.close();
  }
}

describe('a file rewritten with its old size and times', () => {
  it('is read again by the next one-shot call (the ctime moved)', async () => {
    expect(await locateOnce('*:foo')).toEqual({ ok: true, display: 'a.py:1:5' });
    rewriteKeepingTimes();
    expect(await locateOnce('*:foo')).toEqual({ ok: false, code: 'SYMBOL_NOT_FOUND' });
    expect(await locateOnce('*:bar')).toEqual({ ok: true, display: 'a.py:1:5' });
  });

  it('is read again by a long-lived process', async () => {
    const locator = createLocator({ root });
    try {
      expect((await locator.locate('*:foo')).ok).toBe(true);
      rewriteKeepingTimes();
      const stale = await locator.locate('*:foo');
      expect(stale.ok === false && stale.error.code).toBe('SYMBOL_NOT_FOUND');
      expect(await locator.locate('*:bar')).toMatchObject({ ok: true, display: 'a.py:1:5' });
    } finally {
      await locator.close();
    }
  });

  it('never lands on another symbol when the index entry and the bytes disagree despite equal stamps', async () => {
    expect((await locateOnce('*:foo')).ok).toBe(true);
    rewriteKeepingTimes();
    // Make the persisted entry's stamp equal the rewritten file's, as if the rewrite had kept every time.
    const [cacheFile] = readdirSync(cacheDir).filter((name) => /^index-/.test(name));
    const file = path.join(cacheDir, cacheFile as string);
    const realRoot = realpathSync(root);
    const cache = loadCache(file, realRoot);
    const entry = cache?.entries.get('a.py');
    if (!cache || !entry) throw new Error('the index cache holds no entry for a.py');
    const stats = statSync(path.join(root, 'a.py'));
    entry.mtimeMs = Math.max(stats.mtimeMs, stats.ctimeMs);
    delete cache.bulk;
    expect(saveCache(file, realRoot, cache)).toBe(true);
    expect(await locateOnce('*:foo')).toEqual({ ok: false, code: 'SYMBOL_NOT_FOUND' });
    expect(await locateOnce('*:bar')).toEqual({ ok: true, display: 'a.py:1:5' });
  });
});
