import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocusError } from '../../src/core/errors.js';
import { Workspace } from '../../src/workspace/workspace.js';

const base = mkdtempSync(path.join(tmpdir(), 'locus-ws-'));
const root = path.join(base, 'root');
mkdirSync(path.join(root, 'src'), { recursive: true });
writeFileSync(path.join(root, 'src/a.py'), '\uFEFFx = 1\r\n');
writeFileSync(path.join(root, 'bin.dat'), Buffer.from([0x61, 0x00, 0x62]));
writeFileSync(path.join(root, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
writeFileSync(path.join(root, 'big.txt'), 'x'.repeat(2048));
writeFileSync(path.join(base, 'secret.py'), 'password = 1\n');
symlinkSync(path.join(base, 'secret.py'), path.join(root, 'escape.py'));
symlinkSync(path.join(root, 'src/a.py'), path.join(root, 'alias.py'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(LocusError);
    expect((error as LocusError).hint).toBeTruthy();
    return (error as LocusError).code;
  }
}

describe('Workspace (docs/architecture.md, "Workspace safety")', () => {
  const ws = new Workspace(root, { maxFileBytes: 1024 });

  it('reads UTF-8 text with the BOM removed and names files relative to the root with /', () => {
    const file = ws.readText('src/../src/a.py');
    expect(file.relPath).toBe('src/a.py');
    expect(file.text).toBe('x = 1\r\n');
    expect(file.hadBom).toBe(true);
    expect(ws.readText(path.join(root, 'src/a.py')).relPath).toBe('src/a.py');
  });

  it('keeps the name the caller used for a symlink inside the root', () => {
    expect(ws.readText('alias.py').relPath).toBe('alias.py');
  });

  it.each([
    ['../secret.py', 'OUTSIDE_WORKSPACE'],
    ['/etc/passwd', 'OUTSIDE_WORKSPACE'],
    ['escape.py', 'OUTSIDE_WORKSPACE'],
    ['missing.py', 'FILE_NOT_FOUND'],
    ['src', 'FILE_NOT_FOUND'],
    ['.', 'FILE_NOT_FOUND'],
    ['bin.dat', 'NOT_TEXT'],
    ['latin1.txt', 'NOT_TEXT'],
    ['big.txt', 'LIMIT_EXCEEDED'],
  ])('%s → %s', (name, code) => {
    expect(codeOf(() => ws.readText(name))).toBe(code);
  });

  it('isFile answers only for regular files inside the root', () => {
    expect(ws.isFile('src/a.py')).toBe(true);
    expect(ws.isFile('src')).toBe(false);
    expect(ws.isFile('escape.py')).toBe(false);
    expect(ws.isFile('../secret.py')).toBe(false);
  });
});

describe('the existing-file fallback through the locator (docs/locate-strings.md, "Path")', () => {
  it('finds a file whose path contains : and @', async () => {
    const { createLocator } = await import('../../src/ops/locating/locator.js');
    mkdirSync(path.join(root, 'a:b'), { recursive: true });
    writeFileSync(path.join(root, 'a:b/x@y.py'), 'class Cls:\n    pass\n');
    const locator = createLocator({ root });
    try {
      const result = await locator.locate('a:b/x@y.py:Cls@pass');
      expect(result).toMatchObject({ ok: true, file_path: 'a:b/x@y.py', symbol: { path: 'Cls' } });
      // Without the file, the syntactic split stands: path `a`, scope `b/missing.py:Cls` (not a valid scope).
      expect(await locator.locate('a:b/missing.py:Cls')).toMatchObject({
        ok: false,
        error: { code: 'INVALID_LOCATE' },
      });
      expect(await locator.locate('a:b/missing.py@x')).toMatchObject({
        ok: false,
        error: { code: 'FILE_NOT_FOUND' },
      });
    } finally {
      await locator.close();
    }
  });
});

describe('isFile before readText', () => {
  it('answers like readText, and the resolution it keeps does not outlive the synchronous run', async () => {
    const ws = new Workspace(root);
    expect(ws.isFile('src/a.py')).toBe(true);
    expect(ws.isFile('escape.py')).toBe(false);
    expect(ws.isFile('src')).toBe(false);
    const gone = path.join(root, 'gone-soon.py');
    writeFileSync(gone, 'x = 1\n');
    expect(ws.isFile('gone-soon.py')).toBe(true);
    expect(ws.readText('gone-soon.py').text).toBe('x = 1\n');
    expect(ws.isFile('gone-soon.py')).toBe(true);
    await Promise.resolve();
    rmSync(gone);
    expect(codeOf(() => ws.readText('gone-soon.py'))).toBe('FILE_NOT_FOUND');
  });
});
