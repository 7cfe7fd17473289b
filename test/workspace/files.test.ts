/** The file boundary (src/workspace/files.ts and read-file.ts, docs/architecture.md "File boundary"). */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isLocusError } from '../../src/core/errors.js';
import { fileFacts, fileStamp, filesIn, isInside } from '../../src/workspace/files.js';
import {
  readFileBytes,
  readFileBytesAsync,
  sniffText,
  SNIFF_BYTES,
  readTextFile,
  readTextOrUndefined,
} from '../../src/workspace/read-file.js';

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
    expect(sniffText(path.join(dir, 'listed.sh'))).toBe('#!/bin/sh\necho hi\n');
    expect(sniffText(path.join(dir, 'gone.sh'))).toBeUndefined();
    expect(sniffText(dir)).toBeUndefined();
  });

  it('sniffs both ends of a long file, each byte one character', () => {
    const middle = 'x'.repeat(SNIFF_BYTES * 3);
    const long = file('long', `#!/bin/bash\n${middle}\n# ex: filetype=sh\n`);
    const sniffed = sniffText(long) ?? '';
    expect(sniffed.startsWith('#!/bin/bash\n')).toBe(true);
    expect(sniffed.endsWith('\n# ex: filetype=sh\n')).toBe(true);
    expect(sniffed.length).toBe(SNIFF_BYTES * 2 + 1);
    expect(sniffText(file('bytes', new Uint8Array([0x23, 0x21, 0xff, 0xfe])))).toBe('#!\u00ff\u00fe');
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

/*
 * The one safe reader (src/workspace/read-file.ts, docs/security.md "Reading files"): FIFOs, devices and folders
 * are refused without waiting or reading, a link out of `within` is never opened, the byte bound holds even for a
 * file whose size `fstat` does not tell, and the async form checks the same. Every case here would hang (a FIFO
 * without a writer) or read without end (`/dev/zero`) if it were opened the ordinary way.
 */
const root = path.join(dir, 'root');
mkdirSync(root);

function fifo(name: string): string {
  const full = path.join(root, name);
  execFileSync('mkfifo', [full]);
  return full;
}

function link(name: string, target: string): string {
  const full = path.join(root, name);
  symlinkSync(target, full);
  return full;
}

async function asyncCodeOf(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
    return undefined;
  } catch (error) {
    return isLocusError(error) ? error.code : `not a LocusError: ${String(error)}`;
  }
}

describe('special files are refused at once', () => {
  const cases = [
    ['a FIFO', () => fifo('pipe.json')],
    ['a link to /dev/zero', () => link('zero.json', '/dev/zero')],
    ['a link to a FIFO', () => link('to-pipe.json', fifo('pipe2'))],
    ['a folder', () => path.join(root)],
  ] as const;

  it.each(cases)('%s is NOT_TEXT, sync and async, and gives no text or head', async (_name, make) => {
    const file = make();
    expect(codeOf(() => readFileBytes(file, { maxBytes: 1024 }))).toBe('NOT_TEXT');
    expect(await asyncCodeOf(() => readFileBytesAsync(file, { maxBytes: 1024 }))).toBe('NOT_TEXT');
    expect(readTextOrUndefined(file)).toBeUndefined();
    expect(sniffText(file)).toBeUndefined();
  });
});

it('a symlink loop is NOT_READABLE at once (not missing), with and without within', async () => {
  link('loop-a.txt', path.join(root, 'loop-b.txt'));
  const file = link('loop-b.txt', path.join(root, 'loop-a.txt'));
  expect(codeOf(() => readFileBytes(file, { maxBytes: 1024 }))).toBe('NOT_READABLE');
  expect(codeOf(() => readFileBytes(file, { maxBytes: 1024, within: root }))).toBe('NOT_READABLE');
  expect(await asyncCodeOf(() => readFileBytesAsync(file, { maxBytes: 1024 }))).toBe('NOT_READABLE');
  expect(readTextOrUndefined(file)).toBeUndefined();
});

describe('within: a link never leads out', () => {
  const secret = path.join(dir, 'secret.txt');
  writeFileSync(secret, 'outside\n', { mode: 0o600 });

  it('a link out of the folder is OUTSIDE_WORKSPACE and not read; the same file is read without within', () => {
    const file = link('out.json', secret);
    expect(codeOf(() => readFileBytes(file, { maxBytes: 1024, within: root }))).toBe('OUTSIDE_WORKSPACE');
    expect(readTextOrUndefined(file, { within: root })).toBeUndefined();
    expect(readTextOrUndefined(file)).toBe('outside\n');
  });

  it('a link inside the folder is followed', () => {
    writeFileSync(path.join(root, 'real.json'), '[]');
    const file = link('inside.json', path.join(root, 'real.json'));
    expect(readTextOrUndefined(file, { within: root })).toBe('[]');
  });

  it('noFollow refuses a link as the last part of the path', () => {
    writeFileSync(path.join(root, 'plain.txt'), 'x');
    const file = link('plain-link.txt', path.join(root, 'plain.txt'));
    expect(readTextOrUndefined(file, { noFollow: true })).toBeUndefined();
    expect(readTextOrUndefined(path.join(root, 'plain.txt'), { noFollow: true })).toBe('x');
  });
});

describe('the byte bound', () => {
  it('refuses a file over it before reading, and reads one at it', () => {
    const file = path.join(root, 'ten.txt');
    writeFileSync(file, '0123456789');
    expect(codeOf(() => readFileBytes(file, { maxBytes: 9 }))).toBe('LIMIT_EXCEEDED');
    expect(readFileBytes(file, { maxBytes: 10 }).bytes.toString()).toBe('0123456789');
  });

  // /proc files have size 0 for fstat but content when read: the buffer grows, up to the bound and no further.
  it.runIf(process.platform === 'linux')(
    'holds for a file whose fstat size is 0 but that has content',
    async () => {
      const status = readFileBytes('/proc/self/status', { maxBytes: 1024 * 1024 });
      expect(status.stats.size).toBe(0);
      expect(status.bytes.toString()).toMatch(/^Name:/);
      expect(codeOf(() => readFileBytes('/proc/self/status', { maxBytes: 10 }))).toBe('LIMIT_EXCEEDED');
      expect(await asyncCodeOf(() => readFileBytesAsync('/proc/self/status', { maxBytes: 10 }))).toBe(
        'LIMIT_EXCEEDED',
      );
    },
  );
});
