/**
 * One answer to "which files": the index's walk lists every file its rules admit (ignore files, excluded folders,
 * include/exclude globs), of any language, and a glob over the workspace (`diagnostics`, `find_symbol` paths,
 * `search`, workspace locate strings) is matched against that list (docs/workspace.md, "Which files are indexed").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Walker } from '../../src/index/walk.js';
import { globMatcher } from '../../src/ops/locating/glob-files.js';
import { removeDir, tempDir, writeTree } from './support.js';

let root: string;
beforeAll(() => {
  root = tempDir('which');
  writeTree(root, {
    '.gitignore': 'generated/\n*.log\n',
    'src/app.py': 'x = 1\n',
    'src/deep/util.py': 'y = 2\n',
    'src/notes.txt': 'no grammar\n',
    'src/run.log': 'ignored by pattern\n',
    'generated/out.py': 'ignored folder\n',
    'node_modules/pkg/index.js': 'excluded folder\n',
    '.github/workflows/ci.sh': 'echo ci\n',
    'bin/deploy': '#!/bin/bash\necho deploy\n',
  });
});
afterAll(() => removeDir(root));

describe('the walk lists which files exist', () => {
  it('every admitted file, of any language, in path order', () => {
    expect(new Walker(root, { maxFileBytes: 1 << 20 }).list()).toEqual([
      '.github/workflows/ci.sh',
      '.gitignore',
      'bin/deploy',
      'src/app.py',
      'src/deep/util.py',
      'src/notes.txt',
    ]);
  });

  it('the same files the index indexes, where a grammar exists', () => {
    const walker = new Walker(root, { maxFileBytes: 1 << 20 });
    const indexed = walker.walk().files.map((f) => f.path);
    expect(indexed).toEqual(['.github/workflows/ci.sh', 'bin/deploy', 'src/app.py', 'src/deep/util.py']);
    expect(indexed.every((file) => walker.list().includes(file))).toBe(true);
  });

  it('honours index.exclude and index.include', () => {
    const walker = new Walker(root, {
      maxFileBytes: 1 << 20,
      exclude: ['src/deep/**'],
      include: ['generated/**'],
    });
    expect(walker.list()).toEqual([
      '.github/workflows/ci.sh',
      '.gitignore',
      'bin/deploy',
      'generated/out.py',
      'src/app.py',
      'src/notes.txt',
    ]);
  });
});

describe('globMatcher', () => {
  it.each([
    ['*', 'anything/at/all.py', true],
    ['src/**/*.py', 'src/deep/util.py', true],
    ['src/**/*.py', 'src/app.py', true],
    ['./src/*.py', 'src/app.py', true],
    ['src/*.py', 'src/deep/util.py', false],
    ['**/*.sh', '.github/workflows/ci.sh', true],
  ])('%s matches %s: %s', (glob, file, expected) => {
    expect(globMatcher(glob)(file)).toBe(expected);
  });
});
