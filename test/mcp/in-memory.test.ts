/**
 * The MCP tool handlers over an in-memory transport: listing, schemas, roots, offline results and every
 * offline error code as `isError` results. No language server is started here.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LocusError } from '../../src/core/errors.js';
import { forTools } from '../../src/mcp/result.js';
import type { LocusMcpServer } from '../../src/mcp/server.js';
import { callTool, TOOLS } from '../../src/mcp/tools/index.js';
import { defineTool, READ_ONLY } from '../../src/mcp/tool-spec.js';
import { OUTPUT } from '../../src/mcp/output-schemas.js';
import {
  at,
  connectInMemory,
  data,
  displayAt,
  errorCode,
  makeWorkspace,
  MCP_FIXTURES,
  REPO,
  removeDir,
  text,
} from './support.js';

const READ_ONLY_TOOLS = [
  'locate',
  'describe',
  'outline',
  'definition',
  'references',
  'hover',
  'completion',
  'signature_help',
];
const EDIT_TOOLS = ['rename', 'code_actions', 'format_range'];

let ws: string;
let client: Client;
let server: LocusMcpServer;

beforeAll(async () => {
  ws = makeWorkspace();
  writeFileSync(join(ws, 'offline', 'blob.py'), Buffer.from([0x70, 0x72, 0x00, 0x01, 0x02, 0x0a]));
  ({ client, server } = await connectInMemory({ root: ws }));
});

afterAll(async () => {
  await client?.close();
  await server?.close();
  removeDir(ws);
});

const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });

/** Every property of a JSON schema (nested objects, unions, arrays), with its path. */
function properties(schema: unknown, path = ''): { path: string; schema: Record<string, unknown> }[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const s = schema as Record<string, unknown>;
  const out: { path: string; schema: Record<string, unknown> }[] = [];
  for (const [key, value] of Object.entries((s.properties as Record<string, unknown>) ?? {})) {
    out.push({ path: `${path}${key}`, schema: value as Record<string, unknown> });
    out.push(...properties(value, `${path}${key}.`));
  }
  for (const branch of [...((s.anyOf as unknown[]) ?? []), ...((s.oneOf as unknown[]) ?? [])])
    out.push(...properties(branch, path));
  if (s.items) out.push(...properties(s.items, `${path}[].`));
  return out;
}

