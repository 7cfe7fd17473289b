/**
 * The background Locus of the warm CLI (docs/operations.md, "The daemon"): started on first use and shared by the
 * next calls; a private folder and socket; a crashed daemon's socket recovered; another build replaces it; it leaves
 * after its idle period and on `locus daemon stop`; the caller's folder, stdin and configuration apply as in-process.
 * Every daemon these tests start lives in a temp folder of its own and is stopped at the end. (The command-line
 * tests themselves run through a daemon too: their `.daemon.test.ts` variants, test/helpers/cli-mode.ts.)
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../mcp/support.js';
import { eventually, isAlive } from '../lsp/support.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(REPO, 'bin/locus.js');
const base = mkdtempSync(path.join(tmpdir(), 'locus-daemon-test-'));
const daemons = path.join(base, 'daemons');
const root = path.join(base, 'ws');

function environment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOCUS_DAEMON_DIR: daemons,
    LOCUS_DAEMON_IDLE: '120',
    ...extra,
  };
  delete env.LOCUS_NO_DAEMON;
  for (const [name, value] of Object.entries(extra)) if (value === undefined) delete env[name];
  return env;
}

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function locus(args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; input?: string } = {}): Run {
  const run = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    cwd: options.cwd ?? root,
    env: options.env ?? environment(),
    timeout: 120_000,
    ...(options.input === undefined ? {} : { input: options.input }),
  });
  return { code: run.status, signal: run.signal, stdout: run.stdout, stderr: run.stderr };
}

/** What `locus daemon status --json` says about the daemon of the current workspace (undefined: none). */
function daemonOf(
  env = environment(),
  cwd = root,
): { pid: number; calls: number; build: string } | undefined {
  const run = locus(['daemon', 'status', '--json'], { env, cwd });
  const body = JSON.parse(run.stdout) as { daemons: { pid: number; calls: number; build: string }[] };
  return body.daemons[0];
}

/**
 * A run with the index's work counters set aside: `from_cache` and `parsed` say what the answering process did (a
 * warm daemon's index parses nothing), the one part of an answer that depends on where it was made.
 */
function sameWork(run: Run): Run {
  return {
    ...run,
    stdout: run.stdout.replace(/"from_cache":\d+,"parsed":\d+/g, '"from_cache":0,"parsed":0'),
  };
}

/** The facts files (one per listening daemon) in the daemons' folder. */
function factsFiles(): string[] {
  return existsSync(daemons) ? readdirSync(daemons).filter((f) => f.endsWith('.json')) : [];
}

function sockets(): string[] {
  return existsSync(daemons) ? readdirSync(daemons).filter((f) => f.endsWith('.sock')) : [];
}

beforeAll(async () => {
  await ensureBuilt();
  cpSync(path.join(REPO, 'test/fixtures/cli'), root, { recursive: true });
});

afterAll(() => {
  locus(['daemon', 'stop', '--all']);
  rmSync(base, { recursive: true, force: true });
});

