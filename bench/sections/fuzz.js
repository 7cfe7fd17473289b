/**
 * Fuzzing the MCP server (issue 25, "Done when"; docs/security.md, "Fuzzing"): seeded, bounded inputs of five
 * kinds — long locate strings, globs, regular expressions, edit texts and raw MCP lines — sent to one real
 * `locus mcp` over stdio, each followed at once by a `ping`. Counted per kind: answers later than 5 s (hangs), pings later
 * than 1 s (head-of-line blocking), crashes (the server exited, or answered nothing for a minute: it is restarted
 * and the run goes on), and whether every answer was an answer or a coded error. Same seed, same inputs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { int, ms, table } from '../lib/markdown.js';
import { REPO } from '../lib/sources.js';
import { seededRandom } from '../lib/seeded-random.js';
import { now, summarize } from '../lib/stats.js';

const SEED = 25;
const HANG_MS = 5_000;
const PING_MS = 1_000;
/** Past this an input counts as a crash (the server is restarted). */
const CAP_MS = 60_000;

/** The workspace the inputs point at: the regex trap of issue 25, a few functions, a file to edit. */
function workspace() {
  const root = mkdtempSync(path.join(tmpdir(), 'locus-bench-fuzz-'));
  writeFileSync(path.join(root, 'r.py'), `x = "${'a'.repeat(27)}!"\n`);
  const functions = Array.from({ length: 200 }, (_, i) => `def f${i}(a, b):\n    return a + b + ${i}\n`);
  writeFileSync(
    path.join(root, 'a.py'),
    `class A:\n    def m(self):\n        return 1\n\n${functions.join('\n')}`,
  );
  writeFileSync(path.join(root, 'e.py'), 'def f(x):\n    return x + 1\n\n\ndef g():\n    return 2\n');
  return root;
}

/** One `locus mcp` child: requests by id, raw lines, answers timed. */
class Server {
  constructor(root) {
    this.root = root;
    this.waiting = new Map();
    this.nextId = 1;
    this.start();
  }

  start() {
    this.child = spawn(process.execPath, [path.join(REPO, 'bin/locus.js'), 'mcp', '--root', this.root], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    this.exited = false;
    this.child.on('exit', () => {
      this.exited = true;
      for (const resolve of this.waiting.values()) resolve(undefined);
      this.waiting.clear();
    });
    this.child.stdin.on('error', () => undefined);
    let buffer = '';
    this.child.stdout.on('data', (data) => {
      buffer += data.toString();
      for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 1);
        this.take(line);
      }
    });
  }

  take(line) {
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    for (const item of Array.isArray(message) ? message : [message]) {
      const resolve = this.waiting.get(item?.id);
      this.waiting.delete(item?.id);
      resolve?.(item);
    }
  }

  /** Sends a request; resolves to [ms, answer] (answer undefined: no answer within CAP_MS or the server died). */
  async request(method, params) {
    const id = `f${this.nextId++}`;
    const start = now();
    const answered = new Promise((resolve) => {
      this.waiting.set(id, resolve);
      setTimeout(() => resolve(undefined), CAP_MS).unref();
    });
    this.write(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }));
    const answer = await answered;
    this.waiting.delete(id);
    return [now() - start, answer];
  }

  write(line) {
    if (!this.exited) this.child.stdin.write(`${line}\n`);
  }

  async initialize() {
    const [, answer] = await this.request('initialize', {
      protocolVersion: '2025-03-26',
      capabilities: {},
      clientInfo: { name: 'fuzz', version: '1' },
    });
    this.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    return answer !== undefined;
  }

  async restart() {
    this.child.kill('SIGKILL');
    this.start();
    await this.initialize();
  }

  stop() {
    this.child.stdin.end();
    this.child.kill();
  }
}

const pick = (next, items) => items[Math.floor(next() * items.length)];
const times = (next, piece, max) => piece.repeat(1 + Math.floor(next() * max));

