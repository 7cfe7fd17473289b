/**
 * MCP protocol robustness (issues 10 and 25) over real stdio: an oversized message, a request with array
 * `params` and a line that is not JSON each get an error reply, and the session keeps answering;
 * a pathological call (a 1M-line file) does not hold up a cheap one sent after it; the inputs that used to
 * stall the server (a backtracking regex, a glob of 3,200 braces or of many stars) get their answer or a
 * coded error, with a `ping` sent after each answered; a client that stops reading does not make the
 * server grow (its memory stays under 400 MB) and gets every answer once it reads again.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BIN, build, scratch } from './support.js';

const ws = scratch({
  'a.py': 'def a():\n    return 1\n',
  'r.py': `x = "${'a'.repeat(27)}!"\n`,
  'many.py': Array.from({ length: 2_000 }, (_, i) => `def f${i}(a, b):\n    return a + b + ${i}\n`).join(
    '\n',
  ),
  'big.py': `${'x = 1\n'.repeat(1_000_000)}def last():\n    return 2\n`,
  'table.py': `def table():\n${Array.from({ length: 30_000 }, (_, i) => `    row_${i} = compute(${i})\n`).join('')}    return 0\n`,
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
});

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
});

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
  // The heavy one is answered, or on a machine too busy to parse 1M lines within the parse cap, refused with a code.
  const heavyText = JSON.stringify(heavyAnswer.result);
  if (!heavyText.includes('"code":"TIMEOUT"')) expect(heavyText).toContain('big.py');
  expect(order).toEqual([11, 10]);
});

function tool(id: number, name: string, args: Record<string, unknown>): void {
  write(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }));
}

const result = (message: Record<string, unknown>) =>
  (message.result as { structuredContent: Record<string, unknown> }).structuredContent;

it.each([
  ['a backtracking regex', 'search', { pattern: 'r.py@(a+)+$', regex: true }, { ok: true, total_hits: 0 }],
  [
    'the same regex that matches',
    'search',
    { pattern: 'r.py@(a+)+!', regex: true },
    { ok: true, total_hits: 1 },
  ],
  [
    'a lookahead (not RE2)',
    'search',
    { pattern: 'r.py@(?=a)', regex: true },
    { error: { code: 'INVALID_ARGUMENT' } },
  ],
  ['3,200 brace groups', 'find_symbol', { query: 'a', path: '{a,b}'.repeat(3_200) }, { ok: true, total: 0 }],
  ['a glob of many stars', 'search', { pattern: `${'*a'.repeat(10)}*b@x` }, { ok: true, total_hits: 0 }],
  ['a workspace glob of braces', 'locate', { locate: `${'{a,b}'.repeat(3_000)}:a` }, { ok: false }],
])('%s: answered, and a ping after it too', async (_name, name, args, expected) => {
  const id = 100 + Math.floor(Math.random() * 1e6);
  const answer = reply(id);
  const pong = reply(id + 1);
  tool(id, name, args);
  write(JSON.stringify({ jsonrpc: '2.0', id: id + 1, method: 'ping' }));
  const answered = await answer;
  // The whole answer in the failure message: a wrong one is diagnosed from the report.
  const said = JSON.stringify(answered).slice(0, 2000);
  expect((await pong).result, said).toEqual({});
  expect(result(answered), said).toMatchObject(expected);
});

it('an edit preview of a 1 MB replacement: pings keep being answered while it is parsed, and its diff is whole', async () => {
  const lines = 40_000;
  const text = `def a():\n${Array.from({ length: lines }, (_, i) => `    v${i} = ${i} * 7\n`).join('')}    return 1\n`;
  expect(text.length).toBeGreaterThan(700_000);
  const id = 500;
  let done = false;
  const answer = reply(id).then((m) => {
    done = true;
    return m;
  });
  tool(id, 'edit', {
    edits: [{ locate: 'a.py:a', action: 'replace', text }],
    detail: 'full',
    full_diff: true,
  });
  // A chain of pings, each sent when the previous one is answered, until the edit answers: a thread held by the
  // parse of the edited text answers none of them until it is done.
  let pongs = 0;
  for (let ping = id + 1; !done; ping++) {
    write(JSON.stringify({ jsonrpc: '2.0', id: ping, method: 'ping' }));
    const pong = await reply(ping);
    expect(pong.result).toEqual({});
    if (!done) pongs++;
  }
  const edited = result(await answer);
  const said = JSON.stringify(edited).slice(0, 2000);
  expect(edited, said).toMatchObject({ ok: true, diff_complete: true });
  const diff = String(edited.diff);
  expect(diff.match(/^@@ /gm)).toHaveLength(1);
  expect(diff.match(/^\+ {4}v\d+ = \d+ \* 7$/gm)).toHaveLength(lines);
  // `return 1` ends both sides: the lines before it are only added.
  expect(diff.match(/^-(?!-- )/gm)).toBeNull();
  expect(pongs, `${pongs} pings answered during the edit`).toBeGreaterThanOrEqual(5);
});

/** A function `name` of `count` body lines `line(i)`, ending `return 0`. */
const fn = (name: string, count: number, line: (i: number) => string): string =>
  `def ${name}():\n${Array.from({ length: count }, (_, i) => line(i)).join('')}    return 0\n`;

