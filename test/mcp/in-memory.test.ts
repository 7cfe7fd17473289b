/**
 * The MCP tool handlers over an in-memory transport: listing and schemas, offline results, the workspace
 * root. No language server is started here (failures: in-memory-errors.test.ts).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Ajv } from 'ajv';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LocusMcpServer } from '../../src/mcp/server.js';
import { TOOLS } from '../../src/mcp/tools/index.js';
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
  'diagnostics',
  'call_hierarchy',
  'type_hierarchy',
  'find_symbol',
  'search',
  'read_symbol',
];
const EDIT_TOOLS = ['rename', 'code_actions', 'format_range', 'edit'];

let ws: string;
let client: Client;
let server: LocusMcpServer;

beforeAll(async () => {
  ws = makeWorkspace();
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

  it('states both answer shapes in every output schema, precisely enough for a validator', async () => {
    const { tools } = await client.listTools();
    const ajv = new Ajv({ strict: false });
    for (const tool of tools) {
      const schema = tool.outputSchema as { oneOf?: { required?: string[] }[] } | undefined;
      const [success, failure] = schema?.oneOf ?? [];
      expect(failure?.required, tool.name).toEqual(['ok', 'error']);
      const required = success?.required ?? [];
      expect(required.length, `${tool.name} names the fields every success carries`).toBeGreaterThan(1);
      const validate = ajv.compile(schema as object);
      const error = { ok: false, error: { code: 'NO_MATCH', message: 'No match.' } };
      expect(validate(error), tool.name).toBe(true);
      expect(validate({ ok: false }), `${tool.name}: a failure without error`).toBe(false);
      expect(validate({ ok: true }), `${tool.name}: a success without its fields`).toBe(false);
      expect(validate({ ...error, ok: true }), `${tool.name}: a success with an error`).toBe(false);
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

  it('points every locate argument at the syntax, which the instructions explain once', async () => {
    const { tools } = await client.listTools();
    const withLocate = tools.filter((t) => 'locate' in (t.inputSchema.properties ?? {}));
    expect(withLocate.map((t) => t.name).sort()).toEqual(
      [...READ_ONLY_TOOLS, ...EDIT_TOOLS]
        .filter((n) => !['describe', 'outline', 'diagnostics', 'find_symbol', 'search', 'edit'].includes(n))
        .sort(),
    );
    for (const tool of withLocate) {
      const locate = (
        tool.inputSchema.properties as Record<string, { description: string; anyOf: unknown[] }>
      ).locate;
      expect(locate?.description).toContain('path[:scope][@find]');
      expect(locate?.description).toContain('server instructions');
      expect(locate?.anyOf).toHaveLength(2); // string or object form
      expect(tool.inputSchema.required).toContain('locate');
    }
  });

  it('sends instructions that explain the locate syntax with examples and the marker rule', () => {
    const instructions = client.getInstructions() ?? '';
    expect(instructions).toContain('path[:scope][@find]');
    expect(instructions).toContain('`<|>`');
    expect(instructions).toContain('<<|>>');
    expect(instructions.match(/`src\/[^`]+`/g)?.length).toBeGreaterThanOrEqual(4);
    expect(instructions).toContain('Object form');
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
      expect(errorCode(broken)).toBe('CONFIG_INVALID');
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
