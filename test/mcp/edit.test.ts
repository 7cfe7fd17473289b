/**
 * An agent editing through MCP alone (SDK client, in memory): replace a method body, add a method after
 * another, delete a function — each previewed, then applied with its fingerprint — and the locate strings
 * it gets back resolve to the new code. Also: a stale locate re-anchored (and said so), the syntax guard.
 */
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LocusMcpServer } from '../../src/mcp/server.js';
import { describeWithServer } from '../helpers/require-server.js';
import { connectInMemory, data, errorCode, REPO, removeDir, tempDir, text } from './support.js';

let ws: string;
let client: Client;
let server: LocusMcpServer;

beforeEach(async () => {
  ws = tempDir('locus-mcp-edit-');
  cpSync(join(REPO, 'test', 'fixtures', 'edit'), ws, { recursive: true });
  ({ client, server } = await connectInMemory({ root: ws }));
});
afterEach(async () => {
  await client?.close();
  await server?.close();
  removeDir(ws);
});

const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });
const read = (file: string): string => readFileSync(join(ws, file), 'utf8');

interface Outcome {
  new_locate?: string;
  symbols: { path: string; locate: string }[];
  enclosing?: { locate: string };
  reanchored?: { from: string; to: string; detail: string };
}

/** Previews, checks nothing was written, applies with the fingerprint; returns the applied answer. */
async function previewThenApply(
  edits: Record<string, unknown>[],
): Promise<{ outcomes: Outcome[]; markdown: string }> {
  const before = JSON.stringify(['cart.py', 'cart.ts', 'cart.go'].map(read));
  const preview = await call('edit', { edits });
  expect(preview.isError, text(preview)).toBeFalsy();
  expect(text(preview)).toContain('preview, nothing written');
  expect(JSON.stringify(['cart.py', 'cart.ts', 'cart.go'].map(read))).toBe(before);
  const fingerprint = data(preview).fingerprint as string;
  const applied = await call('edit', { edits, apply: true, fingerprint });
  expect(applied.isError, text(applied)).toBeFalsy();
  expect(data(applied).applied).toBe(true);
  return { outcomes: data(applied).edits as Outcome[], markdown: text(applied) };
}

/** The source line a locate string resolves to, through the `locate` tool. */
async function lineOf(locate: string): Promise<string> {
  const result = await call('locate', { locate });
  expect(result.isError, text(result)).toBeFalsy();
  const { file_path, position } = data(result) as { file_path: string; position: { line: number } };
  return read(file_path).split('\n')[position.line] ?? '';
}

