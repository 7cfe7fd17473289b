/**
 * Loading the persisted index without a walk (src/index/quick-check.ts): a new process stats the folders and files
 * the cache lists and walks only changed folders, and ends with exactly the index a full walk gives — after edits,
 * new files and folders, deletions, renames, ignore-file and configuration changes, and a refused file fixed.
 */
import { realpathSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { cacheDirectory, cacheFile, WorkspaceIndex } from '../../src/index/index.js';
import { loadCache } from '../../src/index/cache.js';
import { Walker } from '../../src/index/walk.js';
import type { IndexOptions } from '../../src/index/types.js';
import { removeDir, tempDir, writeTree } from './support.js';

const cache = tempDir('quick-cache');
const roots: string[] = [];
afterAll(() => {
  removeDir(cache);
  for (const root of roots) removeDir(root);
});
afterEach(() => vi.restoreAllMocks());

const options = (extra: IndexOptions = {}): IndexOptions => ({ cacheDir: cache, maxWorkers: 1, ...extra });

/** Every symbol as `file:path`, sorted. */
function contents(index: WorkspaceIndex): string[] {
  return index.store
    .paths()
    .flatMap((file) => index.store.symbolsOf(file).map((s) => `${file}:${s.path.join('.')}`))
    .sort();
}

/** Every walk a Walker starts, whole (`''`) or under a folder: `walk` and `walkYielding` both begin there. */
function spyOnWalks() {
  return vi.spyOn(Walker.prototype as unknown as { start(under: string): unknown }, 'start');
}

/** A workspace whose folders and files all look old (a fresh mtime is not trusted: it may change again unseen). */
function workspace(files: Record<string, string>): string {
  const root = tempDir('quick');
  roots.push(root);
  writeTree(root, files);
  age(root);
  return root;
}

function age(root: string): void {
  const old = new Date(Date.now() - 60_000);
  const visit = (dir: string): void => {
    for (const entry of new Walker(dir, { maxFileBytes: 1 << 20 }).walk().dirs)
      utimesSync(path.join(dir, entry), old, old);
  };
  visit(root);
  utimesSync(root, old, old);
}

/** Builds, changes the workspace, then loads in a new index: its symbols equal a full walk's. */
async function afterChange(
  root: string,
  change: () => void,
  extra: IndexOptions = {},
): Promise<WorkspaceIndex> {
  await new WorkspaceIndex(root, options()).fresh();
  change();
  const loaded = new WorkspaceIndex(root, options(extra));
  await loaded.fresh();
  const walked = new WorkspaceIndex(root, { noCache: true, ...extra });
  await walked.fresh();
  expect(contents(loaded)).toEqual(contents(walked));
  return loaded;
}

const BASE = {
  'a.py': 'def alpha():\n    pass\n',
  'pkg/b.py': 'def beta():\n    pass\n',
  'pkg/deep/c.ts': 'export function gamma() {}\n',
  'other/d.go': 'package other\n\nfunc Delta() {}\n',
};

describe('loading the persisted index without a walk', () => {
  it('takes an unchanged cache without listing a folder', async () => {
    const root = workspace(BASE);
    await new WorkspaceIndex(root, options()).fresh();
    const walk = spyOnWalks();
    const loaded = new WorkspaceIndex(root, options());
    expect(await loaded.fresh()).toMatchObject({ indexed: 4, fromCache: 4, parsed: 0 });
    expect(walk).not.toHaveBeenCalled();
    expect(contents(loaded)).toContain('pkg/deep/c.ts:gamma');
  });

  it('reads a file edited in place again, and walks nothing', async () => {
    const root = workspace(BASE);
    const walk = spyOnWalks();
    const loaded = await afterChange(root, () => {
      writeFileSync(path.join(root, 'pkg/b.py'), 'def beta_two():\n    pass\n');
      walk.mockClear();
    });
    expect(contents(loaded)).toContain('pkg/b.py:beta_two');
    expect(walk.mock.calls.filter(([under]) => under !== undefined && under !== '')).toEqual([]);
  });

  it.each([
    [
      'a new file',
      (root: string) => writeFileSync(path.join(root, 'pkg/deep/e.py'), 'def epsilon():\n    pass\n'),
    ],
    ['a new folder', (root: string) => writeTree(root, { 'pkg/new/f.py': 'def phi():\n    pass\n' })],
    ['a deleted file', (root: string) => rmSync(path.join(root, 'other/d.go'))],
    ['a deleted folder', (root: string) => rmSync(path.join(root, 'pkg/deep'), { recursive: true })],
    [
      'a rename across folders',
      (root: string) => renameSync(path.join(root, 'a.py'), path.join(root, 'pkg/a.py')),
    ],
    ['a new .gitignore', (root: string) => writeFileSync(path.join(root, 'pkg/.gitignore'), 'b.py\n')],
    [
      'an edited .gitignore',
      (root: string) => {
        writeFileSync(path.join(root, 'pkg/.gitignore'), 'nothing\n');
        age(root);
        writeFileSync(path.join(root, 'pkg/.gitignore'), 'deep/\n');
      },
    ],
  ])('ends as a full walk after %s', async (_name, change) => {
    const root = workspace(BASE);
    await afterChange(root, () => change(root));
  });

  it('reads a refused file again once it changed', async () => {
    const root = workspace({ ...BASE, 'other/bin.py': '\u0000\u0001' });
    const loaded = await afterChange(root, () =>
      writeFileSync(path.join(root, 'other/bin.py'), 'def fixed():\n    pass\n'),
    );
    expect(contents(loaded)).toContain('other/bin.py:fixed');
  });

  it('walks again when the index rules changed (configuration)', async () => {
    const root = workspace({ ...BASE, 'vendor/v.py': 'def vee():\n    pass\n' });
    const loaded = await afterChange(root, () => undefined, { include: ['vendor/**'] });
    expect(contents(loaded)).toContain('vendor/v.py:vee');
  });

  it('does not trust a folder changed just before the build (its mtime may not move again)', async () => {
    const root = workspace(BASE);
    writeTree(root, { 'fresh/g.py': 'def gee():\n    pass\n' });
    await new WorkspaceIndex(root, options()).fresh();
    const real = realpathSync.native(root);
    const stamps = loadCache(cacheFile(cacheDirectory(root, cache), real), real)?.folders;
    expect(stamps?.get('fresh')?.mtimeMs).toBe(-1);
    expect(stamps?.get('pkg')?.mtimeMs).toBeGreaterThan(0);
    const walk = spyOnWalks();
    await new WorkspaceIndex(root, options()).fresh();
    // `fresh/` is walked again (with the root, whose mtime is as fresh).
    expect(walk.mock.calls.some(([under]) => under === undefined || under === '' || under === 'fresh')).toBe(
      true,
    );
  });

  it('reads nothing again when a file changed status after its content (ctime later than mtime: an unpacked tree)', async () => {
    const root = workspace({ 'a.go': 'package a\n\nfunc A() {}\n' });
    const old = new Date(Date.now() - 3_600_000);
    utimesSync(path.join(root, 'a.go'), old, old); // the mtime an hour back, the ctime now
    const built = new WorkspaceIndex(root, options());
    await built.fresh();
    built.close();
    const loaded = new WorkspaceIndex(root, options());
    expect(await loaded.fresh()).toMatchObject({ indexed: 1, fromCache: 1, parsed: 0 });
    expect(contents(loaded)).toEqual(['a.go:A']);
    loaded.close();
  });
});
