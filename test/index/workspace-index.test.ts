/**
 * The workspace index in process: which files it covers (ignore rules, default and configured
 * exclusions, links never followed, binary/oversized/unreadable files counted), freshness between
 * queries (sweeps and watchers), and the persisted cache (reuse, corruption, foreign version).
 */
import {
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheDirectory, cacheFile, WorkspaceIndex } from '../../src/index/index.js';
import { createLocator } from '../../src/ops/locating/locator.js';
import {
  generateFiles,
  removeDir,
  RUNNING_AS_ROOT,
  tempDir,
  writeOddCases,
  writeTree,
  useTempCacheDir,
} from './support.js';

useTempCacheDir('cache');

const names = (index: WorkspaceIndex, name: string) =>
  index.store.lookup([name]).symbols.map((s) => `${s.file}:${s.path.join('.')}`);

describe('which files the index covers', () => {
  let root: string;
  let outside: string;
  afterEach(() => {
    removeDir(root);
    removeDir(outside);
  });

  it('honours ignore files, exclusions and includes; never follows links; counts skipped files', async () => {
    root = tempDir('odd');
    outside = tempDir('outside');
    const expected = writeOddCases(root, outside);
    if (RUNNING_AS_ROOT)
      console.warn('SKIPPED: the unreadable-file case (running as root, permissions cannot deny a read)');
    const locator = createLocator({ root });
    const { index, status } = await locator.index.ready();
    expect(index.store.paths().sort()).toEqual([...expected.indexed, ...expected.data].sort());
    expect(status.skipped).toEqual(expected.skipped);
    expect(status.complete).toBe(true);
    expect(names(index, 'outside_secret')).toEqual([]);
    expect(names(index, 'shebang_fn')).toEqual(['scripts/run:shebang_fn']);
    await locator.close();
  });
});

describe('extension-less files', () => {
  let root: string;
  afterEach(() => removeDir(root));

  it('are indexed by a shebang or an editor modeline at either end, as their own outline reads them', async () => {
    root = tempDir('modelines');
    writeTree(root, {
      // bash-completion: an Emacs modeline on the first line, a vim/ex one on the last.
      bash_completion: '#   -*- shell-script -*-\n_init_completion()\n{\n    :\n}\n',
      'completions/ssh': `_ssh()\n{\n    :\n}\n${'# padding\n'.repeat(100)}# ex: filetype=sh\n`,
      'scripts/run': '#!/usr/bin/env bash\nrun_fn() { :; }\n',
      NOTES: 'plain text, no function() here\n',
    });
    const index = new WorkspaceIndex(root);
    await index.fresh();
    expect(index.store.paths().sort()).toEqual(['bash_completion', 'completions/ssh', 'scripts/run']);
    expect(names(index, '_init_completion')).toEqual(['bash_completion:_init_completion']);
    expect(names(index, '_ssh')).toEqual(['completions/ssh:_ssh']);
  });
});

describe('freshness between queries', () => {
  let root: string;
  afterEach(() => removeDir(root));

  it.each([
    ['stat sweeps', false],
    ['directory watchers', true],
  ])('sees files created, edited, renamed and deleted (%s)', async (_label, watch) => {
    root = tempDir('fresh');
    writeTree(root, { 'pkg/a.py': 'def alpha(): pass\n', 'pkg/deep/b.py': 'def beta(): pass\n' });
    const index = new WorkspaceIndex(root, { noCache: true });
    if (watch) index.watch();
    await index.fresh();
    expect(names(index, 'alpha')).toEqual(['pkg/a.py:alpha']);

    writeTree(root, { 'pkg/deep/new.py': 'def gamma(): pass\n', 'top.go': 'package x\n\nfunc Delta() {}\n' });
    await index.fresh();
    expect(names(index, 'gamma')).toEqual(['pkg/deep/new.py:gamma']);
    expect(names(index, 'Delta')).toEqual(['top.go:Delta']);

    writeFileSync(path.join(root, 'pkg/a.py'), 'def alpha2(): pass\n');
    await index.fresh();
    expect(names(index, 'alpha')).toEqual([]);
    expect(names(index, 'alpha2')).toEqual(['pkg/a.py:alpha2']);

    renameSync(path.join(root, 'pkg/deep/b.py'), path.join(root, 'pkg/moved.py'));
    await index.fresh();
    expect(names(index, 'beta')).toEqual(['pkg/moved.py:beta']);

    unlinkSync(path.join(root, 'pkg/deep/new.py'));
    rmSync(path.join(root, 'pkg/deep'), { recursive: true });
    await index.fresh();
    expect(names(index, 'gamma')).toEqual([]);
    expect(index.store.paths().sort()).toEqual(['pkg/a.py', 'pkg/moved.py', 'top.go']);
    index.close();
  });

  it('keeps symbols when only the mtime changed (content hash agrees)', async () => {
    root = tempDir('touch');
    writeTree(root, { 'a.py': 'def same(): pass\n' });
    const index = new WorkspaceIndex(root, { noCache: true });
    await index.fresh();
    utimesSync(path.join(root, 'a.py'), new Date(), new Date(Date.now() + 5000));
    await index.fresh();
    expect(names(index, 'same')).toEqual(['a.py:same']);
  });
});

