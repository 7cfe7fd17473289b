/**
 * Lifecycle: idle shutdown, and no server outliving Locus — neither when Locus is SIGTERMed (its handlers kill the
 * process groups) nor when it is SIGKILLed (servers notice stdin EOF, or bash-language-server's processId watchdog
 * fires within about 3 s).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LspManager } from '../../src/lsp/manager.js';
import type { Session } from '../../src/lsp/session.js';
import { sweepStaleTmpDirs } from '../../src/lsp/server-process.js';
import { serverStatus } from '../helpers/require-server.js';
import { buildLspForChild } from './child-build.js';
import {
  eventually,
  FAKE_SERVER,
  fixtureProject,
  isAlive,
  processesInGroup,
  REPO,
  removeDir,
} from './support.js';

describe('idle shutdown', () => {
  it('stops an idle server after the configured time and starts it again on the next call', async () => {
    const root = mkdtempSync(join(tmpdir(), 'locus-idle-'));
    const file = join(root, 'mod.py');
    writeFileSync(file, 'x = 1\n');
    const manager = new LspManager({
      workspaceRoot: root,
      config: {
        idleTimeoutMinutes: 0.005,
        languages: {
          python: { server: 'pyright', command: process.execPath, args: [FAKE_SERVER, '--ready-after=0'] },
        },
      },
    });
    const session = manager.forFile(file) as Session;
    await session.hover(file, 'x = 1\n', { line: 0, character: 0 });
    const pid = session.info().pid as number;
    expect(await eventually(() => !session.info().running && processesInGroup(pid).length === 0)).toBe(true);
    await session.hover(file, 'x = 1\n', { line: 0, character: 0 });
    expect(session.info().starts).toBe(2);
    await manager.closeAll();
    removeDir(root);
  });
});

interface Started {
  server: string;
  pid: number;
}

/** Every real server whose command resolves here, one file each. */
function realServers(): { root: string; file: string; config?: object }[] {
  const specs = [
    { adapter: 'typescript', root: fixtureProject('typescript'), file: 'src/cart.ts' },
    {
      adapter: 'typescript-classic',
      root: fixtureProject('javascript'),
      file: 'src/cart.js',
      config: { languages: { javascript: { server: 'typescript-classic' } } },
    },
    { adapter: 'pyright', root: fixtureProject('python'), file: 'cart.py' },
    { adapter: 'gopls', root: fixtureProject('go'), file: 'main.go' },
    { adapter: 'clangd', root: fixtureProject('c'), file: 'main.c' },
    { adapter: 'bash', root: fixtureProject('bash'), file: 'main.sh' },
  ];
  const available = specs.filter((s) => {
    const status = serverStatus(s.adapter);
    if (!status.available) console.warn(`⚠️  lifecycle test runs without ${s.adapter}: ${status.reason}`);
    return status.available;
  });
  // Generous: the host's first request to a cold server waits out its start, and beside two more suites (load 16)
  // a documentSymbol took longer than the default 30 s. What this file checks is what outlives Locus, not speed.
  return available.map((s) => ({
    root: s.root,
    file: join(s.root, s.file),
    config: { requestTimeoutMs: 600_000, ...s.config },
  }));
}

async function startHost(index: string): Promise<{ host: ChildProcess; started: Started[] }> {
  const host = spawn(
    process.execPath,
    [join(REPO, 'test/fixtures/fake-lsp/host.mjs'), index, JSON.stringify(realServers())],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: host.stdout as NodeJS.ReadableStream }).once('line', resolve);
    host.once('exit', (code) => reject(new Error(`host exited early with ${code}`)));
  });
  return { host, started: JSON.parse(line) as Started[] };
}

describe('no server outlives Locus', () => {
  let build: { dir: string; index: string };
  beforeAll(() => {
    build = buildLspForChild();
  });
  afterAll(() => removeDir(build.dir));

  it('SIGTERM of Locus: the exit handlers kill every server group', async () => {
    const { host, started } = await startHost(build.index);
    expect(started.every((s) => isAlive(s.pid))).toBe(true);
    host.kill('SIGTERM');
    const gone = await eventually(() => started.every((s) => processesInGroup(s.pid).length === 0));
    expect(started.filter((s) => processesInGroup(s.pid).length > 0)).toEqual([]);
    expect(gone).toBe(true);
  });

  it('SIGKILL of Locus: every server exits by itself (stdin EOF or processId watchdog); temp dirs are swept later', async () => {
    const { host, started } = await startHost(build.index);
    expect(started.every((s) => isAlive(s.pid))).toBe(true);
    host.kill('SIGKILL');
    await eventually(() => started.every((s) => processesInGroup(s.pid).length === 0));
    const survivors = started.filter((s) => processesInGroup(s.pid).length > 0);
    for (const s of survivors) process.kill(-s.pid, 'SIGKILL');
    expect(survivors).toEqual([]);
    const leftovers = (): string[] =>
      readdirSync(tmpdir()).filter((d) => d.startsWith(`locus-lsp-${host.pid}-`));
    // Left behind by the killed host, one per server — unless a server start in another test file (they run in
    // parallel) already swept them, which is the same sweep this test calls.
    expect(leftovers().length).toBeLessThanOrEqual(started.length);
    sweepStaleTmpDirs();
    expect(leftovers()).toEqual([]);
  });
});
