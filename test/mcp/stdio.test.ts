/**
 * End to end over stdio (`node bin/locus.js mcp --root <workspace>`): the tool list, errors as results,
 * guarded edits (FILE_CHANGED, apply), 50 calls in flight at once, and shutdown when the client leaves.
 */
import { TOOLS } from '../../src/mcp/tools/index.js';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithServer, missingServerFails, serverStatus } from '../helpers/require-server.js';
import {
  connectStdio,
  data,
  descendants,
  ensureBuilt,
  errorCode,
  eventually,
  isAlive,
  makeWorkspace,
  processesInGroups,
  processesInside,
  removeDir,
  text,
  type StdioSession,
} from './support.js';

let ws: string;
let session: StdioSession;
const clientErrors: Error[] = [];

beforeAll(async () => {
  await ensureBuilt();
  ws = makeWorkspace();
  session = await connectStdio(ws);
  session.client.onerror = (error) => clientErrors.push(error);
});

afterAll(async () => {
  await session?.client.close();
  if (ws) removeDir(ws);
});

type Result = Awaited<ReturnType<StdioSession['client']['callTool']>>;
const call = (name: string, args: Record<string, unknown>): Promise<Result> =>
  session.client.callTool({ name, arguments: args }, undefined, { timeout: 600_000 });
const read = (file: string) => readFileSync(join(ws, file), 'utf8');

describe('over stdio', () => {
  it('lists the tools with schemas', async () => {
    const { tools } = await session.client.listTools();
    expect(tools).toHaveLength(TOOLS.length);
    for (const tool of tools) {
      expect(tool.description).toBeTruthy();
      expect(tool.inputSchema.properties).toBeTruthy();
      expect(tool.outputSchema).toBeTruthy();
    }
  });

  it('answers a locate with markdown and structured content', async () => {
    const result = await call('locate', { locate: 'python/cart.py:Cart.total@return <|>add_tax' });
    expect(text(result)).toMatch(/^Located python\/cart\.py:\d+:\d+ \(method Cart\.total\)$/);
    expect(data(result)).toMatchObject({ ok: true, symbol: { path: 'Cart.total' } });
  });

  it.each([
    ['INVALID_LOCATE', { locate: 'python/cart.py:10-' }],
    ['FILE_NOT_FOUND', { locate: 'python/nope.py:1' }],
    ['OUTSIDE_WORKSPACE', { locate: '../outside.py:1' }],
    ['UNSUPPORTED_LANGUAGE', { locate: 'offline/notes.txt:Notes' }],
    ['SYMBOL_NOT_FOUND', { locate: 'python/cart.py:Basket' }],
    ['SYMBOL_AMBIGUOUS', { locate: 'offline/shapes.py:area' }],
    ['LINE_OUT_OF_RANGE', { locate: 'python/cart.py:1000' }],
    ['NO_MATCH', { locate: 'python/cart.py@no such text' }],
    ['MATCH_INDEX_OUT_OF_RANGE', { locate: { file_path: 'python/cart.py', find: 'cart', find_index: 50 } }],
  ])('reports %s as an isError result', async (code, args) => {
    const result = await call('hover', args);
    expect(result.isError).toBe(true);
    expect(errorCode(result)).toBe(code);
    expect(text(result)).toMatch(new RegExp(`^error ${code}: .+\nhint: .+`));
  });

  it('writes nothing but protocol to stdout', () => {
    expect(clientErrors).toEqual([]);
    expect(session.stderr()).toContain('locus mcp: ready on stdio');
  });
});

