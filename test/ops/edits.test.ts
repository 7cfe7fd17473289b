import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OpsContext } from '../../src/ops/context/context.js';
import { applyPlan, applyTextEdits, planWorkspaceEdit } from '../../src/ops/edits/edits.js';
import { FreshnessTracker } from '../../src/ops/context/freshness.js';
import { createReferenceAnswers } from '../../src/ops/context/context.js';
import { createLocator } from '../../src/ops/locating/locator.js';
import { pathToUri } from '../../src/lsp/uri.js';
import { LocusError } from '../../src/core/errors.js';

const root = mkdtempSync(path.join(tmpdir(), 'locus-edits-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A context whose LSP side only records what it is told (edits are pure file work). */
function context(): OpsContext & { told: string[] } {
  const told: string[] = [];
  const lsp = {
    documentChanged: async (p: string) => void told.push(`changed ${path.basename(p)}`),
    notifyFilesChanged: async (changes: { path: string }[]) => void told.push(`watched ${changes.length}`),
  };
  return {
    locator: createLocator({ root }),
    lsp: lsp as unknown as OpsContext['lsp'],
    freshness: new FreshnessTracker(),
    referenceAnswers: createReferenceAnswers(),
    told,
  };
}

const range = (l1: number, c1: number, l2: number, c2: number) => ({
  start: { line: l1, character: c1 },
  end: { line: l2, character: c2 },
});

describe('applyTextEdits', () => {
  it('applies edits given in any order against the original text', () => {
    const text = 'let a = 1;\nlet b = a;\n';
    const out = applyTextEdits(text, [
      { range: range(1, 8, 1, 9), newText: 'x' },
      { range: range(0, 4, 0, 5), newText: 'x' },
    ]);
    expect(out).toBe('let x = 1;\nlet b = x;\n');
  });

  it('uses UTF-16 columns (emoji before the edit)', () => {
    const text = 's = "😀"; foo()';
    const start = text.indexOf('foo');
    expect(applyTextEdits(text, [{ range: range(0, start, 0, start + 3), newText: 'bar' }])).toBe(
      's = "😀"; bar()',
    );
  });

  it('rejects overlapping edits', () => {
    expect(() =>
      applyTextEdits('abcdef', [
        { range: range(0, 0, 0, 3), newText: '' },
        { range: range(0, 2, 0, 4), newText: '' },
      ]),
    ).toThrow(LocusError);
  });
});

describe('plan and apply (docs/operations.md, "What the operations do")', () => {
  it('previews a diff and fingerprint without writing; applies atomically; keeps the BOM; tells the servers', async () => {
    writeFileSync(path.join(root, 'a.py'), '\uFEFFx = 1\nprint(x)\n');
    writeFileSync(path.join(root, 'b.py'), 'from a import x\n');
    const ctx = context();
    const edit = {
      changes: {
        [pathToUri(path.join(root, 'a.py'))]: [
          { range: range(0, 0, 0, 1), newText: 'y' },
          { range: range(1, 6, 1, 7), newText: 'y' },
        ],
        [pathToUri(path.join(root, 'b.py'))]: [{ range: range(0, 14, 0, 15), newText: 'y' }],
      },
    };
    const plan = planWorkspaceEdit(ctx, edit);
    expect(plan.changes.map((c) => c.file_path)).toEqual(['a.py', 'b.py']);
    expect(plan.diff).toContain(
      '--- a/a.py\n+++ b/a.py\n@@ -1,2 +1,2 @@\n-x = 1\n-print(x)\n+y = 1\n+print(y)',
    );
    expect(plan.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(readFileSync(path.join(root, 'a.py'), 'utf8')).toBe('\uFEFFx = 1\nprint(x)\n');
    await applyPlan(ctx, plan, plan.fingerprint);
    expect(readFileSync(path.join(root, 'a.py'), 'utf8')).toBe('\uFEFFy = 1\nprint(y)\n');
    expect(readFileSync(path.join(root, 'b.py'), 'utf8')).toBe('from a import y\n');
    expect(ctx.told).toEqual(['changed a.py', 'changed b.py', 'watched 2']);
  });

  it('a file changed after planning → FILE_CHANGED and nothing written', async () => {
    writeFileSync(path.join(root, 'c.py'), 'c = 1\n');
    writeFileSync(path.join(root, 'd.py'), 'd = 1\n');
    const ctx = context();
    const plan = planWorkspaceEdit(ctx, {
      changes: {
        [pathToUri(path.join(root, 'c.py'))]: [{ range: range(0, 0, 0, 1), newText: 'C' }],
        [pathToUri(path.join(root, 'd.py'))]: [{ range: range(0, 0, 0, 1), newText: 'D' }],
      },
    });
    writeFileSync(path.join(root, 'd.py'), 'd = 2\n');
    await expect(applyPlan(ctx, plan)).rejects.toMatchObject({ code: 'FILE_CHANGED' });
    expect(readFileSync(path.join(root, 'c.py'), 'utf8')).toBe('c = 1\n');
    await expect(applyPlan(ctx, plan, '0000000000000000')).rejects.toMatchObject({ code: 'FILE_CHANGED' });
  });

  it('a write that fails midway restores the files already written', async () => {
    writeFileSync(path.join(root, 'e.py'), 'e = 1\n');
    writeFileSync(path.join(root, 'f.py'), 'f = 1\n');
    const ctx = context();
    const plan = planWorkspaceEdit(ctx, {
      changes: {
        [pathToUri(path.join(root, 'e.py'))]: [{ range: range(0, 0, 0, 1), newText: 'E' }],
        [pathToUri(path.join(root, 'f.py'))]: [{ range: range(0, 0, 0, 1), newText: 'F' }],
      },
    });
    const failingDisk = (staged: string, text: string): void => {
      if (staged.includes('f.py')) throw new Error('ENOSPC: no space left on device');
      writeFileSync(staged, text);
    };
    await expect(applyPlan(ctx, plan, undefined, { write: failingDisk })).rejects.toMatchObject({
      code: 'WRITE_FAILED',
      message: expect.stringContaining('nothing was written'),
    });
    expect(readFileSync(path.join(root, 'e.py'), 'utf8')).toBe('e = 1\n');
    expect(readFileSync(path.join(root, 'f.py'), 'utf8')).toBe('f = 1\n');
    expect(ctx.told).toEqual([]);
  });

  it('a file deleted after planning → FILE_CHANGED, not a crash', async () => {
    writeFileSync(path.join(root, 'g.py'), 'g = 1\n');
    const ctx = context();
    const plan = planWorkspaceEdit(ctx, {
      changes: { [pathToUri(path.join(root, 'g.py'))]: [{ range: range(0, 0, 0, 1), newText: 'G' }] },
    });
    rmSync(path.join(root, 'g.py'));
    await expect(applyPlan(ctx, plan)).rejects.toMatchObject({ code: 'FILE_CHANGED' });
  });
});

describe('detectFormatting', () => {
  it('reads tabs, 2 and 4 spaces, ignoring JSDoc continuation lines', async () => {
    const { detectFormatting } = await import('../../src/ops/edits/format.js');
    expect(detectFormatting('/**\n * doc\n */\nfunction f() {\n  return 1;\n}\n')).toEqual({
      tabSize: 2,
      insertSpaces: true,
    });
    expect(detectFormatting('def f():\n    if x:\n        return 1\n')).toEqual({
      tabSize: 4,
      insertSpaces: true,
    });
    expect(detectFormatting('func f() {\n\treturn 1\n}\n')).toEqual({ tabSize: 4, insertSpaces: false });
  });
});
