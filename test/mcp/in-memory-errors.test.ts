/**
 * Failures over an in-memory transport: every offline error code (and bad arguments) as an `isError`
 * result with code, message and hint; the result helpers. No language server is started here.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocusError } from '../../src/core/errors.js';
import { OUTPUT } from '../../src/mcp/output-schemas.js';
import type { LocusMcpServer } from '../../src/mcp/server.js';
import { callTool } from '../../src/mcp/tools/index.js';
import { defineTool, READ_ONLY } from '../../src/mcp/tool-spec.js';
import { connectInMemory, data, errorCode, makeWorkspace, removeDir, text } from './support.js';

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
    // Bad arguments other than the locate string, refused before any server starts.
    ['INVALID_ARGUMENT', 'rename', { locate: 'python/cart.py:main', new_name: ' spaced ' }],
    ['INVALID_ARGUMENT', 'code_actions', { locate: 'python/cart.py:main', apply: true }],
    ['INVALID_ARGUMENT', 'outline', { file_path: 'python/cart.py', page: 9 }],
  ];

  it.each(cases)('%s from %s %j', async (code, tool, args) => {
    const result = await call(tool, args);
    expect(result.isError).toBe(true);
    expect(errorCode(result)).toBe(code);
    const error = data(result).error as { message: string; hint?: string };
    expect(data(result).ok).toBe(false);
    expect(error.message.length).toBeGreaterThan(0);
    expect(error.hint?.length).toBeGreaterThan(0);
    expect(text(result)).toMatch(new RegExp(`^error ${code}: [^\\n]+\\nhint: `));
    expect(text(result)).toContain(`error ${code}: ${error.message}\nhint: ${error.hint}`);
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
      expect(errorCode(result)).toBe('INVALID_ARGUMENT');
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
    // A misspelt required argument: said missing (not zod's bare "Invalid input"), the stray key named.
    const misspelt = await call('locate', { locat: 'python/cart.py:main' });
    expect(misspelt.isError).toBe(true);
    expect(text(misspelt)).toContain('missing required argument `locate`');
    expect(text(misspelt)).toMatch(/unknown argument\(s\) `locat`; locate takes locate, /);
    // A misspelt optional argument: the call runs, and its answer says what was ignored.
    const extra = await call('locate', { locate: 'python/cart.py:main', rnage: true });
    expect(extra.isError).toBeFalsy();
    expect(text(extra)).toMatch(/Note: ignored unknown argument\(s\) `rnage`; locate takes locate, /);
    // A key that every object inherits is still unknown to the tool.
    const inherited = await call('locate', { locate: 'python/cart.py:main', constructor: 1 });
    expect(text(inherited)).toMatch(/Note: ignored unknown argument\(s\) `constructor`/);
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

describe('result helpers', () => {
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
