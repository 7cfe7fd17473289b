/** The file boundary (src/workspace/files.ts, docs/architecture.md "File boundary"). */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isLocusError } from '../../src/core/errors.js';
import { fileFacts, fileStamp, filesIn, isInside } from '../../src/workspace/files.js';
import { readHead, readTextFile, readTextOrUndefined } from '../../src/workspace/read-file.js';

const dir = mkdtempSync(path.join(tmpdir(), 'locus-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, bytes: string | Uint8Array): string {
  const full = path.join(dir, name);
  writeFileSync(full, bytes);
  return full;
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return isLocusError(error) ? error.code : 'not a LocusError';
  }
}

describe('readTextFile', () => {
  it.each([
    ['plain UTF-8', 'a = "é"\n', 'a = "é"\n', false],
    ['a BOM is removed and remembered', '\uFEFFx = 1\n', 'x = 1\n', true],
  ])('%s', (_name, content, text, hadBom) => {
    expect(readTextFile(file('ok.py', content))).toEqual({ text, hadBom });
  });

  it.each([
    ['invalid UTF-8', new Uint8Array([0x61, 0xff, 0x62]), 'NOT_TEXT'],
    ['a NUL byte', new Uint8Array([0x61, 0x00, 0x62]), 'NOT_TEXT'],
  ])('%s is NOT_TEXT', (_name, bytes, code) => {
    expect(codeOf(() => readTextFile(file('bad.bin', bytes)))).toBe(code);
  });

  it('refuses a file over the limit before reading it, a folder, and a missing file', () => {
    expect(codeOf(() => readTextFile(file('big.txt', 'x'.repeat(100)), 'big.txt', 10))).toBe(
      'LIMIT_EXCEEDED',
    );
    mkdirSync(path.join(dir, 'sub'), { recursive: true });
    expect(codeOf(() => readTextFile(path.join(dir, 'sub')))).toBe('NOT_TEXT');
    expect(codeOf(() => readTextFile(path.join(dir, 'nope.py')))).toBe('FILE_NOT_FOUND');
    expect(readTextOrUndefined(path.join(dir, 'nope.py'))).toBeUndefined();
  });
});

describe('stamps, facts, listing, heads', () => {
  it('a stamp changes when the file does, and says missing when it is gone', () => {
    const f = file('stamp.txt', 'one');
    const before = fileStamp(f);
    writeFileSync(f, 'one two');
    utimesSync(f, new Date(), new Date(Date.now() + 5000));
    expect(fileStamp(f)).not.toBe(before);
    expect(fileStamp(path.join(dir, 'gone.txt'))).toBe('missing');
    expect(fileFacts(f)).toMatchObject({ size: 7, isFile: true });
    expect(fileFacts(path.join(dir, 'gone.txt'))).toBeUndefined();
  });

  it('lists regular files only and reads heads', () => {
    file('listed.sh', '#!/bin/sh\necho hi\n');
    expect(filesIn(dir).has('listed.sh')).toBe(true);
    expect(filesIn(dir).has('sub')).toBe(false);
    expect(readHead(path.join(dir, 'listed.sh'), 9)?.toString('utf8')).toBe('#!/bin/sh');
    expect(readHead(path.join(dir, 'gone.sh'), 9)).toBeUndefined();
  });
});

describe('isInside', () => {
  it.each([
    ['/r/a.py', '/r', true],
    ['/r', '/r', true],
    ['/r/..foo/a.py', '/r', true],
    ['/r/../x.py', '/r', false],
    ['/rx/a.py', '/r', false],
    ['/elsewhere', '/r', false],
  ])('%s in %s: %s', (p, root, inside) => {
    expect(isInside(p, root)).toBe(inside);
  });
});
