/** The one atomic write: whole old or whole new content, the user's alone (0600, folders 0700), no leftovers. */
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomically, writeNewFile } from '../../src/workspace/atomic-write.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'locus-atomic-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const mode = (file: string): number => statSync(file).mode & 0o777;

describe('writeFileAtomically', () => {
  it('creates missing folders (0700) and the file (0600), and replaces it whole', () => {
    const file = path.join(dir, 'cache', 'nested', 'index.json');
    writeFileAtomically(file, 'old');
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(mode(file)).toBe(0o600);
    expect(mode(path.dirname(file))).toBe(0o700);
    writeFileAtomically(file, 'new', { durable: true });
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(readdirSync(path.dirname(file))).toEqual(['index.json']);
  });

  it('keeps the old file and leaves no temporary file when the write fails', () => {
    const file = path.join(dir, 'index.json');
    writeFileSync(file, 'old');
    // A file where the target's folder should be: nothing can be written.
    expect(() => writeFileAtomically(path.join(file, 'inside.json'), 'new')).toThrow();
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['index.json']);
  });
});

describe('writeNewFile', () => {
  it('never writes through an existing name (a planted link stays untouched)', () => {
    const victim = path.join(dir, 'victim');
    writeFileSync(victim, 'keep');
    const staged = path.join(dir, 'staged');
    symlinkSync(victim, staged);
    expect(() => writeNewFile(staged, 'evil', { mode: 0o644 })).toThrow(
      expect.objectContaining({ code: 'EEXIST' }),
    );
    expect(readFileSync(victim, 'utf8')).toBe('keep');
  });
});
