/**
 * MCP protocol robustness (issue 10) over real stdio: an oversized message, a request with array
 * `params` and a line that is not JSON each get an error reply, and the session keeps answering;
 * a pathological call (a 1M-line file) does not hold up a cheap one sent after it.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BIN, build, scratch } from './support.js';

const ws = scratch({
  'a.py': 'def a():\n    return 1\n',
  'big.py': `${'x = 1\n'.repeat(1_000_000)}def last():\n    return 2\n`,
});
let server: ChildProcessWithoutNullStreams;
const waiting = new Map<number | string | null, (message: Record<string, unknown>) => void>();
const unmatched: Record<string, unknown>[] = [];

function reply(id: number | string | null): Promise<Record<string, unknown>> {
  const early = unmatched.findIndex((m) => m.id === id);
  if (early >= 0) return Promise.resolve(unmatched.splice(early, 1)[0] as Record<string, unknown>);
  return new Promise((resolve) => waiting.set(id, resolve));
}

function write(text: string): void {
  server.stdin.write(`${text}\n`);
}

beforeAll(async () => {
  await build();
  server = spawn(process.execPath, [BIN, 'mcp', '--root', ws.root]);
  createInterface({ input: server.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as Record<string, unknown>;
    const resolve = waiting.get(message.id as number);
    if (resolve) {
      waiting.delete(message.id as number);
      resolve(message);
    } else unmatched.push(message);
  });
  write(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
  );
  expect((await reply(0)).result).toBeDefined();
  write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
}, 180_000);

afterAll(() => {
  server?.kill();
  ws.cleanup();
});

it('oversized message, array params and non-JSON get error replies; the session goes on', async () => {
  const huge = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'locate', arguments: { locate: `a.py@${'x'.repeat(11 * 1024 * 1024)}` } },
  });
  write(huge);
  const tooBig = await reply(1);
  expect(tooBig.error).toMatchObject({
    code: -32600,
    data: { code: 'LIMIT_EXCEEDED', limit: 'maxMessageBytes' },
  });

  write(
    JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: ['locate', { locate: 'a.py:a' }] }),
  );
  expect((await reply(2)).error).toMatchObject({ code: -32602 });

  write('{"jsonrpc": "2.0", "id": 3, "method": ');
  expect((await reply(null)).error).toMatchObject({ code: -32700 });

  write(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 4,
      method: 'tools/call',
      params: { name: 'locate', arguments: { locate: 'a.py:a' } },
    }),
  );
  const answer = await reply(4);
  expect(JSON.stringify(answer.result)).toContain('a.py');
  expect(server.exitCode).toBeNull();
}, 180_000);

it('a cheap call sent after a pathological one is answered first', async () => {
  const call = (id: number, locate: string): void =>
    write(
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'locate', arguments: { locate } },
      }),
    );
  const order: number[] = [];
  const heavy = reply(10).then((m) => {
    order.push(10);
    return m;
  });
  const cheap = reply(11).then((m) => {
    order.push(11);
    return m;
  });
  call(10, 'big.py:last@return <|>2');
  call(11, 'a.py:a');
  const [heavyAnswer, cheapAnswer] = await Promise.all([heavy, cheap]);
  expect(JSON.stringify(cheapAnswer.result)).toContain('a.py');
  expect(JSON.stringify(heavyAnswer.result)).toContain('big.py');
  expect(order).toEqual([11, 10]);
}, 300_000);
