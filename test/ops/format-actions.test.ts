/**
 * Formatting and code actions against the real servers: a badly formatted file gets a diff (and is
 * written only when asked); servers without a formatter say CAPABILITY_MISSING; code actions list.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLocus, type Locus, type Outcome } from '../../src/ops/locus.js';
import { describeWithServer } from '../helpers/require-server.js';

interface FormatCase {
  language: string;
  server: string;
  file: string;
  ugly: string;
  /** A locate naming the function to format (LocateRange: its full range). */
  target: string;
  /** Undefined: the server has no formatter (CAPABILITY_MISSING expected). */
  formatted?: RegExp;
  /** A range (in an extra file) that must offer an action whose title matches, and its diff. */
  action?: {
    file: string;
    content: string;
    at: string;
    only?: string[];
    title: RegExp;
    diffContains: string;
  };
}

const CASES: FormatCase[] = [
  {
    language: 'typescript',
    server: 'typescript',
    file: 'ugly.ts',
    ugly: "import { readFileSync } from 'node:fs';\nexport function  ugly( a:number ){return a+1}\n",
    target: 'ugly.ts:ugly',
    formatted:
      /export function ugly\(a: number\) \{ return a \+ 1 \}|export function ugly\(a: number\) \{\n\s+return a \+ 1;?\n\}/,
    // TypeScript 7 offers no quick fixes yet, only source actions.
    action: {
      file: 'imports.ts',
      content: "import { readFileSync } from 'node:fs';\nexport const x = 1;\n",
      at: 'imports.ts@readFileSync',
      only: ['source.organizeImports'],
      title: /Organize Imports/,
      diffContains: "-import { readFileSync } from 'node:fs';",
    },
  },
  {
    language: 'go',
    server: 'gopls',
    file: 'ugly.go',
    ugly: 'package main\n\nfunc ugly( a int ) int {return a+1}\n',
    target: 'ugly.go:ugly',
    formatted: /func ugly\(a int\) int \{ return a \+ 1 \}/,
  },
  {
    language: 'c',
    server: 'clangd',
    file: 'ugly.c',
    ugly: 'int ugly( int a ){return a+1;}\n',
    target: 'ugly.c:ugly',
    formatted: /int ugly\(int a\) \{ return a \+ 1; \}/,
    // A quick fix exists only for a diagnostic passed back with the request.
    action: {
      file: 'fix.c',
      content: 'int f(void) { return 1 }\n',
      at: 'fix.c:1',
      title: /;/,
      diffContains: '+int f(void) { return 1; }',
    },
  },
  {
    language: 'python',
    server: 'pyright',
    file: 'ugly.py',
    ugly: 'def ugly( a ):\n  return a+1\n',
    target: 'ugly.py:ugly',
  },
];

function ok<T extends { ok: true }>(result: Outcome<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result;
}

for (const testCase of CASES) {
  describeWithServer(testCase.server, `format and code actions on ${testCase.language}`, () => {
    let root: string;
    let locus: Locus;
    beforeAll(() => {
      root = mkdtempSync(path.join(tmpdir(), `locus-fmt-${testCase.language}-`));
      writeFileSync(path.join(root, testCase.file), testCase.ugly);
      if (testCase.action) writeFileSync(path.join(root, testCase.action.file), testCase.action.content);
      if (testCase.language === 'go')
        writeFileSync(path.join(root, 'go.mod'), 'module example.com/ugly\n\ngo 1.19\n');
      locus = createLocus({ root });
    });
    afterAll(async () => {
      await locus?.close();
      rmSync(root, { recursive: true, force: true });
    });

    it('formats the located range as a diff, and writes only when asked', async () => {
      const file = path.join(root, testCase.file);
      const result = await locus.formatRange(testCase.target);
      if (!testCase.formatted) {
        expect(result).toMatchObject({ ok: false, error: { code: 'CAPABILITY_MISSING' } });
        return;
      }
      const preview = ok(result);
      expect(preview.applied).toBe(false);
      expect(preview.diff).toContain(`--- a/${testCase.file}`);
      expect(readFileSync(file, 'utf8')).toBe(testCase.ugly);
      const applied = ok(await locus.formatRange(testCase.target, { fingerprint: preview.fingerprint }));
      expect(applied.applied).toBe(true);
      expect(readFileSync(file, 'utf8')).toMatch(testCase.formatted);
    });

    it.runIf(testCase.action !== undefined)(
      'lists code actions for a range and previews one as a diff',
      async () => {
        const action = testCase.action as NonNullable<FormatCase['action']>;
        const options = action.only ? { only: action.only } : {};
        const result = ok(await locus.codeActions(action.at, options));
        const index = result.actions.findIndex((a) => action.title.test(a.title) && a.has_edit);
        expect(index, JSON.stringify(result.actions)).toBeGreaterThanOrEqual(0);
        const preview = ok(await locus.codeActions(action.at, { ...options, select: index }));
        expect(preview.selected?.applied).toBe(false);
        expect(preview.selected?.diff).toContain(action.diffContains);
        expect(readFileSync(path.join(root, action.file), 'utf8')).toBe(action.content);
      },
    );
  });
}
