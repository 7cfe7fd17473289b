/**
 * Several roots are several workspaces: a path under exactly one root goes there, `<root folder>/<path>` names
 * a root when the same path exists under several, an absolute path outside every root is OUTSIDE_WORKSPACE, and
 * `notifications/roots/list_changed` is followed. Offline tools only (no language server).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLocusMcpServer, type LocusMcpServer } from '../../src/mcp/server.js';
import { data, errorCode, removeDir, tempDir, text } from './support.js';

let parent: string;
let front: string;
let back: string;
let client: Client;
let server: LocusMcpServer;
let listed: string[];

beforeAll(async () => {
  parent = tempDir('roots');
  front = join(parent, 'front');
  back = join(parent, 'back');
  for (const [dir, own] of [
    [front, 'def front_only():\n    return 1\n'],
    [back, 'def back_only():\n    return 2\n'],
  ] as const) {
    mkdirSync(join(dir, 'src'), { recursive: true });
    writeFileSync(join(dir, 'src', `${basename(dir)}.py`), own);
    writeFileSync(join(dir, 'src', 'shared.py'), `def shared():\n    return "${basename(dir)}"\n`);
  }
  listed = [front, back];
  server = createLocusMcpServer({ log: () => undefined });
  client = new Client(
    { name: 'roots-test', version: '1.0.0' },
    { capabilities: { roots: { listChanged: true } } },
  );
  client.setRequestHandler(ListRootsRequestSchema, () => ({
    roots: listed.map((dir) => ({ uri: `file://${dir}`, name: basename(dir) })),
  }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.mcp.connect(serverSide), client.connect(clientSide)]);
});

afterAll(async () => {
  await client?.close();
  await server?.close();
  removeDir(parent);
});

const locate = (value: unknown) => client.callTool({ name: 'locate', arguments: { locate: value } });

it('routes a path that exists under one root to that root', async () => {
  expect(await server.roots()).toEqual([front, back]);
  const a = await locate('src/front.py:front_only');
  expect(data(a).ok, text(a)).toBe(true);
  const b = await locate('src/back.py:back_only@return <|>2');
  expect(data(b).ok, text(b)).toBe(true);
  const outline = await client.callTool({ name: 'outline', arguments: { file_path: 'src/back.py' } });
  expect(data(outline).ok, text(outline)).toBe(true);
});

it('asks for the root folder name when a path exists under several roots', async () => {
  const both = await locate('src/shared.py:shared');
  expect(errorCode(both)).toBe('INVALID_LOCATE');
  expect(text(both)).toContain('`front/src/shared.py`');
  expect(text(both)).toContain('`back/src/shared.py`');
  const named = await locate('back/src/shared.py:shared@return <|>"back"');
  expect(data(named).ok, text(named)).toBe(true);
  const object = await locate({ file_path: 'front/src/shared.py', find: 'return <|>"front"' });
  expect(data(object).ok, text(object)).toBe(true);
});

it('an absolute path outside every root is OUTSIDE_WORKSPACE; inside one, it is routed', async () => {
  const outside = await locate(`${join(parent, 'elsewhere.py')}:1`);
  expect(errorCode(outside)).toBe('OUTSIDE_WORKSPACE');
  const inside = await locate(`${join(back, 'src', 'back.py')}:back_only`);
  expect(data(inside).ok, text(inside)).toBe(true);
});

it('follows roots/list_changed', async () => {
  listed = [back];
  await client.sendRootsListChanged();
  const shared = await locate('src/shared.py:shared@return <|>"back"');
  expect(data(shared).ok, text(shared)).toBe(true);
  expect(await server.roots()).toEqual([back]);
  const gone = await locate('src/front.py:front_only');
  expect(errorCode(gone)).toBe('FILE_NOT_FOUND');
});