describe('tools/list', () => {
  it('lists every tool with a title, a description, schemas and annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([...TOOLS.map((t) => t.name)]);
    expect(new Set(tools.map((t) => t.name))).toEqual(new Set([...READ_ONLY_TOOLS, ...EDIT_TOOLS]));
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description?.length, tool.name).toBeGreaterThan(80);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      const readOnly = READ_ONLY_TOOLS.includes(tool.name);
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(readOnly);
      expect(tool.annotations?.destructiveHint, tool.name).toBe(readOnly ? undefined : true);
    }
  });

  it('describes every input field for an agent', async () => {
    const { tools } = await client.listTools();
    for (const tool of tools) {
      const props = properties(tool.inputSchema);
      expect(props.length, tool.name).toBeGreaterThan(0);
      for (const prop of props) {
        const described = typeof prop.schema.description === 'string' && prop.schema.description.length > 5;
        expect(described, `${tool.name}: ${prop.path} has no description`).toBe(true);
      }
    }
  });

  it('explains locate strings with examples and the marker rule on every locate argument', async () => {
    const { tools } = await client.listTools();
    const withLocate = tools.filter((t) => 'locate' in (t.inputSchema.properties ?? {}));
    expect(withLocate.map((t) => t.name).sort()).toEqual(
      [...READ_ONLY_TOOLS, ...EDIT_TOOLS].filter((n) => !['describe', 'outline'].includes(n)).sort(),
    );
    for (const tool of withLocate) {
      const locate = (
        tool.inputSchema.properties as Record<string, { description: string; anyOf: unknown[] }>
      ).locate;
      expect(locate?.description).toContain('path[:scope][@find]');
      expect(locate?.description).toContain('`<|>`');
      expect(locate?.description).toContain('<<|>>');
      expect(locate?.description.match(/`src\/[^`]+`/g)?.length).toBeGreaterThanOrEqual(4);
      expect(locate?.anyOf).toHaveLength(2); // string or object form
      expect(tool.inputSchema.required).toContain('locate');
    }
  });

  it('sends instructions that explain the locate syntax', () => {
    expect(client.getInstructions()).toContain('path[:scope][@find]');
  });
});

describe('offline tools', () => {
  it('locate: markdown and structured content', async () => {
    const result = await call('locate', { locate: 'python/cart.py:Cart.total@return <|>add_tax' });
    const display = displayAt(ws, 'python/cart.py', 'return <|>add_tax(subtotal)');
    expect(result.isError).toBeFalsy();
    expect(text(result)).toBe(`Located ${display} (method Cart.total)`);
    expect(data(result)).toMatchObject({
      ok: true,
      file_path: 'python/cart.py',
      position: at(ws, 'python/cart.py', 'return <|>add_tax(subtotal)'),
      display,
      matches: 1,
      symbol: { path: 'Cart.total', kind: 'method' },
    });
  });

  it('locate: the object form and ranges', async () => {
    const result = await call('locate', {
      locate: { file_path: 'python/pricing.py', scope: { symbol_path: ['Discount', 'apply'] } },
      range: true,
    });
    const start = at(ws, 'python/pricing.py', '<|>def apply(');
    const end = at(ws, 'python/pricing.py', 'self.percent / 100)<|>');
    expect(data(result)).toMatchObject({ ok: true, range: { start, end } });
    expect(text(result)).toContain(
      `Range: ${start.line + 1}:${start.character + 1} to ${end.line + 1}:${end.character + 1}`,
    );
    const total = at(ws, 'python/cart.py', '<|>def total(').line + 1;
    const lines = await call('locate', {
      locate: {
        file_path: 'python/cart.py',
        scope: { start_line: total, end_line: total + 4 },
        find: 'self',
        find_index: 1,
      },
    });
    expect(data(lines)).toMatchObject({
      ok: true,
      display: displayAt(ws, 'python/cart.py', 'for _, price in <|>self.items'),
      matches: 2,
    });
  });

  it('locate: several matches come with alternatives and their locate strings', async () => {
    const result = await call('locate', { locate: 'python/cart.py@self.<|>' });
    expect(data(result).matches).toBeGreaterThan(1);
    expect(text(result)).toMatch(
      /Other matches \(\d+\):\n {2}python\/cart\.py:\d+:\d+ {2}`[^`]+` {2}→ `python\/cart\.py/,
    );
  });

  it('describe: line and column, or an LSP position', async () => {
    const position = at(ws, 'python/cart.py', 'return <|>add_tax(subtotal)');
    const display = displayAt(ws, 'python/cart.py', 'return <|>add_tax(subtotal)');
    const line = position.line + 1;
    const byLine = await call('describe', {
      file_path: 'python/cart.py',
      line,
      column: position.character + 1,
    });
    expect(text(byLine)).toBe(`\`python/cart.py:Cart.total@<|>add_tax\` → ${display} (in method Cart.total)`);
    expect(data(byLine)).toMatchObject({
      ok: true,
      locate: 'python/cart.py:Cart.total@<|>add_tax',
      exact: true,
    });
    const byPosition = await call('describe', { file_path: 'python/cart.py', position });
    expect(data(byPosition).locate).toBe('python/cart.py:Cart.total@<|>add_tax');
    const inIndent = await call('describe', { file_path: 'python/cart.py', line, column: 3 });
    expect(data(inIndent).exact).toBe(false);
    expect(text(inIndent)).toContain('inside whitespace');
  });

  it('describe: neither or both target forms is INVALID_LOCATE', async () => {
    for (const args of [
      { file_path: 'python/cart.py' },
      { file_path: 'python/cart.py', line: 3 },
      { file_path: 'python/cart.py', line: 3, column: 1, position: { line: 2, character: 0 } },
    ]) {
      const result = await call('describe', args);
      expect(result.isError).toBe(true);
      expect(errorCode(result)).toBe('INVALID_LOCATE');
      expect(text(result)).toMatch(/^error INVALID_LOCATE: .*\nhint: /);
    }
  });

  it('outline: every symbol with its locate string', async () => {
    const result = await call('outline', { file_path: 'python/pricing.py' });
    const display = displayAt(ws, 'python/pricing.py', 'def <|>apply(');
    expect(text(result)).toContain(`method Discount.apply  ${display}  python/pricing.py:Discount.apply`);
    expect(data(result)).toMatchObject({ ok: true, language: 'python' });
    expect((data(result).symbols as unknown[]).length).toBe(3);
  });
});

