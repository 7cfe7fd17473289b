/**
 * Long calls through the SDK client, with python served by the scripted fake server (a hang and a slow project
 * load on demand): a cancelled tool call sends `$/cancelRequest` and leaves no request running; a cancelled
 * rename with `apply: true` writes nothing; a cold start reports progress (start, the server's own loading
 * percentages, ready); the logging capability reports the server's start.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { LoggingMessageNotificationSchema, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, expect, it } from 'vitest';
import type { RequestContext } from '../../src/mcp/protocol.js';
import { hoverTool } from '../../src/mcp/tools/hover.js';
import { callTool } from '../../src/mcp/tools/index.js';
import { createLocus } from '../../src/ops/locus.js';
import type { LocusMcpServer } from '../../src/mcp/server.js';
import { connectInMemory, data, eventually, FAKE_SERVER, removeDir, tempDir, text } from './support.js';

const SOURCE = 'def slow():\n    return slow()\n';
const cleanup: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

interface FakeEvent {
  pid: number;
  event: string;
  method?: string;
  id?: number;
}

/** A workspace whose python server is the fake with `flags`; returns its dir and the fake's log reader. */
function workspace(...flags: string[]): { ws: string; events: () => FakeEvent[] } {
  const ws = tempDir('cancel');
  mkdirSync(join(ws, 'py'));
  writeFileSync(join(ws, 'py', 'app.py'), SOURCE);
  const log = join(ws, 'python.log');
  const config = {
    requestTimeoutMs: 120_000,
    languages: {
      python: { server: 'pyright', command: process.execPath, args: [FAKE_SERVER, `--log=${log}`, ...flags] },
    },
  };
  writeFileSync(join(ws, 'locus.config.json'), JSON.stringify(config));
  cleanup.push(async () => removeDir(ws));
  const events = () =>
    existsSync(log)
      ? readFileSync(log, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as FakeEvent)
      : [];
  return { ws, events };
}

async function connect(ws: string): Promise<{ client: Client; server: LocusMcpServer }> {
  // trust: the config names the fake server's command, which an untrusted workspace may not (docs/configuration.md).
  const session = await connectInMemory({ root: ws, locus: { trust: true } });
  cleanup.push(async () => {
    await session.client.close();
    await session.server.close();
  });
  return session;
}

const requestOf = (events: FakeEvent[], method: string) =>
  events.find((e) => e.event === 'request' && e.method === method);

it('an MCP cancel reaches the server as $/cancelRequest and the server stays usable', async () => {
  const once = tempDir('once');
  cleanup.push(async () => removeDir(once));
  const { ws, events } = workspace(
    '--hang-on=textDocument/hover',
    '--ready-after=10',
    `--once=${join(once, 'f')}`,
  );
  const { client } = await connect(ws);
  const controller = new AbortController();
  const pending = client
    .callTool({ name: 'hover', arguments: { locate: 'py/app.py:slow@return <|>slow' } }, undefined, {
      signal: controller.signal,
      timeout: 600_000,
    })
    .then(
      () => 'answered',
      (error: Error) => `rejected: ${error.message}`,
    );
  expect(await eventually(() => requestOf(events(), 'textDocument/hover') !== undefined)).toBe(true);
  controller.abort('test cancels');
  expect(await pending).toMatch(/^rejected/);
  const hoverId = requestOf(events(), 'textDocument/hover')?.id;
  expect(
    await eventually(() => events().some((e) => e.event === 'cancel' && e.id === hoverId)),
    'no $/cancelRequest for the hover',
  ).toBe(true);
  // The fault fired once; the same server answers the next hover (it was not killed).
  const again = await client.callTool({
    name: 'hover',
    arguments: { locate: 'py/app.py:slow@return <|>slow' },
  });
  expect(again.isError, text(again)).toBeFalsy();
  expect(events().filter((e) => e.event === 'start')).toHaveLength(1);
});

