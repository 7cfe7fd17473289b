/**
 * Recovery (issue 10): after a server crash or a timeout, the next call restarts the server and
 * succeeds; a write to a dead server (EPIPE) is reported as the crash it is. Scripted fake server.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LspManager } from '../../src/lsp/manager.js';
import type { LspConfig } from '../../src/lsp/config.js';
import type { Session } from '../../src/lsp/session.js';
import { FAKE_SERVER, removeDir } from '../lsp/support.js';

interface Harness {
  root: string;
  manager: LspManager;
  session: Session;
  file: string;
  text: string;
  pids: () => number[];
}
/**
 * How long a request to a server scripted to hang waits before TIMEOUT: only the request under test ever waits
 * this long; every other request and each start get a minute (a busy machine must not fail the suite).
 */
const HANG_MS = 8_000;

const open: Harness[] = [];

function harness(flags: string[], config: Partial<LspConfig> = {}): Harness {
  const root = mkdtempSync(join(tmpdir(), 'locus-recover-'));
  const file = join(root, 'mod.py');
  const text = 'x = 1\n';
  writeFileSync(file, text);
  const log = join(root, 'events.jsonl');
  const args = [FAKE_SERVER, `--log=${log}`, `--once=${join(root, 'once')}`, ...flags];
  const manager = new LspManager({
    workspaceRoot: root,
    config: {
      requestTimeoutMs: 60_000,
      initializeTimeoutMs: 60_000,
      readyTimeoutMs: 60_000,
      ...config,
      languages: { python: { server: 'pyright', command: process.execPath, args } },
    },
  });
  const pids = (): number[] =>
    existsSync(log)
      ? readFileSync(log, 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as { event?: string; pid?: number })
          .filter((e) => e.event === 'start')
          .map((e) => e.pid as number)
      : [];
  const h = { root, manager, session: manager.forFile(file) as Session, file, text, pids };
  open.push(h);
  return h;
}

const hover = (h: Harness) => h.session.hover(h.file, h.text, { line: 0, character: 0 });

afterEach(async () => {
  for (const h of open.splice(0)) {
    await h.manager.closeAll();
    removeDir(h.root);
  }
});

describe('recovery', () => {
  it('a server killed between calls: the very next call restarts it and succeeds', async () => {
    for (let round = 0; round < 5; round++) {
      const h = harness(['--ready-after=0']);
      await hover(h);
      const pid = h.pids().at(-1) as number;
      process.kill(pid, 'SIGKILL');
      const answer = await hover(h);
      expect(answer.result?.contents).toBeDefined();
      expect(h.session.info().starts).toBe(2);
    }
  });

  it('after a timeout on a frozen server, the next call waits out the cancel, restarts it and succeeds', async () => {
    const h = harness(['--ready-after=0', '--freeze-on=textDocument/hover'], { requestTimeoutMs: HANG_MS });
    await expect(hover(h)).rejects.toMatchObject({ code: 'TIMEOUT' });
    const answer = await hover(h);
    expect(answer.result?.contents).toBeDefined();
    expect(h.session.info().starts).toBe(2);
  });

  it('after a timeout that hangs the server, the next call succeeds', async () => {
    const h = harness(['--ready-after=0', '--hang-on=textDocument/hover', '--ignore-cancel'], {
      requestTimeoutMs: HANG_MS,
    });
    await expect(hover(h)).rejects.toMatchObject({ code: 'TIMEOUT' });
    const answer = await hover(h);
    expect(answer.result?.contents).toBeDefined();
  });
});
