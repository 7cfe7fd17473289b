/**
 * The workspace tools through the real MCP SDK client: find_symbol (with progress notifications
 * during a cold index build), search, read_symbol, workspace-wide locate strings, and freshness
 * between calls in the long-lived server (folders watched).
 */
import { renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocusMcpServer } from '../../src/mcp/server.js';
import { generateFiles, tempDir, writeTree } from '../index/support.js';
import { connectInMemory, data, errorCode, removeDir, text } from './support.js';

let root: string;
let cacheDir: string;
let client: Client;
let server: LocusMcpServer;
const previousCache = process.env.LOCUS_CACHE_DIR;

beforeAll(async () => {
  root = tempDir('mcp-ws');
  cacheDir = tempDir('mcp-cache');
  process.env.LOCUS_CACHE_DIR = cacheDir;
  generateFiles(root, 300);
  writeTree(root, {
    'src/shop/cart.py':
      'class Cart:\n    def __init__(self):\n        self.items = []\n\n    def total(self):\n        subtotal = sum(self.items)\n        return subtotal\n',
    'tests/test_cart.py': 'class FakeCart:\n    def total(self):\n        return 0\n',
  });
  // The answers below need the whole first build, however long a busy machine takes (the server's own wait
  // before answering from a partial index is 20 s).
  ({ client, server } = await connectInMemory({
    root,
    locus: { index: { watch: true, waitMs: 1_800_000 } },
  }));
});

afterAll(async () => {
  await client?.close();
  await server?.close();
  if (previousCache === undefined) delete process.env.LOCUS_CACHE_DIR;
  else process.env.LOCUS_CACHE_DIR = previousCache;
  removeDir(root);
  removeDir(cacheDir);
});

const call = (name: string, args: Record<string, unknown>) =>
  client.callTool({ name, arguments: args }, undefined, { timeout: 1_800_000 });

