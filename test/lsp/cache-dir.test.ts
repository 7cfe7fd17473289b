/**
 * Regression (issue 13): clangd's index was rebuilt by every one-shot call (its compile database and index
 * lived in the session's scratch dir). Both now live in a per-project cache folder that a second run reuses.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { locusCacheRoot, projectCacheDir } from '../../src/lsp/servers/cache-dir.js';
import { createLocus } from '../../src/ops/locus.js';
import { describeWithServer } from '../helpers/require-server.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
const temp = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};

it('puts caches under LOCUS_CACHE_DIR, else $XDG_CACHE_HOME/locus, one folder per project', () => {
  expect(locusCacheRoot({ LOCUS_CACHE_DIR: '/c/x' })).toBe('/c/x');
  expect(locusCacheRoot({ XDG_CACHE_HOME: '/xdg' })).toBe('/xdg/locus');
  const base = temp('locus-cache-');
  const a = projectCacheDir('clangd', '/work/a', { LOCUS_CACHE_DIR: base });
  const b = projectCacheDir('clangd', '/other/a', { LOCUS_CACHE_DIR: base });
  expect(a).toMatch(new RegExp(`^${base}/clangd/a-[0-9a-f]{16}$`));
  expect(a).not.toBe(b);
  expect(projectCacheDir('clangd', '/work/a', { LOCUS_CACHE_DIR: base })).toBe(a);
});

describeWithServer('clangd', 'clangd keeps its index between one-shot runs', () => {
  it('writes the database and index to the project cache folder and reuses them', async () => {
    const cache = temp('locus-cache-clangd-');
    const root = temp('locus-cache-project-');
    writeFileSync(join(root, 'a.c'), 'int add(int x) { return x + 1; }\nint main(void) { return add(1); }\n');
    const previous = process.env.LOCUS_CACHE_DIR;
    process.env.LOCUS_CACHE_DIR = cache;
    try {
      const dir = projectCacheDir('clangd', root) as string;
      const database = join(dir, 'compile_commands.json');
      const stamps: number[] = [];
      for (let run = 0; run < 2; run++) {
        const locus = createLocus({ root });
        const refs = await locus.references('a.c:add');
        await locus.close();
        expect(refs.ok && refs.total).toBe(2);
        stamps.push(statSync(database).mtimeMs);
      }
      // The second run found the same database and left it (and so the index built for it) alone.
      expect(stamps[1]).toBe(stamps[0]);
      expect(existsSync(database)).toBe(true);
      const index = join(dir, '.cache', 'clangd', 'index');
      expect(readdirSync(index).some((f) => f.startsWith('a.c.'))).toBe(true);
    } finally {
      if (previous === undefined) delete process.env.LOCUS_CACHE_DIR;
      else process.env.LOCUS_CACHE_DIR = previous;
    }
  });
});
