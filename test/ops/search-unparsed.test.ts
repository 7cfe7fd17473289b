/**
 * A file the index could not parse (its extraction failed: remembered as unreadable, and not read again while its
 * size and times stay) is still searched: `search` reads its text itself, so its hits are found instead of missing
 * silently (docs/workspace.md, "Which files are indexed").
 */
import { readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { loadCache, saveCache } from '../../src/index/cache.js';
import { createLocator } from '../../src/ops/locating/locator.js';
import { search } from '../../src/ops/workspace/search.js';
import { removeDir, tempDir, useTempCacheDir, writeTree } from '../index/support.js';

let root: string;
const cacheDirOf = useTempCacheDir('unparsed-cache');

beforeEach(() => {
  root = tempDir('unparsed');
  writeTree(root, { 'a.py': 'def a():\n    return 1\n', 'r.py': 'x = "aaaa!"\n' });
});

afterEach(() => removeDir(root));

async function searchOnce(pattern: string, regex: boolean) {
  const locator = createLocator({ root });
  try {
    return await search(locator, pattern, { regex });
  } finally {
    await locator.close();
  }
}

/** Marks r.py in the persisted index as a file whose extraction failed. */
function markUnreadable(): void {
  const [cacheFile] = readdirSync(cacheDirOf()).filter((name) => /^index-/.test(name));
  const file = path.join(cacheDirOf(), cacheFile as string);
  const realRoot = realpathSync(root);
  const cache = loadCache(file, realRoot);
  if (!cache) throw new Error('no index cache');
  const stats = statSync(path.join(root, 'r.py'));
  cache.entries.delete('r.py');
  cache.rejected.set('r.py', {
    size: stats.size,
    mtimeMs: Math.max(stats.mtimeMs, stats.ctimeMs),
    kind: 'unreadable',
  });
  delete cache.bulk;
  expect(saveCache(file, realRoot, cache)).toBe(true);
}

it('a file the index could not parse is searched in its text, by tokens and by regex', async () => {
  expect((await searchOnce('r.py@aaaa', false)).total_hits).toBe(1);
  markUnreadable();
  const byTokens = await searchOnce('*.py@aaaa', false);
  expect(byTokens.files.map((f) => f.file_path)).toEqual(['r.py']);
  const byRegex = await searchOnce('r.py@(a+)+!', true);
  expect(byRegex.total_hits).toBe(1);
  expect(byRegex.files[0]?.hits[0]?.display).toBe('r.py:1:6');
});