describe('workspace tools', () => {
  it('find_symbol reports progress during the cold build, then ranks hits with locate strings', async () => {
    const progress: Progress[] = [];
    const result = await client.callTool({ name: 'find_symbol', arguments: { query: 'total' } }, undefined, {
      onprogress: (p) => progress.push(p),
      timeout: 1_800_000,
    });
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p) => p.total === 302)).toBe(true);
    expect(progress.map((p) => p.progress)).toEqual(
      [...progress.map((p) => p.progress)].sort((a, b) => a - b),
    );
    const body = data(result) as { hits: { locate: string; kind: string }[]; index: { complete: boolean } };
    expect(body.index.complete).toBe(true);
    expect(body.hits.map((h) => h.locate)).toEqual([
      'src/shop/cart.py:Cart.total',
      'tests/test_cart.py:FakeCart.total',
    ]);
    expect(text(result)).toContain('`def total(self):`');
  });

  it('search lists every hit with its enclosing symbol and a locate string that selects it', async () => {
    const result = await call('search', { pattern: '**/*.py@return <|>', page_size: 1 });
    const body = data(result) as {
      total_hits: number;
      pages: number;
      files: { hits: { locate: string; symbol?: { path: string } }[] }[];
    };
    expect(body.total_hits).toBe(60 + 2); // 60 generated Python files, cart.py and test_cart.py
    expect(body.pages).toBe(62);
    const hit = body.files[0]?.hits[0];
    // Compact: display, source line and locate string; the enclosing symbol, line and column with detail: full.
    expect(Object.keys(hit ?? {}).sort()).toEqual(['display', 'locate', 'snippet']);
    const full = data(await call('search', { pattern: '**/*.py@return <|>', page_size: 1, detail: 'full' }));
    const fullHit = (full as typeof body).files[0]?.hits[0];
    expect(fullHit?.symbol?.path).toBeDefined();
    expect(fullHit?.locate).toBe(hit?.locate);
    const located = data(await call('locate', { locate: hit?.locate }));
    expect(located.ok).toBe(true);
  });

  it('read_symbol returns a numbered declaration, and the members of a class', async () => {
    const method = await call('read_symbol', { locate: 'Cart.total' });
    expect(data(method)).toMatchObject({
      file_path: 'src/shop/cart.py',
      start_line: 5,
      end_line: 7,
      locate: 'src/shop/cart.py:Cart.total',
    });
    expect(text(method)).toContain('7 |         return subtotal');
    const cls = data(await call('read_symbol', { locate: '*:Cart', max_lines: 2 })) as {
      continuation: string;
      children: { name: string; locate: string }[];
    };
    expect(cls.continuation).toBe('src/shop/cart.py:3-7');
    expect(cls.children.map((c) => c.locate)).toEqual([
      'src/shop/cart.py:Cart.__init__',
      'src/shop/cart.py:Cart.items',
      'src/shop/cart.py:Cart.total',
    ]);
  });

  it('workspace-wide locate strings: unique, ambiguous (ranked), not found (did you mean)', async () => {
    expect(data(await call('locate', { locate: 'Cart.total@return <|>subtotal' }))).toMatchObject({
      ok: true,
      file_path: 'src/shop/cart.py',
      locate: 'src/shop/cart.py:Cart.total@return <|>subtotal',
    });
    const ambiguous = await call('locate', { locate: 'total' });
    expect(errorCode(ambiguous)).toBe('SYMBOL_AMBIGUOUS');
    const candidates = (data(ambiguous).error as { details: { candidates: { locate: string }[] } }).details
      .candidates;
    expect(candidates.map((c) => c.locate)).toEqual([
      'src/shop/cart.py:Cart.total',
      'tests/test_cart.py:FakeCart.total',
    ]);
    const missing = await call('locate', { locate: 'Cart.totl' });
    expect(errorCode(missing)).toBe('SYMBOL_NOT_FOUND');
    expect(text(missing)).toContain('src/shop/cart.py:Cart.total');
  });

  it('sees files created, edited, renamed and deleted between calls', async () => {
    const find = async (query: string) =>
      (data(await call('find_symbol', { query })) as { hits: { locate: string; name: string }[] }).hits
        .filter((h) => h.name === query)
        .map((h) => h.locate);
    writeTree(root, { 'src/pay/new.py': 'def settle():\n    pass\n' });
    expect(await find('settle')).toEqual(['src/pay/new.py:settle']);
    writeFileSync(join(root, 'src/pay/new.py'), 'def settle_all():\n    pass\n');
    expect(await find('settle')).toEqual([]);
    expect(await find('settle_all')).toEqual(['src/pay/new.py:settle_all']);
    renameSync(join(root, 'src/pay/new.py'), join(root, 'src/shop/moved.py'));
    expect(await find('settle_all')).toEqual(['src/shop/moved.py:settle_all']);
    unlinkSync(join(root, 'src/shop/moved.py'));
    rmSync(join(root, 'src/pay'), { recursive: true });
    expect(await find('settle_all')).toEqual([]);
  });
});

describe('find_symbol with exact: true before the index is built', () => {
  it('answers from the files that spell the name, then the server builds the rest', async () => {
    const exactRoot = tempDir('mcp-exact');
    generateFiles(exactRoot, 200);
    writeTree(exactRoot, {
      'src/cart.py': 'class Cart:\n    def total(self):\n        return 1\n',
      'src/basket.ts': 'export class Basket {\n  total(): number {\n    return 2;\n  }\n}\n',
    });
    const connected = await connectInMemory({ root: exactRoot });
    try {
      const ask = (args: Record<string, unknown>) =>
        connected.client.callTool({ name: 'find_symbol', arguments: args });
      const exact = data(await ask({ query: 'total', exact: true })) as {
        hits: { locate: string }[];
        index: { complete: boolean; parsed: number; covers?: string[] };
        notes?: string[];
      };
      expect(exact.hits.map((h) => h.locate).sort()).toEqual([
        'src/basket.ts:Basket.total',
        'src/cart.py:Cart.total',
      ]);
      expect(exact.index).toMatchObject({ complete: false, parsed: 2, covers: ['total'] });
      expect(exact.notes).toBeUndefined();
      const fuzzy = data(await ask({ query: 'f19' })) as { index: { complete: boolean; files: number } };
      expect(fuzzy.index).toMatchObject({ complete: true, files: 202 });
    } finally {
      await connected.client.close();
      await connected.server.close();
      removeDir(exactRoot);
    }
  });
});