describe('errors are isError results with code, message and hint', () => {
  const cases: [string, string, Record<string, unknown>][] = [
    ['INVALID_LOCATE', 'locate', { locate: 'python/cart.py:L0' }],
    [
      'INVALID_LOCATE',
      'locate',
      { locate: { file_path: 'python/cart.py', scope: { symbol_path: ['Cart'], start_line: 3 } } },
    ],
    ['INVALID_LOCATE', 'locate', { locate: { file_path: 'python/cart.py', find: 'self', find_idx: 1 } }],
    ['INVALID_LOCATE', 'hover', { locate: { file_path: 'python/cart.py' } }],
    ['FILE_NOT_FOUND', 'locate', { locate: 'python/missing.py:3' }],
    ['FILE_NOT_FOUND', 'outline', { file_path: 'python/missing.py' }],
    ['OUTSIDE_WORKSPACE', 'locate', { locate: '../../etc/passwd:1' }],
    ['NOT_TEXT', 'locate', { locate: 'offline/blob.py:1' }],
    ['UNSUPPORTED_LANGUAGE', 'locate', { locate: 'offline/notes.txt:Locus' }],
    ['SYMBOL_NOT_FOUND', 'locate', { locate: 'python/cart.py:Cart.nope' }],
    ['SYMBOL_AMBIGUOUS', 'locate', { locate: 'offline/shapes.py:area' }],
    ['LINE_OUT_OF_RANGE', 'locate', { locate: 'python/cart.py:999' }],
    ['NO_MATCH', 'locate', { locate: 'python/cart.py:Cart.total@return <|>nothing_like_this' }],
    [
      'MATCH_INDEX_OUT_OF_RANGE',
      'locate',
      { locate: { file_path: 'python/cart.py', find: 'self', find_index: 99 } },
    ],
    ['SYMBOL_NOT_FOUND', 'definition', { locate: 'python/cart.py:Nope' }],
    ['NO_MATCH', 'references', { locate: 'python/cart.py@nothing_like_this' }],
    ['LINE_OUT_OF_RANGE', 'format_range', { locate: 'python/cart.py:500-501' }],
    ['SYMBOL_AMBIGUOUS', 'code_actions', { locate: 'offline/shapes.py:__init__' }],
  ];

  it.each(cases)('%s from %s %j', async (code, tool, args) => {
    const result = await call(tool, args);
    expect(result.isError).toBe(true);
    expect(errorCode(result)).toBe(code);
    const error = data(result).error as { message: string; hint?: string };
    expect(data(result).ok).toBe(false);
    expect(error.message.length).toBeGreaterThan(0);
    expect(error.hint?.length).toBeGreaterThan(0);
    expect(text(result)).toBe(`error ${code}: ${error.message}\nhint: ${error.hint}`);
  });

  it('names ready-to-use locate strings in a NO_MATCH hint', async () => {
    const result = await call('locate', { locate: 'python/cart.py:Cart.total@return subtotl' });
    expect(text(result)).toContain('→ `python/cart.py:');
  });

  it('points to the outline tool rather than the CLI', async () => {
    const result = await call('locate', { locate: 'python/cart.py:Cart.nope' });
    expect(text(result)).toContain('The `outline` tool (file_path `python/cart.py`) lists every symbol.');
    expect(JSON.stringify(data(result))).not.toContain('locus outline');
  });

  it('refuses a fingerprint without apply: true (nothing is written)', async () => {
    for (const tool of EDIT_TOOLS) {
      const result = await call(tool, {
        locate: 'python/pricing.py:add_tax',
        ...(tool === 'rename' ? { new_name: 'with_tax' } : {}),
        ...(tool === 'code_actions' ? { select: 0 } : {}),
        fingerprint: '0123456789abcdef',
      });
      expect(result.isError, tool).toBe(true);
      expect(errorCode(result)).toBe('INVALID_LOCATE');
      expect(text(result)).toContain('apply: true');
    }
  });

  it('invalid arguments follow the SDK convention (isError, validation message)', async () => {
    const wrongType = await call('locate', { locate: 42 });
    expect(wrongType.isError).toBe(true);
    expect(text(wrongType)).toMatch(/Input validation error/);
    const badPage = await call('references', { locate: 'python/cart.py:main', page: 0 });
    expect(badPage.isError).toBe(true);
    expect(text(badPage)).toMatch(/page/);
    const missing = await call('rename', { locate: 'python/cart.py:main' });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/new_name/);
  });

  it('an unknown tool follows the SDK convention', async () => {
    const result = await client.callTool({ name: 'no_such_tool', arguments: {} }).catch((e: Error) => e);
    const message = result instanceof Error ? result.message : text(result);
    expect(message).toMatch(/no_such_tool not found/);
  });

  it('the server keeps answering after all of that', async () => {
    expect(data(await call('locate', { locate: 'python/cart.py:main' })).ok).toBe(true);
  });
});

