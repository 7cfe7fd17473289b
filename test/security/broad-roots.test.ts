/**
 * A workspace root that is the filesystem root or the home folder itself is refused (issue 25 §7, docs/security.md
 * "Workspace roots"): a client listing `file:///` as its root gets INVALID_ARGUMENT for every tool, not the
 * contents of `/etc`, while the session itself goes on; `--root /` is the same error (exit 2) for the CLI.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLocusMcpServer, type LocusMcpServer } from '../../src/mcp/server.js';
import { errorCode, text } from '../mcp/support.js';
import { build, locus } from './support.js';

let client: Client;
let server: LocusMcpServer;

beforeAll(async () => {
  await build();
  server = createLocusMcpServer({ log: () => undefined });
  client = new Client({ name: 'broad-roots', version: '1.0.0' }, { capabilities: { roots: {} } });
  client.setRequestHandler(ListRootsRequestSchema, () => ({
    roots: [{ uri: 'file:///', name: 'everything' }],
  }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.mcp.connect(serverSide), client.connect(clientSide)]);
});

afterAll(async () => {
  await client?.close();
  await server?.close();
});

it('MCP: a client root at / is refused for every tool, and the session goes on', async () => {
  for (const call of [
    { name: 'locate', arguments: { locate: 'etc/hostname:1' } },
    { name: 'outline', arguments: { file_path: 'etc/hostname' } },
  ]) {
    const result = await client.callTool(call);
    expect(errorCode(result), text(result)).toBe('INVALID_ARGUMENT');
    expect(text(result)).toMatch(/filesystem root/);
    expect(text(result)).toMatch(/allowBroadRoots/);
  }
  expect(await client.ping()).toEqual({});
});

it('CLI: --root / is INVALID_ARGUMENT, exit 2', () => {
  const run = locus(['locate', 'etc/hostname:1', '--root', '/', '--json']);
  expect(run.code).toBe(2);
  expect(JSON.parse(run.stdout)).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
});
