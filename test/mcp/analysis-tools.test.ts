/**
 * The analysis tools through an SDK client (in memory) on the real servers: diagnostics of a file and a
 * glob, with totals, places and paging instructions.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LocusMcpServer } from '../../src/mcp/server.js';
import { describeWithServer } from '../helpers/require-server.js';
import { connectInMemory, data, errorCode, makeWorkspace, removeDir, text } from './support.js';

let ws: string;
let client: Client;
let server: LocusMcpServer;

beforeAll(async () => {
  ws = makeWorkspace();
  writeFileSync(
    join(ws, 'typescript', 'broken.ts'),
    'export const a: number = "x";\nexport const b = nope;\n',
  );
  writeFileSync(
    join(ws, 'typescript', 'calls.ts'),
    'export function leaf(): number {\n  return 1;\n}\n\nexport function caller(): number {\n  return leaf() + 1;\n}\n',
  );
  writeFileSync(
    join(ws, 'typescript', 'kinds.ts'),
    'export class Base {}\nexport class Derived extends Base {}\n',
  );
  ({ client, server } = await connectInMemory({ root: ws }));
});

afterAll(async () => {
  await client?.close();
  await server?.close();
  removeDir(ws);
});

const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });

describeWithServer('typescript', 'diagnostics tool', () => {
  it('answers a file with places, totals and the way they were obtained', async () => {
    const result = await call('diagnostics', { targets: 'typescript/broken.ts' });
    const body = data(result);
    expect(body.ok, text(result)).toBe(true);
    expect(body.totals).toMatchObject({ files: 1, error: 2 });
    expect(text(result)).toMatch(/typescript\/broken\.ts: 2 errors \(pulled\)/);
    expect(text(result)).toContain("Cannot find name 'nope'");
    const nope = (body.diagnostics as { message: string; locate: string; position: object }[]).find((d) =>
      d.message.includes('nope'),
    );
    const back = data(await call('locate', { locate: nope?.locate }));
    expect(back.position).toEqual(nope?.position);
  });

  it('pages a glob and says how to get the next page', async () => {
    const result = await call('diagnostics', {
      targets: ['typescript/**/*.ts'],
      page_size: 1,
      severity: 'error',
    });
    const body = data(result);
    expect(body.ok, text(result)).toBe(true);
    expect(body.pages).toBe((body.totals as { diagnostics: number }).diagnostics);
    expect(text(result)).toMatch(/More: call `diagnostics` again with the same arguments and `page: 2`/);
  });

  it('refuses a bad severity as a tool error', async () => {
    const result = await call('diagnostics', { targets: 'typescript/broken.ts', severity: 'fatal' });
    expect(result.isError).toBe(true);
    expect(errorCode(result) ?? text(result)).toBeTruthy();
  });
});

describeWithServer('typescript', 'call_hierarchy and type_hierarchy tools', () => {
  it('answers callers compactly: one line and one locate string per caller, call sites by position', async () => {
    const result = await call('call_hierarchy', {
      locate: 'typescript/calls.ts:leaf',
      direction: 'incoming',
    });
    expect(data(result).ok, text(result)).toBe(true);
    expect(text(result)).toContain('Incoming calls (callers), depth 1: 1 item(s)');
    expect(text(result)).toMatch(/^ {2}- function `caller` `typescript\/calls\.ts:caller`$/m);
    expect(text(result)).toMatch(/^ {4}call sites: 6:10$/m);
    expect(text(result)).toContain('`detail: "full"`');
    expect(text(result).split('\n')[0]).toMatch(/^\w+ on typescript\/calls\.ts:\d+:\d+: /);
    // The data is as compact: each place its display and locate string, nothing else.
    const [root] = data(result).items as { children: { place: object; call_sites: object[] }[] }[];
    expect(root?.children[0]?.place).toEqual({
      display: 'typescript/calls.ts:5:17',
      locate: 'typescript/calls.ts:caller',
    });
    expect(Object.keys(root?.children[0]?.call_sites[0] ?? {}).sort()).toEqual(['display', 'locate']);
  });

  it('answers callers in full with call sites, their source lines and locate strings', async () => {
    const result = await call('call_hierarchy', {
      locate: 'typescript/calls.ts:leaf',
      direction: 'incoming',
      detail: 'full',
    });
    expect(text(result)).toContain('locate: `typescript/calls.ts:caller`');
    expect(text(result)).toMatch(/call at typescript\/calls\.ts:6:10/);
    const [root] = data(result).items as {
      children: { place: { snippet?: string; file_path?: string } }[];
    }[];
    expect(root?.children[0]?.place.file_path).toBe('typescript/calls.ts');
    expect(root?.children[0]?.place.snippet).toMatch(/caller/);
  });

  it('answers a type hierarchy the server lacks from implementations, in the same call, and says so', async () => {
    const result = await call('type_hierarchy', {
      locate: 'typescript/kinds.ts@class <|>Base',
      direction: 'subtypes',
    });
    expect(data(result).ok, text(result)).toBe(true);
    expect(data(result).source).toBe('implementations');
    expect(text(result)).toMatch(
      /no type hierarchy: these subtypes come from the classes whose header names it/,
    );
    expect(text(result)).toMatch(/^ {2}- class `Derived` `typescript\/kinds\.ts:Derived`$/m);
  });
});

