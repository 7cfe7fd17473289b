/**
 * The MCP session fed raw lines (issue 25 §5; the SDK client cannot send most of them): every line that is not a
 * valid message is answered with a coded JSON-RPC error, the lifecycle is followed (nothing but `ping` before
 * `initialize`, one `initialize`), batches are served in 2025-03-26 only, a duplicate in-flight id is refused, and
 * a last line without a newline is still read. Each row writes its lines to a fresh server through the real stdio
 * transport (streams in memory), ends the input and compares every line the server wrote.
 */
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_BACKLOG, MAX_RUNNING } from '../../src/mcp/flow.js';
import { GuardedStdioTransport } from '../../src/mcp/guarded-stdio.js';
import { createLocusMcpServer } from '../../src/mcp/server.js';
import { removeDir, tempDir } from './support.js';

const root = tempDir('raw');
afterAll(() => removeDir(root));

const init = (id: number, version = '2025-06-18') =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
const INITIALIZED = '{"jsonrpc":"2.0","method":"notifications/initialized"}';
const ping = (id: unknown) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });
const call = (id: number) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'outline', arguments: { file_path: 'a.py' } },
  });
const slow = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'test/slow' });
const RELEASE = '{"jsonrpc":"2.0","method":"test/release"}';
const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;

type Reply = Record<string, unknown>;
const ok = (id: unknown) => ({ id, result: expect.any(Object) });
const err = (id: unknown, code: number, message: RegExp = /./) => ({
  id,
  error: { code, message: expect.stringMatching(message) },
});
const initialized = (version = '2025-06-18') => ({
  id: 0,
  result: expect.objectContaining({ protocolVersion: version }),
});

/** Writes `lines` (joined by newlines, the last one without), ends the input, returns every message written. */
async function exchange(lines: string[], maxMessageBytes?: number): Promise<Reply[]> {
  const input = new PassThrough();
  const output = new PassThrough();
  const server = createLocusMcpServer({ root, log: () => undefined });
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  server.mcp.setRequestHandler('test/slow', async () => {
    await released;
    return { slow: true };
  });
  server.mcp.setNotificationHandler('test/release', () => release());
  const closed = new Promise<void>((resolve) => (server.mcp.onclose = resolve));
  await server.mcp.connect(new GuardedStdioTransport(input, output, maxMessageBytes));
  input.end(lines.join('\n'));
  await closed;
  await server.close();
  return (
    output
      .read()
      ?.toString()
      .split('\n')
      .filter((line: string) => line !== '')
      .map((line: string) => JSON.parse(line) as Reply) ?? []
  );
}

function matches(actual: unknown, want: unknown): boolean {
  try {
    expect(actual).toMatchObject(want as object);
    return true;
  } catch {
    return false;
  }
}