describe('workspace root', () => {
  let extra: { client: Client; server: LocusMcpServer; logs: string[] } | undefined;
  afterEach(async () => {
    await extra?.client.close();
    await extra?.server.close();
    extra = undefined;
  });

  it("uses the client's first root when --root is absent", async () => {
    extra = await connectInMemory({}, [join(MCP_FIXTURES, 'offline'), REPO]);
    const result = await extra.client.callTool({
      name: 'locate',
      arguments: { locate: 'shapes.py:Circle.area' },
    });
    const display = displayAt(
      MCP_FIXTURES,
      'offline/shapes.py',
      'def <|>area(self) -> float:\n        return 3.14',
    );
    expect(data(result)).toMatchObject({ ok: true, display: display.replace('offline/', '') });
    expect(await extra.server.root()).toEqual({ root: join(MCP_FIXTURES, 'offline'), source: 'client' });
  });

  it('prefers --root over the client roots', async () => {
    extra = await connectInMemory({ root: join(MCP_FIXTURES, 'edits') }, [join(MCP_FIXTURES, 'offline')]);
    expect(await extra.server.root()).toEqual({ root: join(MCP_FIXTURES, 'edits'), source: 'option' });
    const result = await extra.client.callTool({ name: 'outline', arguments: { file_path: 'src/other.ts' } });
    expect(data(result).ok).toBe(true);
  });

  it('falls back to the current directory when the client has no roots', async () => {
    extra = await connectInMemory({});
    expect(await extra.server.root()).toEqual({ root: process.cwd(), source: 'cwd' });
  });

  it('reports an invalid locus.config.json on each call, and recovers once it is fixed', async () => {
    const dir = makeWorkspace();
    try {
      writeFileSync(join(dir, 'locus.config.json'), '{ "languages": { "python": { "comand": "x" } } }');
      extra = await connectInMemory({ root: dir });
      const broken = await extra.client.callTool({
        name: 'locate',
        arguments: { locate: 'python/cart.py:main' },
      });
      expect(broken.isError).toBe(true);
      expect(errorCode(broken)).toBe('SERVER_FAILED');
      expect(text(broken)).toContain('locus.config.json');
      writeFileSync(join(dir, 'locus.config.json'), '{}');
      const fixed = await extra.client.callTool({
        name: 'locate',
        arguments: { locate: 'python/cart.py:main' },
      });
      expect(data(fixed).ok).toBe(true);
    } finally {
      removeDir(dir);
    }
  });
});

describe('result helpers', () => {
  it('rewrites CLI wording into tool arguments', () => {
    expect(forTools('More: ask for page 2 (of 3).', 'references')).toBe(
      'More: call `references` again with the same locate and `page: 2` (of 3).',
    );
    expect(forTools('(12 more; raise the limit to see them)', 'completion')).toBe(
      '(12 more: call `completion` again with a higher `limit`)',
    );
    expect(
      forTools(
        'To apply exactly this preview, repeat the call with this fingerprint (files changed since → FILE_CHANGED, nothing written).',
        'rename',
      ),
    ).toContain('`apply: true`');
  });

  it('turns an unexpected exception into an isError result and logs it', async () => {
    const logs: string[] = [];
    const boom = defineTool({
      name: 'boom',
      title: 'Boom',
      description: 'Always fails.',
      inputSchema: {},
      outputSchema: OUTPUT.locate,
      annotations: READ_ONLY,
      run: async () => {
        throw new TypeError('kaput');
      },
    });
    const result = await callTool(
      boom,
      {},
      async () => ({}) as never,
      (m) => logs.push(m),
    );
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('kaput');
    expect(logs[0]).toContain('TypeError: kaput');
    const locusError = defineTool({
      ...boom,
      run: async () => {
        throw new LocusError('TIMEOUT', 'too slow', { hint: 'try again' });
      },
    });
    const failed = await callTool(
      locusError,
      {},
      async () => ({}) as never,
      (m) => logs.push(m),
    );
    expect(errorCode(failed)).toBe('TIMEOUT');
    expect(text(failed)).toBe('error TIMEOUT: too slow\nhint: try again');
  });
});
