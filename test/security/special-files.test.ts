/**
 * Special files where Locus reads a repository's files (issue 25 §1, docs/security.md "Reading files"): a FIFO or a
 * link to /dev/zero named like a metadata file (compile database, config, git excludes, ignore file) or like a
 * source file gives a coded error or the right answer at once, never a hang or an unbounded read; a metadata link
 * out of the root is never followed, and the compile database Locus keeps for clangd is private (0600). The real
 * binary in a child process (a hang shows as this file's timeout), and the MCP server answering `ping` beside it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFile } from '../../src/index/extract.js';
import { prepareCompileCommands } from '../../src/lsp/servers/compile-commands.js';
import { connectStdio, type StdioSession } from '../mcp/support.js';
import { build, locus, scratch } from './support.js';

const cleanups: (() => void)[] = [];
beforeAll(build);
afterAll(() => cleanups.forEach((cleanup) => cleanup()));

/** A repository with a header and a Python file, and `special` made at each of `names`. */
function repo(names: string[], special: 'fifo' | 'zero'): string {
  const ws = scratch({ 'x.h': 'int f(void);\n', 'a.py': 'def g():\n    return 1\n' });
  cleanups.push(ws.cleanup);
  for (const name of names) {
    const full = path.join(ws.root, name);
    mkdirSync(path.dirname(full), { recursive: true });
    if (special === 'fifo') execFileSync('mkfifo', [full]);
    else symlinkSync('/dev/zero', full);
  }
  return ws.root;
}

const json = (stdout: string): { ok: boolean; error?: { code: string; message: string } } =>
  JSON.parse(stdout) as { ok: boolean; error?: { code: string; message: string } };

describe.each(['fifo', 'zero'] as const)('metadata that is a %s', (special) => {
  // A FIFO in the root is not a regular file; a link to /dev/zero is first of all a link out of the root.
  const refusal = special === 'fifo' ? /not a regular file/ : /leads outside/;
  it('compile_commands.json (root and build/): the header is located as usual', () => {
    const root = repo(['compile_commands.json', 'build/compile_commands.json'], special);
    const run = locus(['locate', 'x.h:f', '--root', root, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(json(run.stdout).ok).toBe(true);
  });

  it('locus.config.json: CONFIG_INVALID (exit 2) saying why it was not read', () => {
    const root = repo(['locus.config.json'], special);
    for (const args of [
      ['locate', 'a.py:g'],
      ['symbols', 'g'],
    ]) {
      const run = locus([...args, '--root', root, '--json']);
      expect(run.code, run.stderr).toBe(2);
      expect(json(run.stdout).error).toMatchObject({ code: 'CONFIG_INVALID' });
      expect(json(run.stdout).error?.message).toMatch(refusal);
    }
  });

  it('.git/info/exclude, .gitignore and .ignore: ignored; symbols builds the index and answers', () => {
    const root = repo(['.git/info/exclude', '.gitignore', '.ignore'], special);
    const run = locus(['symbols', 'g', '--root', root, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('a.py:g');
  });

  it('a source file: a coded error for locate (NOT_TEXT, OUTSIDE_WORKSPACE), skipped by the index', () => {
    const root = repo(['b.py'], special);
    const located = locus(['locate', 'b.py:1', '--root', root, '--json']);
    expect(located.code).toBe(1);
    const code = special === 'fifo' ? 'NOT_TEXT' : 'OUTSIDE_WORKSPACE';
    expect(json(located.stdout).error).toMatchObject({ code });
    const run = locus(['symbols', 'g', '--root', root, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('a.py:g');
  });
});

it('a file the walk found and that became a FIFO before its worker read it is unreadable, not waited on', async () => {
  const root = repo([], 'fifo');
  const walked = { path: 'a.py', size: 20, mtimeMs: 0, language: 'python' };
  unlinkSync(path.join(root, 'a.py'));
  execFileSync('mkfifo', [path.join(root, 'a.py')]);
  expect(await extractFile(root, { file: walked }, 1024 * 1024)).toEqual({
    kind: 'unreadable',
    path: 'a.py',
  });
});

describe('metadata links out of the root', () => {
  const outside = scratch({ 'private.json': '[]', exclude: '*.py\n' });
  cleanups.push(outside.cleanup);
  writeFileSync(path.join(outside.root, 'private.json'), '[]', { mode: 0o600 });

  it('a compile database outside is not copied for clangd: one is generated, private to the user', async () => {
    const root = repo([], 'fifo');
    writeFileSync(path.join(root, 'main.c'), 'int main(void) { return 0; }\n');
    symlinkSync(path.join(outside.root, 'private.json'), path.join(root, 'compile_commands.json'));
    const cache = path.join(root, '..', `${path.basename(root)}-cdb`);
    cleanups.push(() => execFileSync('rm', ['-rf', cache]));
    expect(await prepareCompileCommands(root, cache)).toMatchObject({ generated: true });
    const copy = path.join(cache, 'compile_commands.json');
    expect(readFileSync(copy, 'utf8')).toContain('main.c');
    expect(statSync(copy).mode & 0o777).toBe(0o600);
  });

  it('a compile database linked inside the root (build/) is copied, still 0600', async () => {
    const root = repo([], 'fifo');
    mkdirSync(path.join(root, 'build'));
    writeFileSync(path.join(root, 'build', 'compile_commands.json'), '[]', { mode: 0o644 });
    symlinkSync(path.join(root, 'build', 'compile_commands.json'), path.join(root, 'compile_commands.json'));
    const cache = path.join(root, '..', `${path.basename(root)}-cdb2`);
    cleanups.push(() => execFileSync('rm', ['-rf', cache]));
    expect(await prepareCompileCommands(root, cache)).toMatchObject({ generated: false });
    const copy = path.join(cache, 'compile_commands.json');
    expect(readFileSync(copy, 'utf8')).toBe('[]');
    expect(statSync(copy).mode & 0o777).toBe(0o600);
  });

  it('a config outside is CONFIG_INVALID (not read); git excludes outside are not applied', () => {
    const root = repo([], 'fifo');
    symlinkSync(path.join(outside.root, 'private.json'), path.join(root, 'locus.config.json'));
    const config = locus(['locate', 'a.py:g', '--root', root, '--json']);
    expect(config.code).toBe(2);
    expect(json(config.stdout).error?.message).toMatch(/leads outside/);
    unlinkSync(path.join(root, 'locus.config.json'));
    mkdirSync(path.join(root, '.git', 'info'), { recursive: true });
    symlinkSync(path.join(outside.root, 'exclude'), path.join(root, '.git', 'info', 'exclude'));
    const run = locus(['symbols', 'g', '--root', root, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('a.py:g');
  });
});

describe('MCP: one locate cannot freeze the server', () => {
  let session: StdioSession | undefined;
  afterAll(async () => {
    await session?.client.close();
  });

  it('with /dev/zero as compile_commands.json, locate answers and so does a ping sent beside it', async () => {
    const root = repo(['compile_commands.json'], 'zero');
    session = await connectStdio(root);
    const located = session.client.callTool({ name: 'locate', arguments: { locate: 'x.h:f' } });
    const [pong, result] = await Promise.all([session.client.ping(), located]);
    expect(pong).toEqual({});
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
  });
});