describe('the persisted cache', () => {
  let root: string;
  afterEach(() => removeDir(root));

  const build = async () => {
    const index = new WorkspaceIndex(root);
    const status = await index.fresh();
    return { index, status };
  };

  it('is reused by the next process-like instance; a corrupt or foreign one is rebuilt, never fatal', async () => {
    root = tempDir('cache');
    writeTree(root, {
      'a.py': 'def one(): pass\n',
      'b.ts': 'export class Two {}\n',
      'c.go': 'package c\n\nfunc Three() {}\n',
    });
    const first = await build();
    expect(first.status).toMatchObject({ indexed: 3, parsed: 3, fromCache: 0 });
    const file = cacheFile(cacheDirectory(root), realpathSync.native(root));
    const valid = readFileSync(file);

    const second = await build();
    expect(second.status).toMatchObject({ indexed: 3, parsed: 0, fromCache: 3 });
    expect(names(second.index, 'Two')).toEqual(['b.ts:Two']);

    writeFileSync(file, valid.subarray(0, valid.length / 2)); // truncated
    const afterTruncation = await build();
    expect(afterTruncation.status).toMatchObject({ indexed: 3, parsed: 3, fromCache: 0 });
    expect(names(afterTruncation.index, 'Three')).toEqual(['c.go:Three']);
    expect(readFileSync(file).toString('latin1')).toMatch(/"format":"locus-index\//);

    const text = valid.toString('latin1');
    writeFileSync(
      file,
      Buffer.from(text.replace(/"version":"[0-9a-f]+"/, '"version":"0000000000000000"'), 'latin1'),
    );
    expect((await build()).status).toMatchObject({ parsed: 3, fromCache: 0 });

    // One more name than the files' symbols: names and packed data disagree.
    writeFileSync(
      file,
      Buffer.from(
        text.replace(/"names":(\d+)/, (_, n: string) => `"names":${Number(n) + 1}`),
        'latin1',
      ),
    );
    expect((await build()).status).toMatchObject({ parsed: 3, fromCache: 0 });

    writeFileSync(file, '\u0000\u0001garbage');
    expect((await build()).status).toMatchObject({ parsed: 3, fromCache: 0 });
    expect((await build()).status).toMatchObject({ parsed: 0, fromCache: 3 });
  });
});

describe('answers during the first build', () => {
  let root: string;
  afterEach(() => removeDir(root));

  it('say how far the build got, and the build goes on to completion', async () => {
    root = tempDir('partial');
    generateFiles(root, 300);
    const locator = createLocator({ root, index: { waitMs: 0, noCache: true } });
    const early = await locator.index.ready();
    expect(early.status.complete).toBe(false);
    // Before the listing of the files ends (it lets other work run), the total is not known yet.
    expect(early.notes[0]).toMatch(/indexed \d+ of 300 files|files are being listed/);
    const done = await early.index.fresh();
    expect(done).toMatchObject({ complete: true, indexed: 300 });
    await locator.close();
  });
});
