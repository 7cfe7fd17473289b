/**
 * Every failure coded (issue 10): unreadable files, fractional positions, lone-CR files, huge paths.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessError } from '../../src/workspace/workspace.js';
import { createLocator } from '../../src/ops/locating/locator.js';
import { BIN, build, locus, scratch } from './support.js';

const ws = scratch({
  'a.py': 'def a():\n    return 1\n',
  'cr.py': 'class A:\r    def m(self):\r        return 1\r',
  'secret.py': 'x = 1\n',
});
beforeAll(async () => {
  await build();
  chmodSync(path.join(ws.root, 'secret.py'), 0o000);
  chmodSync(ws.root, 0o755);
});
afterAll(() => ws.cleanup());

/** Runs the CLI as an unprivileged user when we are root (root reads any file). */
function asUser(args: string[]): { code: number; stdout: string } {
  const isRoot = process.getuid?.() === 0;
  const command = isRoot ? 'setpriv' : process.execPath;
  const prefix = isRoot ? ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath] : [];
  const run = spawnSync(command, [...prefix, BIN, ...args], { encoding: 'utf8', timeout: 600_000 });
  return { code: run.status ?? -1, stdout: run.stdout };
}

describe('coded failures', () => {
  it('a file without read permission is NOT_READABLE', () => {
    const run = asUser(['locate', 'secret.py:1', '--json', '--root', ws.root]);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: false, error: { code: 'NOT_READABLE' } });
    expect(run.code).toBe(1);
  });

  it('errno codes map to coded errors', () => {
    const errno = (code: string): Error => Object.assign(new Error(code), { code });
    expect(accessError(errno('EACCES'), 'a', '/r').code).toBe('NOT_READABLE');
    expect(accessError(errno('EPERM'), 'a', '/r').code).toBe('NOT_READABLE');
    expect(accessError(errno('ENOENT'), 'a', '/r').code).toBe('FILE_NOT_FOUND');
    expect(accessError(errno('EIO'), 'a', '/r').code).toBe('NOT_READABLE');
  });

  it('describe with a fractional line is INVALID_ARGUMENT', async () => {
    const locator = createLocator({ root: ws.root });
    for (const target of [
      { line: 0.5, column: 1 },
      { line: 1, column: Number.NaN },
      { position: { line: -1, character: 0 } },
    ]) {
      const result = await locator.describe('a.py', target);
      expect(!result.ok && result.error.code).toBe('INVALID_ARGUMENT');
    }
    await locator.close();
  });

  it('a lone-CR Python file: `A.m` is found', async () => {
    const locator = createLocator({ root: ws.root });
    const result = await locator.locate('cr.py:A.m');
    expect(result.ok && result.symbol?.path).toBe('A.m');
    await locator.close();
  });

  it('a 10 MB path comes back truncated', async () => {
    const huge = `${'d/'.repeat(5_000_000)}x.py`;
    const locator = createLocator({ root: ws.root });
    const described = await locator.describe(huge, { line: 1, column: 1 });
    expect(!described.ok && described.error.message.length).toBeLessThan(600);
    const located = await locator.locate({ file_path: huge, find: 'x' });
    expect(!located.ok && located.error.code).toBe('LIMIT_EXCEEDED');
    expect(!located.ok && located.error.message.length).toBeLessThan(600);
    await locator.close();
  });

  it('a file over the size limit is refused by stat, before reading', () => {
    writeFileSync(path.join(ws.root, 'huge.py'), '');
    spawnSync('truncate', ['-s', '3G', path.join(ws.root, 'huge.py')]);
    const big = locus(['locate', 'huge.py:1', '--json', '--root', ws.root]);
    expect(JSON.parse(big.stdout)).toMatchObject({
      ok: false,
      error: { code: 'LIMIT_EXCEEDED', details: { limit: 'maxFileBytes' } },
    });
  });
});