const ROWS: [string, string[], unknown[], number?][] = [
  ['a tools/call before initialize', [call(1)], [err(1, -32600, /not initialized/)]],
  ['ping before initialize', [ping(1)], [ok(1)]],
  ['a notification before initialize', [INITIALIZED, ping(1)], [ok(1)]],
  [
    'a second initialize',
    [init(0), INITIALIZED, init(1, '2025-03-26')],
    [initialized(), err(1, -32600, /already initialized/)],
  ],
  ['`42`', [init(0), '42'], [initialized(), err(null, -32600, /not a JSON object/)]],
  ['`"text"` and `null`', [init(0), '"text"', 'null'], [initialized(), err(null, -32600), err(null, -32600)]],
  ['an empty batch', [init(0), '[]'], [initialized(), err(null, -32600, /empty batch/)]],
  ['not JSON', [init(0), '{"jsonrpc": "2.0", "id": 3, "method": '], [initialized(), err(null, -32700)]],
  [
    'array params',
    [init(0), '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":["outline"]}'],
    [initialized(), err(2, -32602)],
  ],
  ['a null id', [init(0), ping(null)], [initialized(), err(null, -32600, /`id`/)]],
  ['a fractional id', [init(0), ping(1.5)], [initialized(), err(null, -32600, /`id`/)]],
  [
    'jsonrpc 1.0',
    [init(0), '{"jsonrpc":"1.0","id":4,"method":"ping"}'],
    [initialized(), err(4, -32600, /"2.0"/)],
  ],
  [
    'a method that is not a string',
    [init(0), '{"jsonrpc":"2.0","id":4,"method":7}'],
    [initialized(), err(4, -32600, /`method`/)],
  ],
  [
    'an unknown method',
    [init(0), '{"jsonrpc":"2.0","id":4,"method":"resources/list"}'],
    [initialized(), err(4, -32601)],
  ],
  [
    'a response nobody waits for',
    [init(0), '{"jsonrpc":"2.0","id":"x","result":{}}', ping(1)],
    [initialized(), ok(1)],
  ],
  [
    'a response without result',
    [init(0), '{"jsonrpc":"2.0","id":"x"}'],
    [initialized(), err(null, -32600, /no `result`/)],
  ],
  [
    'a batch in 2025-06-18',
    [init(0), `[${ping(1)},${ping(2)}]`],
    [initialized(), err(null, -32600, /2025-03-26/)],
  ],
  [
    'a batch in 2025-03-26',
    [init(0, '2025-03-26'), INITIALIZED, `[${ping(1)},${INITIALIZED},${ping(2)}]`],
    [initialized('2025-03-26'), [ok(1), ok(2)]],
  ],
  [
    'a batch of notifications only',
    [init(0, '2025-03-26'), `[${INITIALIZED}]`, ping(1)],
    [initialized('2025-03-26'), ok(1)],
  ],
  [
    'initialize inside a batch',
    [init(0, '2025-03-26'), `[${init(1, '2025-03-26')},${ping(2)}]`],
    [initialized('2025-03-26'), [err(1, -32600, /batch/), ok(2)]],
  ],
  ['a batch before initialize', [`[${ping(1)}]`], [err(null, -32600, /not initialized/)]],
  ['a 100 k deep array (2025-06-18)', [init(0), deep], [initialized(), err(null, -32600)]],
  [
    'a 100 k deep array (2025-03-26)',
    [init(0, '2025-03-26'), deep],
    [initialized('2025-03-26'), [err(null, -32600, /not a JSON object/)]],
  ],
  [
    'a duplicate id in flight',
    [init(0), slow(5), slow(5), RELEASE],
    [initialized(), err(5, -32600, /already in use/), ok(5)],
  ],
  [
    'an oversized line',
    [init(0), `{"jsonrpc":"2.0","id":9,"method":"ping","params":{"x":"${'y'.repeat(2_000)}"}}`],
    [initialized(), { id: 9, error: { code: -32600, data: { code: 'LIMIT_EXCEEDED' } } }],
    1_000,
  ],
  ['a last line without a newline', [init(0), INITIALIZED, ping('last')], [initialized(), ok('last')]],
];

describe('raw lines to the MCP server', () => {
  // Answers may come in any order (JSON-RPC does not order them): each expected one must match a distinct reply.
  it.each(ROWS)('%s', async (_name, lines, expected, maxBytes) => {
    const replies = await exchange(lines, maxBytes);
    expect(replies).toHaveLength(expected.length);
    const unmatched = expected.filter((want) => {
      const at = replies.findIndex((reply) => matches(reply, want));
      if (at >= 0) replies.splice(at, 1);
      return at < 0;
    });
    expect({ unmatched, left: replies }).toEqual({ unmatched: [], left: [] });
  });
});

describe('backpressure', () => {
  it('runs at most MAX_RUNNING calls, stops reading at MAX_BACKLOG, and answers every call once they finish', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const server = createLocusMcpServer({ root, log: () => undefined });
    let started = 0;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    server.mcp.setRequestHandler('test/slow', async () => {
      started++;
      await released;
      return {};
    });
    const closed = new Promise<void>((resolve) => (server.mcp.onclose = resolve));
    await server.mcp.connect(new GuardedStdioTransport(input, output));
    const calls = Array.from({ length: 300 }, (_, i) => slow(i + 1));
    input.write(`${[init(0), INITIALIZED, ping('p'), ...calls, ping('q')].join('\n')}\n`);
    for (let i = 0; i < 100 && started < MAX_RUNNING; i++) await new Promise((r) => setImmediate(r));
    // Reading stopped with the backlog full: the ping after the 300 calls waits, the one before did not.
    const early = output.read()?.toString() ?? '';
    expect(started).toBe(MAX_RUNNING);
    expect(input.isPaused()).toBe(true);
    expect(early).toContain('"id":"p"');
    expect(early).not.toContain('"id":"q"');
    release();
    input.end();
    await closed;
    await server.close();
    const answers = `${early}${output.read()?.toString() ?? ''}`.split('\n').filter((line) => line !== '');
    expect(started).toBe(300);
    expect(answers).toHaveLength(303);
    expect(MAX_BACKLOG).toBeGreaterThan(MAX_RUNNING);
  });
});