describeWithServer('typescript', 'rename tool: compact, verified when asked, force to write anyway', () => {
  it('previews compactly without verification and says so; the full form has the diff', async () => {
    const args = { locate: 'typescript/calls.ts:leaf', new_name: 'caller' };
    const preview = await call('rename', args);
    const body = data(preview) as { ok?: boolean; verification?: unknown; diff: string; fingerprint: string };
    expect(body.ok, text(preview)).toBe(true);
    expect(body.verification).toBeUndefined();
    expect(text(preview)).toContain('add `verify: true`');
    // Compact: the changed lines, numbered, without hunk headers or context; the fingerprint to apply with.
    expect(text(preview)).toMatch(/^ {2}1\+ export function caller\(\): number \{$/m);
    expect(text(preview)).not.toContain('@@');
    expect(text(preview)).toMatch(/^typescript\/calls\.ts \(2 edits\)$/m);
    expect(text(preview)).toContain(`Fingerprint: ${body.fingerprint}`);
    // The data is compact too: the changed lines, no diff; the full form carries the diff.
    expect(body.diff).toBeUndefined();
    expect(data(preview).changed_lines).toEqual(
      expect.arrayContaining(['  1+ export function caller(): number {']),
    );
    expect((data(preview).cursor as { snippet?: string }).snippet).toBeUndefined();
    const full = await call('rename', { ...args, detail: 'full' });
    expect(data(full).changed_lines).toBeUndefined();
    expect(text(full)).toContain(data(full).diff as string);
    expect(text(full)).toContain('Cursor: ');
    expect(text(preview).length).toBeLessThan(text(full).length);
  });

  it('verifies when asked, shows safety warnings, refuses apply, writes with force', async () => {
    const args = { locate: 'typescript/calls.ts:leaf', new_name: 'caller' };
    const preview = await call('rename', { ...args, verify: true });
    const body = data(preview) as {
      ok?: boolean;
      verification?: { new_errors: unknown[] };
      warnings?: { kind: string }[];
    };
    expect(body.ok, text(preview)).toBe(true);
    expect(body.verification?.new_errors.length).toBeGreaterThan(0);
    expect(body.warnings?.map((w) => w.kind)).toContain('name-collision');
    expect(text(preview)).toContain('Applying anyway needs `force: true`');
    const before = readFileSync(join(ws, 'typescript', 'calls.ts'), 'utf8');
    const refused = await call('rename', { ...args, apply: true });
    expect(errorCode(refused)).toBe('UNSAFE_EDIT');
    expect(readFileSync(join(ws, 'typescript', 'calls.ts'), 'utf8')).toBe(before);
    const forced = await call('rename', { ...args, apply: true, force: true, verify: false });
    expect(data(forced).applied, text(forced)).toBe(true);
    expect(readFileSync(join(ws, 'typescript', 'calls.ts'), 'utf8')).toContain(
      'function caller(): number {\n  return 1;',
    );
  });
});