/** A run of pieces, each repeated a random number of times, cut at `limit` characters. */
function compose(next, pieces, parts, max, limit) {
  let text = '';
  for (let i = 0; i < parts && text.length < limit; i++) text += times(next, pick(next, pieces), max);
  return text.slice(0, limit);
}

const GLOB_PIECES = [
  '{a,b}',
  '*a',
  '**/',
  '*',
  '?',
  '[a-z]',
  '[!x]',
  '{',
  '}',
  ',',
  '\\',
  '!',
  'a',
  '/',
  '.',
  '{a,{b,{c,d}}}',
];
const REGEX_PIECES = [
  '(a+)+',
  '(a|aa)*',
  '(.*)*',
  '\\1',
  '(?=a)',
  '[',
  '(',
  ')',
  'a{1000}',
  '(?:a|b)*c',
  '\\b\\w+\\b',
  '^',
  '$',
  '.',
  '(a*)*b',
  '\\p{L}+',
  '[^"]*',
  'x?',
];
const LOCATE_PIECES = [
  'a.py',
  ':A.m',
  ':1-2',
  '@',
  '<|>',
  '<',
  '>',
  '|',
  '{a,b}',
  '*a',
  '**/',
  'A.',
  ' ',
  'é',
  '😀',
  '\u0000',
  ':',
  '(*T)',
  '[9]',
];
const TEXT_PIECES = [
  'x = 1\n',
  '    ',
  '\t',
  '\n',
  '\r\n',
  '"""',
  "'",
  '(',
  ')',
  '{',
  '}',
  'é😀',
  '\u0000',
  'def f():\n',
  'a'.repeat(100),
];

/** The inputs of one kind: each a function of the server that resolves to its answer time and answer. */
const KINDS = {
  'locate strings': (next) => {
    const locate = compose(next, LOCATE_PIECES, 12, 400, next() < 0.2 ? 20_000 : 16_000);
    const tool = pick(next, ['locate', 'read_symbol', 'hover']);
    return (server) => server.request('tools/call', { name: tool, arguments: { locate } });
  },
  globs: (next) => {
    const glob = compose(next, GLOB_PIECES, 8, 800, 16_000);
    const toSearch = next() < 0.5;
    return (server) =>
      toSearch
        ? server.request('tools/call', { name: 'search', arguments: { pattern: `${glob}@return` } })
        : server.request('tools/call', { name: 'find_symbol', arguments: { query: 'f', path: glob } });
  },
  regexes: (next) => {
    const find = compose(next, REGEX_PIECES, 10, 60, 8_000);
    return (server) =>
      server.request('tools/call', { name: 'search', arguments: { pattern: `*@${find}`, regex: true } });
  },
  'edit texts': (next, config) => {
    const text = compose(next, TEXT_PIECES, 20, config.fuzzEditChars / 20, config.fuzzEditChars);
    const locate = pick(next, ['e.py:f', 'e.py:g', 'e.py:1-2', 'e.py@return <|>2', 'a.py:A.m']);
    const action = pick(next, ['replace', 'insert_before', 'insert_after']);
    return (server) =>
      server.request('tools/call', {
        name: 'edit',
        arguments: { edits: [{ locate, action, text }], verify: false },
      });
  },
  'MCP lines': (next) => {
    const depth = Math.floor(next() * 100_000);
    const line = pick(next, [
      () => `${'['.repeat(depth)}${']'.repeat(depth)}`,
      () => String(Math.floor(next() * 1e9)),
      () => '[]',
      () => JSON.stringify({ jsonrpc: '2.0', id: 'x'.repeat(depth), method: 'ping' }),
      () => JSON.stringify({ jsonrpc: '2.0', id: 1e300, method: 'tools/call', params: [] }),
      () =>
        JSON.stringify([{ jsonrpc: '2.0', id: 'b1', method: 'ping' }, { jsonrpc: '2.0', method: 'x' }, 7]),
      () =>
        `{"jsonrpc":"2.0","id":"t","method":"tools/call","params":{"name":"locate","arguments":{"locate":"${'a'.repeat(depth)}`,
      () => JSON.stringify({ jsonrpc: '2.0', id: 'i', method: 'initialize', params: {} }),
      () =>
        JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'f1' } }),
      () => compose(next, ['{', '"', ':', ',', '}', '[', ']', 'null', '\\u0000', 'é'], 20, 50, 5_000),
    ])();
    return async (server) => {
      server.write(line);
      // A raw line has no id of ours: the ping after it tells when the server is free again.
      return [0, { raw: true }];
    };
  },
};

