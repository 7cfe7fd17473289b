/**
 * The index honours git's other ignore rules (src/index/git-excludes.ts, docs/workspace.md): the user's global
 * excludes file (core.excludesFile, or $XDG_CONFIG_HOME/git/ignore) and .git/info/exclude, both weaker than any
 * .gitignore — without running git.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { coreExcludesFile, gitExcludeTexts } from '../../src/index/git-excludes.js';
import { Walker } from '../../src/index/walk.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'locus-gitx-'));
  made.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

describe('core.excludesFile', () => {
  it.each([
    ['[core]\n\texcludesFile = ~/.my-ignore\n', '~/.my-ignore'],
    ['[core]\n  excludesfile = "/abs/ignore file" ; note\n', '/abs/ignore file'],
    ['[user]\n  excludesFile = /not/core\n', undefined],
    ['[core "x"]\n[core]\nexcludesFile=/a\n[core]\nexcludesFile=/b # later wins\n', '/b'],
  ])('%j → %s', (config, expected) => {
    expect(coreExcludesFile(config)).toBe(expected);
  });
});

describe('the walk', () => {
  it('skips what the global excludes and .git/info/exclude say, and a .gitignore can take it back', () => {
    const home = tree({
      '.gitconfig': '[core]\n\texcludesFile = ~/.my-ignore\n',
      '.my-ignore': '*.gen.py\n',
    });
    const root = tree({
      'a.py': 'x = 1\n',
      'b.gen.py': 'x = 1\n',
      'keep.gen.py': 'x = 1\n',
      'secret/c.py': 'x = 1\n',
      '.git/info/exclude': 'secret/\n',
      '.gitignore': '!keep.gen.py\n',
    });
    const env = { HOME: home, XDG_CONFIG_HOME: path.join(home, 'no-xdg') };
    expect(gitExcludeTexts(root, env)).toEqual(['*.gen.py\n', 'secret/\n']);
    const saved = { HOME: process.env.HOME, XDG: process.env.XDG_CONFIG_HOME };
    process.env.HOME = env.HOME;
    process.env.XDG_CONFIG_HOME = env.XDG_CONFIG_HOME;
    try {
      const walked = new Walker(root, { maxFileBytes: 1 << 20 }).walk();
      expect(walked.files.map((f) => f.path).sort()).toEqual(['a.py', 'keep.gen.py']);
    } finally {
      process.env.HOME = saved.HOME;
      if (saved.XDG === undefined) delete process.env.XDG_CONFIG_HOME;
      else process.env.XDG_CONFIG_HOME = saved.XDG;
    }
  });

  it('reads $XDG_CONFIG_HOME/git/ignore when no excludesFile is set', () => {
    const xdg = tree({ 'git/ignore': 'tmp_*.py\n' });
    const root = tree({ 'tmp_a.py': '', 'b.py': '' });
    expect(gitExcludeTexts(root, { HOME: xdg, XDG_CONFIG_HOME: xdg })).toEqual(['tmp_*.py\n']);
  });
});