describe('edit through MCP', () => {
  it('replaces a method body, adds a method after another, deletes a function (Python)', async () => {
    const body = await previewThenApply([
      {
        locate: 'cart.py:Cart.total',
        action: 'replace',
        text: 'def total(self):\n    return round(sum(i.price for i in self.items), 2)\n',
      },
    ]);
    expect(body.outcomes[0]?.symbols[0]?.locate).toBe('cart.py:Cart.total');
    expect(await lineOf('cart.py:Cart.total@return <|>round')).toContain('return round(sum(');

    const added = await previewThenApply([
      {
        locate: 'cart.py:Cart.add',
        action: 'insert_after',
        text: 'def count(self):\n    return len(self.items)',
      },
    ]);
    const count = added.outcomes[0]?.symbols[0]?.locate as string;
    expect(await lineOf(count)).toBe('    def count(self):');

    await previewThenApply([{ locate: 'cart.py:helper', action: 'delete' }]);
    expect(read('cart.py')).not.toContain('def helper');
    expect(errorCode(await call('locate', { locate: 'cart.py:helper' }))).toBe('SYMBOL_NOT_FOUND');
  });

  it('does the same in TypeScript and Go in one call each', async () => {
    const ts = await previewThenApply([
      { locate: 'cart.ts:Cart.total', action: 'replace', text: 'total(): number {\n  return 0;\n}' },
      {
        locate: 'cart.ts:Cart.add',
        action: 'insert_after',
        text: 'size(): number {\n  return this.items.length;\n}',
      },
      { locate: 'cart.ts:helper', action: 'delete' },
    ]);
    expect(await lineOf(ts.outcomes[1]?.symbols[0]?.locate as string)).toBe('  size(): number {');
    expect(await lineOf('cart.ts:Cart.total@return <|>0')).toBe('    return 0;');
    const go = await previewThenApply([
      {
        locate: 'cart.go:(*Cart).Add',
        action: 'insert_after',
        text: 'func (c *Cart) Len() int {\n\treturn len(c.items)\n}',
      },
      { locate: 'cart.go:helper', action: 'delete' },
    ]);
    expect(await lineOf(go.outcomes[0]?.symbols[0]?.locate as string)).toBe('func (c *Cart) Len() int {');
  });

  it('re-anchors a locate string whose line moved, and says so', async () => {
    const lines = read('cart.py').split('\n');
    const line = lines.findIndex((l) => l.includes('return subtotal')) + 1;
    await previewThenApply([{ locate: 'cart.py:Item', action: 'insert_before', text: 'A = 1\nB = 2' }]);
    const stale = `cart.py:${line}@return subtotal`;
    const result = await call('edit', {
      edits: [{ locate: stale, action: 'replace', text: 'return subtotal or 0' }],
    });
    expect(result.isError, text(result)).toBeFalsy();
    const outcome = (data(result).edits as Outcome[])[0];
    expect(outcome?.reanchored?.detail).toBe('moved 4 lines down');
    expect(text(result)).toContain(`re-anchored: ${stale} →`);
    expect((data(result).changed_lines as string[]).join('\n')).toMatch(
      /^ {2}\d+\+ {9}return subtotal or 0$/m,
    );
  });

  it('refuses syntax errors (UNSAFE_EDIT) and stale fingerprints (FILE_CHANGED)', async () => {
    const broken = await call('edit', {
      edits: [
        {
          locate: 'cart.ts:helper',
          action: 'replace',
          text: 'export function helper(x: number {\n  return x;\n}',
        },
      ],
    });
    expect(errorCode(broken)).toBe('UNSAFE_EDIT');
    const edits = [{ locate: 'cart.ts:helper', action: 'delete' }];
    const preview = await call('edit', { edits });
    await call('edit', { edits: [{ locate: 'cart.ts:emptyCart', action: 'delete' }], apply: true });
    const stale = await call('edit', { edits, apply: true, fingerprint: data(preview).fingerprint });
    expect(errorCode(stale)).toBe('FILE_CHANGED');
  });
});

describeWithServer('pyright', 'edit through MCP, verified by pyright', () => {
  it('verifies before writing: a clean edit reports no new errors, a breaking one is refused without force', async () => {
    const clean = [
      { locate: 'cart.py:Cart.total@return subtotal', action: 'replace', text: 'return round(subtotal, 2)' },
    ];
    const preview = await call('edit', { edits: clean, verify: true });
    expect(preview.isError, text(preview)).toBeFalsy();
    const verification = data(preview).verification as { new_errors: unknown[]; summary: string };
    expect(verification.new_errors).toEqual([]);
    expect(text(preview)).toContain(verification.summary);

    const before = read('cart.py');
    const breaking = [
      {
        locate: 'cart.py:helper',
        action: 'replace',
        text: 'def helper(x):\n    return x.nope_attribute + undefined_name',
      },
    ];
    const checked = await call('edit', { edits: breaking, verify: true });
    expect(checked.isError, text(checked)).toBeFalsy();
    const found = data(checked).verification as { new_errors: { message: string }[] };
    expect(found.new_errors.map((e) => e.message).join('\n')).toContain('undefined_name');
    const refused = await call('edit', { edits: breaking, verify: true, apply: true });
    expect(errorCode(refused)).toBe('UNSAFE_EDIT');
    expect(read('cart.py')).toBe(before);
    const forced = await call('edit', { edits: breaking, verify: true, apply: true, force: true });
    expect(forced.isError, text(forced)).toBeFalsy();
    expect(read('cart.py')).toContain('undefined_name');
  });
});