it('a cancelled rename with apply answers CANCELLED and touches no file', async () => {
  const { ws, events } = workspace('--hang-on=textDocument/rename', '--ready-after=10');
  const locus = createLocus({ root: ws, trust: true });
  cleanup.push(() => locus.close());
  const controller = new AbortController();
  const pending = locus.rename('py/app.py:slow', 'quick', { apply: true, signal: controller.signal });
  expect(await eventually(() => requestOf(events(), 'textDocument/rename') !== undefined)).toBe(true);
  controller.abort();
  const result = await pending;
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.error.code).toBe('CANCELLED');
  expect(readFileSync(join(ws, 'py', 'app.py'), 'utf8')).toBe(SOURCE);
  const renameId = requestOf(events(), 'textDocument/rename')?.id;
  expect(await eventually(() => events().some((e) => e.event === 'cancel' && e.id === renameId))).toBe(true);
  // Cancelled before it starts: no request at all, nothing written.
  const before = events().length;
  const early = new AbortController();
  early.abort();
  const refused = await locus.rename('py/app.py:slow', 'quick', { apply: true, signal: early.signal });
  expect(refused.ok).toBe(false);
  if (!refused.ok) expect(refused.error.code).toBe('CANCELLED');
  expect(
    events()
      .slice(before)
      .filter((e) => e.event === 'request'),
  ).toEqual([]);
  expect(readFileSync(join(ws, 'py', 'app.py'), 'utf8')).toBe(SOURCE);
});

it('the tool itself answers CANCELLED (what a client still listening would read)', async () => {
  const { ws, events } = workspace('--hang-on=textDocument/hover', '--ready-after=10');
  const locus = createLocus({ root: ws, trust: true });
  cleanup.push(() => locus.close());
  const controller = new AbortController();
  const extra: RequestContext = { signal: controller.signal, notify: async () => undefined };
  const pending = callTool(
    hoverTool,
    { locate: 'py/app.py:slow@return <|>slow' },
    async (args) => ({ locus, args }),
    () => undefined,
    extra,
  );
  expect(await eventually(() => requestOf(events(), 'textDocument/hover') !== undefined)).toBe(true);
  controller.abort();
  const result = await pending;
  expect(result.isError).toBe(true);
  expect(text(result)).toMatch(/^error CANCELLED: /);
});

it('a cold start reports progress: starting, the server’s loading percentages, ready', async () => {
  const { ws } = workspace('--ready-after=300', '--load-progress');
  const { client } = await connect(ws);
  const seen: Progress[] = [];
  const result = await client.callTool(
    { name: 'references', arguments: { locate: 'py/app.py:slow' } },
    undefined,
    { onprogress: (progress) => seen.push(progress), timeout: 600_000 },
  );
  expect(result.isError, text(result)).toBeFalsy();
  const messages = seen.map((p) => p.message ?? '');
  // The fake server is a configured command: named after it, not after pyright (the adapter it stands in for).
  expect(messages[0]).toMatch(/^starting python server \(/);
  expect(messages.some((m) => /Loading project \(1\/2 files\)/.test(m))).toBe(true);
  expect(messages.some((m) => /ready/.test(m))).toBe(true);
  const values = seen.map((p) => p.progress);
  expect(values).toEqual([...values].sort((a, b) => a - b));
  expect(new Set(values).size).toBe(values.length);
});

it('logs server starts to the client at the level it sets, and nothing below it', async () => {
  const { ws } = workspace('--ready-after=10');
  const { client } = await connect(ws);
  const logged: { level: string; data: unknown }[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logged.push(n.params));
  await client.setLoggingLevel('warning');
  await client.callTool({ name: 'hover', arguments: { locate: 'py/app.py:slow@return <|>slow' } });
  expect(logged.filter((l) => l.level === 'info')).toEqual([]);
  await client.setLoggingLevel('info');
  const second = await connect(workspace('--ready-after=10').ws);
  const secondLog: string[] = [];
  second.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    secondLog.push(String(n.params.data));
  });
  await second.client.setLoggingLevel('info');
  const hover = await second.client.callTool({
    name: 'hover',
    arguments: { locate: 'py/app.py:slow@return <|>slow' },
  });
  expect(data(hover).ok, text(hover)).toBe(true);
  expect(secondLog.some((line) => /^starting python server \(/.test(line))).toBe(true);
  expect(secondLog.some((line) => /python server \(.*\) started \(pid \d+\)/.test(line))).toBe(true);
});