it.each([
  ['a function replaced by 1 MB of new lines', 'a.py:a', fn('a', 40_000, (i) => `    v${i} = ${i} * 7\n`), 1],
  // Every tenth line of 30,000 changed in place: the minimal diff runs to its step budget, then lines pair up.
  [
    '30,000 lines rewritten in place',
    'table.py:table',
    fn('table', 30_000, (i) => `    row_${i} = ${i % 10 === 5 ? 'other' : 'compute'}(${i})\n`),
    3_000,
  ],
])(
  'an edit preview (%s) and a ping sent after it: the ping is answered first',
  async (_name, locate, text, hunks) => {
    expect(text.length).toBeGreaterThan(700_000);
    const id = 600 + hunks;
    const order: string[] = [];
    const answer = reply(id).then((m) => (order.push('edit'), m));
    const pong = reply(id + 1).then((m) => (order.push('ping'), m));
    tool(id, 'edit', { edits: [{ locate, action: 'replace', text }], detail: 'full', full_diff: true });
    write(JSON.stringify({ jsonrpc: '2.0', id: id + 1, method: 'ping' }));
    const [edited, ponged] = await Promise.all([answer, pong]);
    expect(ponged.result).toEqual({});
    const said = JSON.stringify(result(edited)).slice(0, 2000);
    expect(result(edited), said).toMatchObject({ ok: true, diff_complete: true });
    expect(String(result(edited).diff).match(/^@@ /gm), said).toHaveLength(hunks);
    expect(order).toEqual(['ping', 'edit']);
  },
);

it('a client that stops reading: the server stops reading too, stays under 400 MB and answers all later', async () => {
  const child = spawn(process.execPath, [BIN, 'mcp', '--root', ws.root]);
  child.stdout.pause();
  const send = (message: Record<string, unknown>) => child.stdin.write(`${JSON.stringify(message)}\n`);
  send({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  // Each request is padded (`_meta`, which tools ignore) so that they overflow the pipe between us.
  const calls = 500;
  const pad = 'x'.repeat(2_000);
  for (let id = 1; id <= calls; id++)
    send({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'outline', arguments: { file_path: 'many.py' }, _meta: { pad } },
    });
  const rss = () =>
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]) * 1024;
  // The server has stopped reading when our requests stay unsent; its memory is sampled meanwhile.
  const samples: number[] = [];
  for (let i = 0; i < 40 && (child.stdin.writableLength === 0 || samples.length < 10); i++) {
    samples.push(rss());
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(child.stdin.writableLength).toBeGreaterThan(0);
  expect(Math.max(...samples)).toBeLessThan(400 * 1024 * 1024);
  let answered = 0;
  createInterface({ input: child.stdout }).on('line', () => answered++);
  child.stdin.end();
  await new Promise((resolve) => child.once('exit', resolve));
  expect(answered).toBe(calls + 1);
});
