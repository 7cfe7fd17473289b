/**
 * The protocol layer (src/mcp/protocol.ts, docs/mcp.md "Protocol") driven with raw JSON-RPC messages over the
 * SDK's in-memory transport: the handshake's version negotiation, ping, unknown methods, log levels,
 * cancellation, and a request to the client answered or timed out.
 */
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { McpSession } from '../../src/mcp/protocol.js';

type Message = Record<string, unknown>;

async function connected(setup?: (session: McpSession) => void, initialized = false) {
  const session = new McpSession(
    { name: 'locus', version: '0.0.0' },
    { capabilities: { tools: {}, logging: {} }, instructions: 'hi' },
  );
  setup?.(session);
  const [client, server] = InMemoryTransport.createLinkedPair();
  const received: Message[] = [];
  client.onmessage = (message) => void received.push(message as unknown as Message);
  await session.connect(server);
  await client.start();
  const send = (message: Message) => client.send(message as unknown as JSONRPCMessage);
  if (initialized) {
    await send(initialize(0, '2025-06-18'));
    await send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }
  const reply = async (id: unknown): Promise<Message> => {
    for (let i = 0; i < 200; i++) {
      const found = received.find((m) => m.id === id && m.method === undefined);
      if (found) return found;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error(`no reply to ${String(id)}`);
  };
  closers.push(() => client.close());
  return { session, send, reply, received };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const initialize = (id: number, protocolVersion: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: { roots: {} }, clientInfo: { name: 't', version: '1' } },
});

describe('the MCP protocol layer', () => {
  it('answers initialize with the client’s version when supported, else the newest', async () => {
    const { send, reply, session } = await connected();
    await send(initialize(1, '2025-06-18'));
    expect(await reply(1)).toMatchObject({
      result: {
        protocolVersion: '2025-06-18',
        serverInfo: { name: 'locus' },
        capabilities: { tools: {}, logging: {} },
        instructions: 'hi',
      },
    });
    expect(session.getClientCapabilities()).toEqual({ roots: {} });
    const other = await connected();
    await other.send(initialize(2, '1999-01-01'));
    expect(((await other.reply(2)).result as Message).protocolVersion).toBe('2025-11-25');
  });

  it('answers ping, and Method not found for anything unknown', async () => {
    const { send, reply } = await connected(undefined, true);
    await send({ jsonrpc: '2.0', id: 'p', method: 'ping' });
    expect(await reply('p')).toMatchObject({ result: {} });
    await send({ jsonrpc: '2.0', id: 9, method: 'resources/list' });
    expect(await reply(9)).toMatchObject({ error: { code: -32601 } });
  });

  it('drops log messages below the level the client set, and refuses an unknown level', async () => {
    const { send, reply, session, received } = await connected(undefined, true);
    await send({ jsonrpc: '2.0', id: 1, method: 'logging/setLevel', params: { level: 'warning' } });
    await reply(1);
    await session.sendLoggingMessage({ level: 'info', data: 'quiet' });
    await session.sendLoggingMessage({ level: 'error', data: 'loud' });
    const logged = received.filter((m) => m.method === 'notifications/message').map((m) => m.params);
    expect(logged).toEqual([{ level: 'error', data: 'loud' }]);
    await send({ jsonrpc: '2.0', id: 2, method: 'logging/setLevel', params: { level: 'shouting' } });
    expect(await reply(2)).toMatchObject({ error: { code: -32602 } });
  });

  it('aborts a cancelled request and sends no answer to it', async () => {
    let aborted = false;
    const { send, reply, received } = await connected(
      (session) =>
        session.setRequestHandler('slow', (_params, context) => {
          return new Promise((resolve) =>
            context.signal.addEventListener('abort', () => {
              aborted = true;
              resolve({ late: true });
            }),
          );
        }),
      true,
    );
    await send({ jsonrpc: '2.0', id: 5, method: 'slow' });
    await send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 5 } });
    await send({ jsonrpc: '2.0', id: 6, method: 'ping' });
    await reply(6);
    expect(aborted).toBe(true);
    expect(received.some((m) => m.id === 5)).toBe(false);
  });

  it('asks the client for its roots and reads the answer; a client that never answers times out', async () => {
    const { session, send, received } = await connected();
    const asked = session.listRoots(undefined, { timeout: 600_000 });
    for (let i = 0; i < 100 && !received.some((m) => m.method === 'roots/list'); i++)
      await new Promise((resolve) => setImmediate(resolve));
    const request = received.find((m) => m.method === 'roots/list');
    await send({ jsonrpc: '2.0', id: request?.id, result: { roots: [{ uri: 'file:///w' }] } });
    expect(await asked).toEqual({ roots: [{ uri: 'file:///w' }] });
    await expect(session.listRoots(undefined, { timeout: 1 })).rejects.toThrow(/timed out: roots\/list/);
  });
});