describe('the warm CLI', () => {
  it('starts on first use, answers the next calls from the same process, exactly as in-process', () => {
    const calls = [
      ['locate', 'src/cart.py:Cart.total@return <|>subtotal', '--json'],
      ['locate', 'src/cart.py:Cart.total'],
      ['locate', 'src/cart.py:Cart.nope'],
      ['locate', 'src/cart.py:10-', '--json'],
      ['outline', 'src/cart.py'],
      ['describe', 'src/cart.py:11:9', '--json'],
      ['symbols', 'total', '--json'],
      ['search', '*@return <|>', '--json'],
      ['source', 'Cart.total'],
      ['locate', '--bogus'],
      ['frobnicate'],
    ];
    expect(daemonOf()).toBeUndefined();
    const warm = calls.map((args) => locus(args));
    const daemon = daemonOf();
    expect(daemon?.calls).toBe(calls.length - 1); // an unknown command never reaches it
    for (const [i, args] of calls.entries()) {
      const cold = locus([...(args as string[]), '--no-daemon']);
      expect(sameWork(warm[i] as Run), args.join(' ')).toEqual(sameWork(cold));
    }
    expect(daemonOf()?.pid).toBe(daemon?.pid);
  });

  it('lives in a folder and behind a socket only its user can use', () => {
    locus(['locate', 'src/cart.py:Cart.total']);
    expect(statSync(daemons).mode & 0o777).toBe(0o700);
    const [socket] = sockets();
    expect(statSync(path.join(daemons, socket as string)).mode & 0o777).toBe(0o600);
  });

  it('runs in-process when its folder is open to other users', () => {
    const open = path.join(base, 'open-daemons');
    mkdirSync(open, { mode: 0o755 });
    chmodSync(open, 0o755);
    const env = environment({ LOCUS_DAEMON_DIR: open });
    const run = locus(['locate', 'src/cart.py:Cart.total', '--json'], { env });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, symbol: { path: 'Cart.total' } });
    expect(readdirSync(open)).toEqual([]);
    expect(locus(['daemon', 'status'], { env }).stdout).toMatch(
      /off for this workspace \(.*open to other users/,
    );
  });

  it('recovers the socket of a daemon that crashed', async () => {
    locus(['locate', 'src/cart.py:Cart.total']);
    const crashed = daemonOf()?.pid as number;
    process.kill(crashed, 'SIGKILL');
    expect(await eventually(() => !isAlive(crashed))).toBe(true);
    expect(sockets().length).toBeGreaterThan(0); // left behind
    const run = locus(['locate', 'src/cart.py:Cart.total', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const next = daemonOf()?.pid;
    expect(next).toBeDefined();
    expect(next).not.toBe(crashed);
  });

  it('is replaced when a client of another build asks', () => {
    locus(['locate', 'src/cart.py:Cart.total']);
    const before = daemonOf();
    const other = environment({ LOCUS_DAEMON_BUILD_ID: 'another-build' });
    const run = locus(['locate', 'src/cart.py:Cart.total', '--json'], { env: other });
    expect(run.code, run.stderr).toBe(0);
    const after = daemonOf(other);
    expect(after?.build).toBe('another-build');
    expect(after?.pid).not.toBe(before?.pid);
    expect(locus(['locate', 'src/cart.py:Cart.total']).code).toBe(0); // and back
    expect(daemonOf()?.build).toBe(before?.build);
  });

  it('leaves after its idle period, and on `locus daemon stop`', async () => {
    const env = environment({ LOCUS_DAEMON_IDLE: '3' });
    const before = new Set(factsFiles());
    locus(['locate', 'src/cart.py:Cart.total'], { env });
    // Its facts file, read at once: on a loaded machine it may leave before a `daemon status` process starts.
    const added = factsFiles().filter((file) => !before.has(file));
    expect(added).toHaveLength(1);
    const idle = (JSON.parse(readFileSync(path.join(daemons, added[0] as string), 'utf8')) as { pid: number })
      .pid;
    expect(await eventually(() => !isAlive(idle))).toBe(true);
    expect(daemonOf(env)).toBeUndefined();
    locus(['locate', 'src/cart.py:Cart.total']);
    const running = daemonOf()?.pid as number;
    expect(locus(['daemon', 'stop']).stdout).toMatch(new RegExp(`stopped pid ${running}`));
    expect(isAlive(running)).toBe(false);
    expect(daemonOf()).toBeUndefined();
  });

  it("takes the caller's folder: a relative --root, a relative check file", () => {
    const sub = path.join(root, 'src');
    writeFileSync(path.join(sub, 'lines.jsonl'), '{"locate": "src/cart.py:Cart.total", "id": 7}\n');
    const viaDaemon = locus(['check', 'lines.jsonl', '--root', '..'], { cwd: sub });
    expect(viaDaemon.code, viaDaemon.stderr).toBe(0);
    expect(JSON.parse(viaDaemon.stdout)).toMatchObject({ ok: true, id: 7, symbol: { path: 'Cart.total' } });
    expect(viaDaemon).toEqual(locus(['check', 'lines.jsonl', '--root', '..', '--no-daemon'], { cwd: sub }));
  });

  it('streams `check`: each answer comes before the next line is written', async () => {
    const child = spawn(process.execPath, [BIN, 'check'], { cwd: root, env: environment() });
    const answers: string[] = [];
    let buffered = '';
    let wake: () => void = () => undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      answers.push(...lines);
      wake();
    });
    const next = (count: number) =>
      new Promise<void>((resolve) => {
        wake = () => answers.length >= count && resolve();
        wake();
      });
    for (let id = 1; id <= 3; id++) {
      child.stdin.write(`${JSON.stringify({ locate: 'src/cart.py:Cart.total', id })}\n`);
      await next(id);
      expect(JSON.parse(answers[id - 1] as string)).toMatchObject({ ok: true, id });
    }
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
  });

  it("reads `edit --file -` from the caller's stdin", () => {
    const args = ['edit', 'src/cart.py:TAX', '--replace', '--file', '-', '--json'];
    const viaDaemon = locus(args, { input: 'TAX = 0.25\n' });
    expect(viaDaemon.code, viaDaemon.stderr).toBe(0);
    expect(viaDaemon.stdout).toContain('0.25');
    expect(viaDaemon).toEqual(locus([...args, '--no-daemon'], { input: 'TAX = 0.25\n' }));
  });

  it('reads the configuration again when it changes, and takes --trust per call', () => {
    const config = path.join(root, 'locus.config.json');
    const warning = /ignoring languages\.python\.command in .*locus\.config\.json/;
    try {
      writeFileSync(config, JSON.stringify({ languages: { python: { command: '/bin/false' } } }));
      const untrusted = locus(['locate', 'src/cart.py:Cart.total']);
      expect(untrusted.stderr).toMatch(warning);
      expect(locus(['locate', 'src/cart.py:Cart.total', '--trust']).stderr).not.toMatch(warning);
      expect(locus(['locate', 'src/cart.py:Cart.total']).stderr).toMatch(warning);
      writeFileSync(config, JSON.stringify({ limits: { maxLocateLength: 5 } }));
      const limited = locus(['locate', 'src/cart.py:Cart.total', '--json']);
      expect(JSON.parse(limited.stdout)).toMatchObject({ ok: false, error: { code: 'LIMIT_EXCEEDED' } });
      expect(limited).toEqual(locus(['locate', 'src/cart.py:Cart.total', '--json', '--no-daemon']));
    } finally {
      rmSync(config, { force: true });
    }
    expect(locus(['locate', 'src/cart.py:Cart.total']).stderr).toBe('');
  });

  it('answers a change on disk at once (its watcher, not a stale index)', () => {
    const file = path.join(root, 'src/fresh.py');
    writeFileSync(file, 'def first_name():\n    return 1\n');
    expect(JSON.parse(locus(['symbols', 'first_name', '--json']).stdout)).toMatchObject({ total: 1 });
    writeFileSync(file, 'def second_name():\n    return 2\n');
    expect(JSON.parse(locus(['symbols', 'first_name', '--json']).stdout)).toMatchObject({ total: 0 });
    expect(locus(['locate', 'second_name', '--json']).stdout).toContain('"file_path":"src/fresh.py"');
    rmSync(file);
    expect(JSON.parse(locus(['symbols', 'second_name', '--json']).stdout)).toMatchObject({ total: 0 });
    expect(readFileSync(path.join(root, 'src/cart.py'), 'utf8')).toContain('class Cart');
  });
});
