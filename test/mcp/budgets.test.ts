/**
 * Bounded answers through the SDK client: outline (pages and depth), references (pages, compact hits, snippets on
 * request), completion (prefix filter, every member when they fit) and a rename diff over the budget (summary,
 * first hunks, full diff on request). Each page's text stays within the budget, structuredContent holds the same
 * page, and the pages together hold everything.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocusMcpServer } from '../../src/mcp/server.js';
import { describeWithServer } from '../helpers/require-server.js';
import { connectInMemory, data, errorCode, removeDir, tempDir, text } from './support.js';

const USES = 300;
const FUNCTIONS = 800;
const MEMBERS = 120;
let ws: string;
let client: Client;
let server: LocusMcpServer;

beforeAll(async () => {
  ws = tempDir('budgets');
  mkdirSync(join(ws, 'py'));
  mkdirSync(join(ws, 'ts'));
  const uses = Array.from({ length: USES }, (_, i) => `v${i} = target(${i})`);
  writeFileSync(join(ws, 'py', 'many.py'), ['def target(x):', '    return x', '', ...uses, ''].join('\n'));
  const fns = Array.from(
    { length: FUNCTIONS },
    (_, i) => `def function_number_${i}_with_a_long_name():\n    pass\n`,
  );
  const cls =
    'class Shape:\n    def area(self):\n        return 1\n\n    def perimeter(self):\n        return 2\n';
  writeFileSync(join(ws, 'py', 'big.py'), `${cls}\n${fns.join('\n')}`);
  const members = Array.from({ length: MEMBERS }, (_, i) => `  member${i}(): number { return ${i}; }`);
  const ts = [
    'export class Wide {',
    ...members,
    '  other(): void {}',
    '}',
    'const w = new Wide();',
    'w.',
    '',
  ];
  writeFileSync(join(ws, 'ts', 'wide.ts'), ts.join('\n'));
  writeFileSync(join(ws, 'ts', 'tsconfig.json'), '{ "compilerOptions": { "strict": true } }');
  ({ client, server } = await connectInMemory({ root: ws }));
});

afterAll(async () => {
  await client?.close();
  await server?.close();
  removeDir(ws);
});

const call = (name: string, args: Record<string, unknown>) =>
  client.callTool({ name, arguments: args }, undefined, { timeout: 600_000 });

describe('outline', () => {
  it('pages fit the budget, hold the same symbols as structuredContent, and together hold all', async () => {
    const first = await call('outline', { file_path: 'py/big.py' });
    const pages = data(first).pages as number;
    expect(pages).toBeGreaterThan(1);
    expect(data(first).total_symbols).toBe(FUNCTIONS + 3);
    expect(text(first)).toContain('again with the same arguments and `page: 2`');
    const names: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const result = await call('outline', { file_path: 'py/big.py', page });
      expect(text(result).length).toBeLessThanOrEqual(20_000);
      // Compact data: a leaf has no `children`, an entry no `name` and (its locate string being `file:path`) no `path`.
      const flat = (entries: { locate: string; children?: unknown[] }[]): string[] =>
        entries.flatMap((e) => [e.locate, ...flat((e.children ?? []) as never)]);
      const locates = flat(data(result).symbols as never);
      expect(locates).toHaveLength(data(result).shown as number);
      for (const locate of locates) expect(text(result)).toContain(`  ${locate}`);
      names.push(...locates);
    }
    expect(new Set(names).size).toBe(FUNCTIONS + 3);
    expect(errorCode(await call('outline', { file_path: 'py/big.py', page: pages + 1 }))).toBe(
      'INVALID_ARGUMENT',
    );
  });

  it('depth 1 lists top-level symbols and says what it hides; a smaller budget makes more pages', async () => {
    const shallow = await call('outline', { file_path: 'py/big.py', depth: 1, budget: 200_000 });
    expect(data(shallow)).toMatchObject({ hidden_by_depth: 2, shown: FUNCTIONS + 1, pages: 1 });
    expect(text(shallow)).toContain('Shape  py/big.py:1:7  py/big.py:Shape  (+2 nested)');
    expect(text(shallow)).toContain('call `outline` with a larger `depth`');
    const small = await call('outline', { file_path: 'py/big.py', budget: 5_000 });
    const big = await call('outline', { file_path: 'py/big.py' });
    expect(data(small).pages as number).toBeGreaterThan(data(big).pages as number);
    expect(text(small).length).toBeLessThanOrEqual(5_000);
  });
});

describeWithServer('pyright', 'references and rename diffs (pyright)', () => {
  it('references: compact pages within the budget that together hold every hit', async () => {
    const first = await call('references', { locate: 'py/many.py:target' });
    expect(first.isError, text(first)).toBeFalsy();
    const total = data(first).total as number;
    expect(total).toBe(USES + 1);
    const pages = data(first).pages as number;
    const seen = new Set<string>();
    for (let page = 1; page <= pages; page++) {
      const result = await call('references', { locate: 'py/many.py:target', page, budget: 8_000 });
      if (page === 1) expect(data(result).pages as number).toBeGreaterThanOrEqual(pages);
      expect(text(result).length).toBeLessThanOrEqual(8_000);
      const files = data(result).files as {
        references: { locate?: string; snippet?: string; display: string }[];
      }[];
      for (const ref of files.flatMap((f) => f.references)) {
        expect(ref.locate).toBeTruthy();
        expect(text(result)).toContain(ref.locate as string);
      }
    }
    for (let page = 1; page <= pages; page++) {
      const result = await call('references', { locate: 'py/many.py:target', page });
      const refs = (data(result).files as { references: { display: string; snippet?: string }[] }[]).flatMap(
        (f) => f.references,
      );
      expect(refs.filter((r) => r.snippet)).toEqual([]);
      for (const ref of refs) seen.add(ref.display);
    }
    expect(seen.size).toBe(total);
    const withSnippets = await call('references', { locate: 'py/many.py:target', snippets: true });
    const refs = (data(withSnippets).files as { references: { snippet?: string }[] }[]).flatMap(
      (f) => f.references,
    );
    expect(refs.every((r) => r.snippet)).toBe(true);
  });

  it('rename: a diff over the budget is summarised with its first hunks; full_diff gives all', async () => {
    const args = { locate: 'py/many.py:target', new_name: 'aim', budget: 2_000 };
    const cut = await call('rename', args);
    expect(cut.isError, text(cut)).toBeFalsy();
    expect(data(cut)).toMatchObject({ diff_complete: false, applied: false });
    expect(data(cut).diff_summary).toEqual([
      { file_path: 'py/many.py', hunks: expect.any(Number), added: USES + 1, removed: USES + 1 },
    ]);
    // Compact data: no diff, the changed lines of the hunks that fit (none here: one hunk over the budget) and
    // the per-file summary; the full form has the cut diff.
    expect(data(cut).diff).toBeUndefined();
    expect(data(cut).changed_lines).toEqual([]);
    expect(text(cut)).toContain('`full_diff: true`');
    // Compact (the default): the file with its counts, the changed lines that fit, no second hint.
    expect(text(cut)).toMatch(/^py\/many\.py \(301 edits, \+301 −301\)$/m);
    expect(text(cut)).not.toContain('detail: "full"');
    const fullForm = await call('rename', { ...args, detail: 'full' });
    expect(text(fullForm)).toContain('- py/many.py (301; 1 hunk(s), +301 −301)');
    expect((data(fullForm).diff as string).length).toBeLessThan(2_000);
    const full = await call('rename', { ...args, full_diff: true });
    expect(data(full).diff_complete).toBe(true);
    expect((data(full).diff as string).match(/^\+v\d+ = aim\(/gm)).toHaveLength(USES);
    expect(data(full).fingerprint).toBe(data(cut).fingerprint);
  });
});

describeWithServer('typescript', 'completion (TypeScript)', () => {
  it('returns every member when they fit, and filters by the typed prefix', async () => {
    const all = await call('completion', { locate: 'ts/wide.ts@w.<|>' });
    expect(all.isError, text(all)).toBeFalsy();
    const labels = (data(all).items as { label: string }[]).map((i) => i.label);
    for (let i = 0; i < MEMBERS; i++) expect(labels).toContain(`member${i}`);
    expect(data(all).total).toBe(labels.length);
    writeFileSync(
      join(ws, 'ts', 'narrow.ts'),
      'import { Wide } from "./wide";\nconst n = new Wide();\nn.oth\n',
    );
    const narrow = await call('completion', { locate: 'ts/narrow.ts@n.oth<|>' });
    expect(data(narrow).prefix).toBe('oth');
    expect((data(narrow).items as { label: string }[]).map((i) => i.label)).toEqual(['other']);
  });
});
