/**
 * search and diagnostics pages fit the answer budget as well as the page size: with a small budget each page's
 * text stays within it, the answer says how many pages there are, and the pages together hold every hit once.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocusMcpServer } from '../../src/mcp/server.js';
import { describeWithServer } from '../helpers/require-server.js';
import { connectInMemory, data, errorCode, removeDir, tempDir, text } from './support.js';

const USES = 200;
/** Every use plus the definition's own `needle(`. */
const HITS = USES + 1;
const ERRORS = 120;
const BUDGET = 4_000;
let ws: string;
let client: Client;
let server: LocusMcpServer;

beforeAll(async () => {
  ws = tempDir('search-budgets');
  mkdirSync(join(ws, 'py'));
  mkdirSync(join(ws, 'ts'));
  const uses = Array.from({ length: USES }, (_, i) => `value_number_${i} = needle(${i})`);
  writeFileSync(join(ws, 'py', 'many.py'), ['def needle(x):', '    return x', '', ...uses, ''].join('\n'));
  const wrong = Array.from({ length: ERRORS }, (_, i) => `export const wrong${i}: number = "text ${i}";`);
  writeFileSync(join(ws, 'ts', 'broken.ts'), `${wrong.join('\n')}\n`);
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

describe('search', () => {
  it('cuts pages to the budget, reports the pages, and loses or repeats no hit across pages', async () => {
    const args = { pattern: 'py/*.py@needle(', page_size: 500, budget: BUDGET };
    const first = await call('search', args);
    const pages = data(first).pages as number;
    expect(data(first).total_hits, text(first)).toBe(HITS);
    expect(pages).toBeGreaterThan(1);
    const seen: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const result = await call('search', { ...args, page });
      expect(text(result).length).toBeLessThanOrEqual(BUDGET);
      expect(data(result).pages).toBe(pages);
      const files = data(result).files as { hits: { display: string }[] }[];
      seen.push(...files.flatMap((f) => f.hits.map((h) => h.display)));
    }
    expect(seen).toHaveLength(HITS);
    expect(new Set(seen).size).toBe(HITS);
    expect(errorCode(await call('search', { ...args, page: pages + 1 }))).toBe('INVALID_ARGUMENT');
  });

  it('still holds at most page_size hits per page', async () => {
    const result = await call('search', { pattern: 'py/*.py@needle(', page_size: 7 });
    const files = data(result).files as { hits: unknown[] }[];
    expect(files.flatMap((f) => f.hits)).toHaveLength(7);
    expect(data(result).pages).toBe(Math.ceil(HITS / 7));
  });
});

describeWithServer('typescript', 'diagnostics', () => {
  it('cuts pages to the budget, reports the pages, and loses or repeats no diagnostic', async () => {
    const args = { targets: 'ts/broken.ts', page_size: 500, budget: BUDGET };
    const first = await call('diagnostics', args);
    const pages = data(first).pages as number;
    expect((data(first).totals as { error: number }).error, text(first)).toBe(ERRORS);
    expect(pages).toBeGreaterThan(1);
    const seen: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const result = await call('diagnostics', { ...args, page });
      expect(text(result).length).toBeLessThanOrEqual(BUDGET);
      expect(data(result).pages).toBe(pages);
      const list = data(result).diagnostics as { locate: string }[];
      seen.push(...list.map((d) => d.locate));
    }
    expect(seen).toHaveLength(ERRORS);
    expect(new Set(seen).size).toBe(ERRORS);
  });
});
