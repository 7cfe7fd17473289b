/**
 * Verified edits on the real servers: the previewed text is checked as unsaved changes, new errors are
 * reported against a baseline, nothing is written, and the servers' view is the disk's again afterwards
 * (their diagnostics of every checked file are what they were before). Rename, code actions and
 * formatting all verify.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLocus, type Locus, type Outcome } from '../../src/ops/locus.js';
import { describeWithServer } from '../helpers/require-server.js';

const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures', 'rename-safety');

function ok<T extends { ok: true }>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  return outcome;
}

function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true }) as string[])
    if (/\.(ts|py|json)$/.test(name)) out[name] = readFileSync(path.join(dir, name), 'utf8');
  return out;
}

function workspace(fixture: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `locus-verify-${fixture}-`));
  cpSync(path.join(FIXTURES, fixture), dir, { recursive: true });
  return dir;
}

describeWithServer('typescript', 'verified rename — TypeScript 7 (pulled diagnostics)', () => {
  let dir: string;
  let locus: Locus;
  beforeAll(() => {
    dir = workspace('typescript');
    locus = createLocus({ root: dir });
  });
  afterAll(async () => {
    await locus?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports the error the rename would introduce, writes nothing and restores the servers view', async () => {
    const disk = snapshot(dir);
    const before = ok(await locus.diagnostics(['*.ts']));
    const result = ok(await locus.rename('subject.ts:Subject.next', 'emit', { verify: true }));
    const v = result.verification;
    expect(v?.files_checked).toBe(2);
    expect(v?.new_errors.map((e) => [e.file_path, e.code])).toEqual([['main.ts', '2741']]);
    expect(v?.summary).toBe('verified: 1 new error in 2 files');
    expect(v?.new_errors[0]?.snippet).toMatch(/source\.subscribe\(subject\)/);
    expect(snapshot(dir)).toEqual(disk);
    const after = ok(await locus.diagnostics(['*.ts']));
    expect(after.totals).toEqual(before.totals);
  });

  it('refuses to apply new errors without force, even with safety warnings forced', async () => {
    const disk = snapshot(dir);
    const refused = await locus.rename('subject.ts:Subject.next', 'emit', { verify: true, apply: true });
    expect(refused.ok === false && refused.error.code).toBe('UNSAFE_EDIT');
    expect(snapshot(dir)).toEqual(disk);
  });

  it('verifies a clean rename as "0 new errors"', async () => {
    const result = ok(await locus.rename('subject.ts:Observable.emitAll', 'broadcast', { verify: true }));
    expect(result.verification?.summary).toMatch(/^verified: 0 new errors in \d+ files?$/);
  });
});

describeWithServer('pyright', 'verified rename and formatting — pyright (pushed diagnostics)', () => {
  let dir: string;
  let locus: Locus;
  beforeAll(() => {
    dir = workspace('python');
    writeFileSync(path.join(dir, 'use.py'), 'from cart import Cart\n\nprint(Cart([1]).subtotal())\n');
    locus = createLocus({ root: dir });
  });
  afterAll(async () => {
    await locus?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the error a colliding rename introduces; disk and server view unchanged', async () => {
    const disk = snapshot(dir);
    const before = ok(await locus.diagnostics(['*.py'], { severity: 'error' }));
    const result = ok(await locus.rename('cart.py:Cart.subtotal', 'total', { verify: true }));
    const v = result.verification;
    expect(v?.new_errors.map((e) => [e.file_path, e.code])).toEqual([['cart.py', 'reportRedeclaration']]);
    expect(v?.settled).toBe(true);
    expect(snapshot(dir)).toEqual(disk);
    const after = ok(await locus.diagnostics(['*.py'], { severity: 'error' }));
    expect(after.totals).toEqual(before.totals);
  });

  it('checks the referencing files of a clean rename too', async () => {
    const result = ok(await locus.rename('cart.py:Cart.subtotal', 'net', { verify: true }));
    expect(result.verification?.new_errors).toEqual([]);
    expect(result.verification?.files_checked).toBe(2);
  });
});

describeWithServer('gopls', 'verified formatting — gopls', () => {
  let dir: string;
  let locus: Locus;
  beforeAll(() => {
    dir = workspace('go');
    const file = path.join(dir, 'render.go');
    writeFileSync(file, readFileSync(file, 'utf8').replace('return nil\n}', 'return   nil\n}'));
    locus = createLocus({ root: dir });
  });
  afterAll(async () => {
    await locus?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('verifies a formatting edit and writes it only when applied', async () => {
    const disk = readFileSync(path.join(dir, 'render.go'), 'utf8');
    const preview = ok(await locus.formatRange('render.go:Render', { verify: true }));
    expect(preview.verification?.summary).toBe('verified: 0 new errors in 1 file');
    expect(readFileSync(path.join(dir, 'render.go'), 'utf8')).toBe(disk);
    const applied = ok(await locus.formatRange('render.go:Render', { verify: true, apply: true }));
    expect(applied.applied).toBe(true);
    expect(readFileSync(path.join(dir, 'render.go'), 'utf8')).toContain('\treturn nil\n}');
  });
});
