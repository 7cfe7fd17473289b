/**
 * Verified renames across C and C++ headers on clangd (test/fixtures/verify): a rename touches a header and the files
 * that include it, and each file must be judged against the header's new text — clangd builds a file against its
 * headers only when the file itself changes, and publishes a provisional set while it rebuilds their preamble. The
 * shapes of tinyxml2's `XMLNode::Accept` (18 false "new errors" before) and jq's `jq_util_input_next_input_cb`
 * (a false "undeclared identifier" in main.c); a file the server cannot build is "not verifiable", never an error.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createLocus, type Locus, type Outcome } from '../../src/ops/locus.js';
import { describeWithServer } from '../helpers/require-server.js';

const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures', 'verify');

function ok<T extends { ok: true }>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  return outcome;
}

function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir).map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]),
  );
}

function suite(fixture: string, body: (env: { dir: () => string; locus: () => Locus }) => void): void {
  describeWithServer('clangd', `verified renames through headers — clangd, ${fixture}`, () => {
    let dir: string;
    let locus: Locus;
    beforeAll(() => {
      dir = mkdtempSync(path.join(tmpdir(), `locus-verify-${fixture}-`));
      cpSync(path.join(FIXTURES, fixture), dir, { recursive: true });
      locus = createLocus({ root: dir });
    });
    afterAll(async () => {
      await locus?.close();
      rmSync(dir, { recursive: true, force: true });
    });
    body({ dir: () => dir, locus: () => locus });
  });
}

suite('cpp', ({ dir, locus }) => {
  it('finds no new error in a clean rename of a virtual method declared in a header (tinyxml2 Accept)', async () => {
    const disk = snapshot(dir());
    const result = ok(await locus().rename('shapes.h:Shape.perimeter', 'edge_sum', { verify: true }));
    expect(result.files.map((f) => f.file_path).sort()).toEqual(['main.cpp', 'shapes.cpp', 'shapes.h']);
    expect(result.verification?.new_errors).toEqual([]);
    expect(result.verification?.summary).toBe('verified: 0 new errors in 3 files');
    // Nor "fixed" ones: a file given back its text before the header it includes was built against the header's
    // shown text, and those errors are no baseline (they could hide a new error that re-spells them).
    expect(result.verification?.fixed_errors).toBe(0);
    expect(result.verification?.settled).toBe(true);
    expect(snapshot(dir())).toEqual(disk);
  });

  it('still finds the error a rename really introduces (a use inside a macro body)', async () => {
    const result = ok(await locus().rename('shapes.h:Shape.area', 'size', { verify: true }));
    expect(result.verification?.new_errors.map((e) => [e.file_path, e.code])).toEqual([
      ['shapes.cpp', 'no_member'],
    ]);
    const refused = await locus().rename('shapes.h:Shape.area', 'size', {
      verify: true,
      apply: true,
      force: false,
    });
    expect(refused.ok === false && refused.error.code).toBe('UNSAFE_EDIT');
  });

  it('applies the clean rename, and the server agrees afterwards', async () => {
    let applied = await locus().rename('shapes.h:Shape.perimeter', 'edge_sum', { verify: true, apply: true });
    // On a busy machine clangd may still be rebuilding the files the verifications above gave back: the rename is
    // then possibly incomplete and refused (nothing written), and asked again, as an agent told so would.
    for (
      let tries = 0;
      tries < 10 && !applied.ok && applied.error.details?.kind === 'possibly-incomplete';
      tries++
    )
      applied = await locus().rename('shapes.h:Shape.perimeter', 'edge_sum', { verify: true, apply: true });
    ok(applied);
    expect(readFileSync(path.join(dir(), 'main.cpp'), 'utf8')).toContain('s.edge_sum()');
    const after = ok(
      await locus().diagnostics(['main.cpp', 'shapes.cpp', 'shapes.h'], { severity: 'error' }),
    );
    expect(after.totals).toMatchObject({ error: 0 });
  });
});

suite('c', ({ dir, locus }) => {
  it('finds no false error where main.c was shown before its header (jq), and says "not verifiable" for a file the server cannot build', async () => {
    const disk = snapshot(dir());
    const result = ok(await locus().rename('util.c:next_input_cb', 'next_cb', { verify: true }));
    const v = result.verification;
    expect(v?.new_errors).toEqual([]);
    expect(v?.files_checked).toBe(3);
    expect(v?.unverifiable).toEqual([
      { file_path: 'generated.c', reason: expect.stringContaining("'config-generated.h' file not found") },
    ]);
    expect(v?.summary).toBe('verified: 0 new errors in 3 files; 1 not verifiable');
    expect(snapshot(dir())).toEqual(disk);
  });

  it('gives the header back before the files that include it, so that they are built against its own text', async () => {
    const changes: string[] = [];
    const trace = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (args[0] === '[locus lsp] didChange') changes.push(path.basename(String(args[1])));
    });
    process.env.LOCUS_LSP_TRACE = '1';
    try {
      ok(await locus().rename('util.c:next_input_cb', 'next_cb', { verify: true }));
    } finally {
      delete process.env.LOCUS_LSP_TRACE;
      trace.mockRestore();
    }
    // Each file's last change is the one that gives it back.
    const givenBack = ['util.h', 'main.c', 'generated.c'].map((name) => changes.lastIndexOf(name));
    expect(
      givenBack.every((at) => at >= 0),
      changes.join(' '),
    ).toBe(true);
    expect(givenBack[0], changes.join(' ')).toBeLessThan(Math.min(...givenBack.slice(1)));
  });

  it('leaves the server as it found it: a rename right after a verification renames every file again', async () => {
    const first = ok(await locus().rename('util.c:next_input_cb', 'next_cb', { verify: true }));
    let again = ok(await locus().rename('util.c:next_input_cb', 'next_cb'));
    // On a busy machine clangd may still be rebuilding the files the verification gave back: the answer then says
    // it is possibly incomplete, and is asked again, as an agent told so would. An answer not marked so must be whole.
    for (let tries = 0; tries < 10 && again.possibly_incomplete === true; tries++)
      again = ok(await locus().rename('util.c:next_input_cb', 'next_cb'));
    const files = (r: { files: { file_path: string }[] }): string[] => r.files.map((f) => f.file_path);
    const why = JSON.stringify({ first: first.incomplete_reason, again: again.incomplete_reason });
    expect(files(again), why).toEqual(['generated.c', 'main.c', 'util.c', 'util.h']);
    if (first.possibly_incomplete !== true) expect(files(first), why).toEqual(files(again));
  });
});