describeWithServer('typescript', 'guarded edits over stdio', () => {
  it('refuses a stale fingerprint with FILE_CHANGED and writes nothing', async () => {
    const preview = await call('rename', { locate: 'edits/src/other.ts:a', new_name: 'alpha' });
    expect(preview.isError, text(preview)).toBeFalsy();
    const { fingerprint, files } = data(preview) as { fingerprint: string; files: { file_path: string }[] };
    expect(files.map((f) => f.file_path).sort()).toEqual(['edits/src/messy.ts', 'edits/src/other.ts']);
    appendFileSync(join(ws, 'edits/src/messy.ts'), '// touched after the preview\n');
    const before = [read('edits/src/messy.ts'), read('edits/src/other.ts')];
    const stale = await call('rename', {
      locate: 'edits/src/other.ts:a',
      new_name: 'alpha',
      apply: true,
      fingerprint,
    });
    expect(stale.isError).toBe(true);
    expect(errorCode(stale)).toBe('FILE_CHANGED');
    expect(text(stale)).toMatch(/^error FILE_CHANGED: .+\nhint: .+/);
    expect([read('edits/src/messy.ts'), read('edits/src/other.ts')]).toEqual(before);
  });

  it('applies a fresh preview by its fingerprint', async () => {
    const preview = data(await call('rename', { locate: 'edits/src/other.ts:a', new_name: 'alpha' }));
    const applied = await call('rename', {
      locate: 'edits/src/other.ts:a',
      new_name: 'alpha',
      apply: true,
      fingerprint: preview.fingerprint,
    });
    expect(data(applied)).toMatchObject({ ok: true, applied: true, fingerprint: preview.fingerprint });
    expect(text(applied)).toContain('— applied');
    expect(read('edits/src/other.ts')).toContain('export const alpha = 1;');
    expect(read('edits/src/messy.ts')).toContain("import { alpha } from './other.js';");
  });

  it('previews and applies a code action selected by title', async () => {
    const locate = 'edits/src/messy.ts:1-2';
    const listed = data(await call('code_actions', { locate, only: ['source.organizeImports'] }));
    const title = (listed.actions as { title: string }[])[0]?.title as string;
    const preview = await call('code_actions', { locate, only: ['source.organizeImports'], select: title });
    expect(data(preview)).toMatchObject({ selected: { title, applied: false } });
    expect(text(preview)).toContain('`apply: true`');
    const applied = await call('code_actions', {
      locate,
      only: ['source.organizeImports'],
      select: title,
      apply: true,
      fingerprint: (data(preview).selected as { fingerprint: string }).fingerprint,
    });
    expect(data(applied)).toMatchObject({ selected: { applied: true } });
    expect(read('edits/src/messy.ts')).toMatch(/^import \{ alpha, b \} from '\.\/other\.js';\n/);
  });

  it('formats a range, and writes it with apply: true', async () => {
    const preview = await call('format_range', { locate: 'edits/src/messy.ts:messy' });
    expect(data(preview)).toMatchObject({ ok: true, applied: false });
    expect((data(preview).changed_lines as string[]).join('\n')).toMatch(
      /^ {2}\d+\+ export function messy\(x: number, y: number\): number \{$/m,
    );
    expect(read('edits/src/messy.ts')).toContain('export function   messy(');
    const applied = await call('format_range', { locate: 'edits/src/messy.ts:messy', apply: true });
    expect(data(applied)).toMatchObject({ ok: true, applied: true });
    expect(read('edits/src/messy.ts')).toContain('export function messy(x: number, y: number): number {');
  });
});

describe('many calls at once', () => {
  const lsp: { name: string; args: Record<string, unknown> }[] = [
    ...(serverStatus('pyright').available || missingServerFails()
      ? [
          { name: 'hover', args: { locate: 'python/cart.py:Cart.total@return <|>add_tax' } },
          { name: 'definition', args: { locate: 'python/cart.py:main@cart = <|>Cart' } },
          { name: 'references', args: { locate: 'python/pricing.py:Discount' } },
        ]
      : []),
    ...(serverStatus('typescript').available || missingServerFails()
      ? [
          { name: 'hover', args: { locate: 'typescript/src/cart.ts:main@cart.<|>add(' } },
          { name: 'completion', args: { locate: 'typescript/src/cart.ts:Cart.total@discount.<|>apply' } },
          { name: 'signature_help', args: { locate: 'javascript/src/cart.js:main@addTax(<|>' } },
        ]
      : []),
  ];
  const calls = [
    { name: 'locate', args: { locate: 'python/cart.py:Cart.total@return <|>add_tax' } },
    { name: 'locate', args: { locate: 'go/main.go:(*Cart).Total@<|>subtotal' } },
    { name: 'describe', args: { file_path: 'c/main.c', line: 20, column: 9 } },
    { name: 'outline', args: { file_path: 'typescript/src/pricing.ts' } },
    ...lsp,
  ];

  it('answers 50 concurrent calls, each with its own answer', async () => {
    // A first round warms the servers: definition and hover may answer before readiness (flagged).
    for (const c of calls) await call(c.name, c.args);
    const baseline: Record<string, unknown>[] = [];
    for (const c of calls) baseline.push(data(await call(c.name, c.args)));
    const batch = Array.from({ length: 50 }, (_, i) => (i * 7) % calls.length);
    const started = Date.now();
    const results = await Promise.all(batch.map((k) => call(calls[k]!.name, calls[k]!.args)));
    const ms = Date.now() - started;
    console.info(`50 concurrent MCP calls (${calls.length} kinds, servers warm): ${ms} ms`);
    results.forEach((result, i) => {
      const k = batch[i]!;
      expect(result.isError, `${calls[k]!.name} ${JSON.stringify(calls[k]!.args)}`).toBeFalsy();
      expect(isDeepStrictEqual(data(result), baseline[k]), `call ${i} got another call's answer`).toBe(true);
    });
  });
});

describe('shutdown', () => {
  it('shuts every language server down and exits when the client disconnects', async () => {
    const anyServer = ['pyright', 'typescript', 'gopls', 'clangd', 'bash'].some(
      (id) => serverStatus(id).available,
    );
    const children = descendants(session.pid);
    const groups = [...new Set(children.map((c) => c.pgid))];
    if (anyServer)
      expect(children.length, 'no language server seen running before the close').toBeGreaterThan(0);
    const started = Date.now();
    await session.client.close();
    const gone = await eventually(
      () =>
        !isAlive(session.pid) &&
        children.every((c) => !isAlive(c.pid)) &&
        processesInGroups(groups).length === 0 &&
        processesInside(ws).length === 0,
    );
    console.info(
      `client close → locus and ${children.length} server process(es) in ${groups.length} group(s) gone: ${Date.now() - started} ms\n` +
        children.map((c) => `  ${c.pid} ${c.cmd.slice(0, 100)}`).join('\n'),
    );
    expect(
      children.filter((c) => isAlive(c.pid)),
      'server processes left behind',
    ).toEqual([]);
    expect(processesInGroups(groups), "processes left in the servers' groups").toEqual([]);
    expect(processesInside(ws), 'processes left in the workspace').toEqual([]);
    expect(gone).toBe(true);
    expect(session.stderr()).toMatch(/stdin ended; shutting down\n(.*\n)*locus mcp: closed/);
  });
});
