/**
 * diagnostics on the real servers: pulled (TypeScript 7) and pushed-after-settling (pyright, gopls,
 * clangd); every diagnostic is a place whose locate string resolves back to it; globs, scopes, severity
 * filter, pagination with totals for the whole answer; nothing unsupported is silently dropped.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DiagnosticsResult } from '../../src/ops/analysis/diagnostics.js';
import { createLocus, type Locus, type Outcome } from '../../src/ops/locus.js';
import { describeWithServer } from '../helpers/require-server.js';

interface Case {
  server: string;
  files: Record<string, string>;
  file: string;
  mode: 'pulled' | 'pushed';
  /** A message fragment of an expected error, and the text it starts at. */
  error: { message: RegExp; at: string };
}

const CASES: Case[] = [
  {
    server: 'typescript',
    files: {
      'tsconfig.json': '{"compilerOptions":{"strict":true}}',
      'a.ts': 'export function total(n: number): number {\n  return n + missing;\n}\n',
    },
    file: 'a.ts',
    mode: 'pulled',
    error: { message: /Cannot find name 'missing'/, at: 'missing;' },
  },
  {
    server: 'pyright',
    files: { 'a.py': 'def total(n: int) -> int:\n    return n + missing\n' },
    file: 'a.py',
    mode: 'pushed',
    error: { message: /"missing" is not defined/, at: 'missing\n' },
  },
  {
    server: 'gopls',
    files: {
      'go.mod': 'module m\n\ngo 1.19\n',
      'a.go': 'package m\n\nfunc Total(n int) int {\n\treturn n + missing\n}\n',
    },
    file: 'a.go',
    mode: 'pushed',
    error: { message: /undeclared name: missing|undefined: missing/, at: 'missing\n' },
  },
  {
    server: 'clangd',
    files: {
      'compile_commands.json': '[{"directory":".","file":"a.c","command":"cc -c a.c"}]',
      'a.c': 'int total(int n) {\n  return n + missing;\n}\n',
    },
    file: 'a.c',
    mode: 'pushed',
    error: { message: /undeclared identifier 'missing'/, at: 'missing;' },
  },
];

function expectOk<T extends { ok: true }>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  return outcome;
}

for (const c of CASES) {
  describeWithServer(c.server, `diagnostics — ${c.server}`, () => {
    let dir: string;
    let locus: Locus;
    beforeAll(() => {
      dir = mkdtempSync(path.join(tmpdir(), `locus-diag-${c.server}-`));
      for (const [name, content] of Object.entries(c.files)) {
        mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        writeFileSync(path.join(dir, name), content);
      }
      writeFileSync(path.join(dir, 'notes.txt'), 'no server for this\n');
      locus = createLocus({ root: dir });
    });
    afterAll(async () => {
      await locus?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('reports the error as a place whose locate string resolves back to it', async () => {
      const result = expectOk(await locus.diagnostics([c.file]));
      expect(result.files).toHaveLength(1);
      expect(result.files[0]?.mode).toBe(c.mode);
      expect(result.files[0]?.settled).toBe(true);
      const error = result.diagnostics.find((d) => c.error.message.test(d.message));
      expect(error, JSON.stringify(result.diagnostics)).toBeDefined();
      expect(error?.severity).toBe('error');
      expect(error?.symbol?.path.toLowerCase()).toBe('total');
      expect(error?.snippet).toMatch(/^\d+ \| return n \+ missing/);
      const back = await locus.locate(error?.locate as string);
      const expected = await locus.locate(`${c.file}@<|>${c.error.at.trimEnd()}`);
      expect(back.ok && expected.ok && back.position).toEqual(expected.ok && expected.position);
      expect(result.totals.error).toBeGreaterThanOrEqual(1);
      expect(result.totals.files).toBe(1);
    });

    it('narrows to a located scope and filters by severity', async () => {
      const inside = expectOk(
        await locus.diagnostics([`${c.file}:${c.file.endsWith('go') ? 'Total' : 'total'}`]),
      );
      expect(inside.diagnostics.some((d) => c.error.message.test(d.message))).toBe(true);
      const outside = expectOk(await locus.diagnostics([`${c.file}:1`], { severity: 'error' }));
      expect(outside.diagnostics.filter((d) => c.error.message.test(d.message))).toEqual([]);
      const errorsOnly = expectOk(await locus.diagnostics([c.file], { severity: 'error' }));
      expect(errorsOnly.diagnostics.every((d) => d.severity === 'error')).toBe(true);
    });

    it('expands globs, notes files without a server, and pages with whole-answer totals', async () => {
      const all: Outcome<DiagnosticsResult> = await locus.diagnostics(['*'], { pageSize: 1 });
      const result = expectOk(all);
      // Data files beside it (tsconfig.json, compile_commands.json) have a server too: the JSON one.
      const served = result.files.map((f) => f.file_path).filter((f) => !f.endsWith('.json'));
      expect(served).toEqual([c.file]);
      expect(result.notes?.join(' ')).toMatch(/have no language server/);
      expect(result.diagnostics).toHaveLength(1);
      expect(result.pages).toBe(result.totals.diagnostics);
      const missing = await locus.diagnostics(['nothing/**/*.zz']);
      expect(missing.ok && missing.notes?.join(' ')).toMatch(/matched no file/);
    });
  });
}