/** Sends every input of every kind, each followed by a ping. */
export async function runFuzz(ctx) {
  const root = workspace();
  const server = new Server(root);
  const rows = [];
  try {
    await server.initialize();
    for (const [kind, make] of Object.entries(KINDS)) {
      const next = seededRandom(SEED + kind.length);
      const row = { kind, inputs: 0, answers: [], pings: [], hangs: 0, slowPings: 0, crashes: 0, uncoded: 0 };
      for (let i = 0; i < ctx.config.fuzzInputs; i++) {
        const send = make(next, ctx.config);
        row.inputs++;
        // The ping is written right behind the input: it measures whether the input holds the server up.
        const [[answerMs, answer], [pingMs, pong]] = await Promise.all([
          send(server),
          server.request('ping'),
        ]);
        if (answer === undefined || pong === undefined || server.exited) {
          row.crashes++;
          await server.restart();
          continue;
        }
        if (!answer.raw) row.answers.push(answerMs);
        row.pings.push(pingMs);
        if (answerMs > HANG_MS) row.hangs++;
        if (pingMs > PING_MS) row.slowPings++;
        if (!answer.raw && answer.result === undefined && answer.error?.code === undefined) row.uncoded++;
      }
      rows.push({ ...row, answers: summarize(row.answers), pings: summarize(row.pings) });
    }
  } finally {
    server.stop();
    rmSync(root, { recursive: true, force: true });
  }
  return { seed: SEED, rows };
}

/** Targets: no hang over 5 s, no crash, every ping within 1 s. */
export function fuzzTargets({ rows }) {
  const total = (key) => rows.reduce((sum, row) => sum + row[key], 0);
  const inputs = total('inputs');
  return [
    {
      id: 'fuzz-hangs',
      what: `fuzzed MCP inputs answered later than ${HANG_MS / 1000} s, or crashing the server (${int(inputs)} inputs)`,
      target: '0',
      measured: `${total('hangs')} hangs, ${total('crashes')} crashes`,
      met: total('hangs') === 0 && total('crashes') === 0,
      factor: total('hangs') + total('crashes') + 1,
    },
    {
      id: 'fuzz-pings',
      what: `pings sent right after a fuzzed input answered later than ${PING_MS / 1000} s`,
      target: '0',
      measured: String(total('slowPings')),
      met: total('slowPings') === 0,
      factor: total('slowPings') + 1,
    },
  ];
}

export function renderFuzz({ seed, rows }) {
  return [
    `### Fuzz: hostile MCP inputs (seed ${seed}), each followed by a ping`,
    table(
      [
        'kind',
        'inputs',
        'answer p50',
        'answer max',
        `hangs > ${HANG_MS / 1000} s`,
        'ping max',
        `pings > ${PING_MS / 1000} s`,
        'crashes',
        'uncoded',
      ],
      rows.map((r) => [
        r.kind,
        int(r.inputs),
        r.answers.n ? ms(r.answers.p50) : '—',
        r.answers.n ? ms(r.answers.max) : '—',
        int(r.hangs),
        r.pings.n ? ms(r.pings.max) : '—',
        int(r.slowPings),
        int(r.crashes),
        int(r.uncoded),
      ]),
    ),
  ].join('\n\n');
}
