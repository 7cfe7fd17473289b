/**
 * Faults a real server cannot produce on demand, driven by the scripted fake server (test/fixtures/fake-lsp):
 * each gives a clear LocusError, the next call works (restart where needed), and no process is left behind.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isLocusError, type LocusError } from '../../src/core/index.js';
import { liveGroups } from '../../src/lsp/process-registry.js';
import { LspManager } from '../../src/lsp/manager.js';
import type { LspConfig } from '../../src/lsp/config.js';
import type { Session } from '../../src/lsp/session.js';
import { at, eventually, FAKE_SERVER, isAlive, processesInGroup, removeDir } from './support.js';

interface Harness {
  root: string;
  manager: LspManager;
  session: Session;
  file: string;
  text: string;
  once: string;
  events: () => Record<string, unknown>[];
  pids: () => number[];
}

/**
 * How long a request to a server scripted to hang waits before TIMEOUT: only the request under test ever waits
 * this long; every other request and each start get a minute (a busy machine must not fail the suite).
 */
const HANG_MS = 8_000;

const open: Harness[] = [];

/** A workspace with one Python file served by the fake server with the given flags. */
function harness(flags: string[], config: Partial<LspConfig> = {}): Harness {
  const root = mkdtempSync(join(tmpdir(), 'locus-fake-'));
  const file = join(root, 'mod.py');
  const text = 'x = "😀é"; y = foo(1)\n';
  writeFileSync(file, text);
  const log = join(root, 'events.jsonl');
  const once = join(root, 'once');
  const args = [FAKE_SERVER, `--log=${log}`, `--once=${once}`, ...flags];
  const manager = new LspManager({
    workspaceRoot: root,
    config: {
      requestTimeoutMs: 60_000,
      // Starting the fake server may be slow on a loaded machine; only the slow-init case bounds it tightly.
      initializeTimeoutMs: 60_000,
      readyTimeoutMs: 60_000,
      ...config,
      languages: { python: { server: 'pyright', command: process.execPath, args } },
    },
  });
  const events = (): Record<string, unknown>[] =>
    existsSync(log)
      ? readFileSync(log, 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as Record<string, unknown>)
      : [];
  const pids = (): number[] =>
    events()
      .flatMap((e) => [e.event === 'start' ? e.pid : undefined, e.event === 'child' ? e.child : undefined])
      .filter((pid): pid is number => typeof pid === 'number');
  const h = { root, manager, session: manager.forFile(file) as Session, file, text, once, events, pids };
  open.push(h);
  return h;
}

async function failure(promise: Promise<unknown>): Promise<LocusError> {
  try {
    await promise;
  } catch (error) {
    if (isLocusError(error)) return error;
    throw error;
  }
  throw new Error('expected a LocusError');
}

async function hoverWorks(h: Harness): Promise<void> {
  const answer = await h.session.hover(h.file, h.text, { line: 0, character: 0 });
  expect(answer.result?.contents).toEqual({ kind: 'plaintext', value: h.text });
}

afterEach(async () => {
  for (const h of open.splice(0)) {
    await h.manager.closeAll();
    // A killed process is gone once its parent reaps it, which a loaded machine may delay a little.
    await eventually(() => h.pids().every((pid) => !isAlive(pid)));
    expect(h.pids().filter(isAlive)).toEqual([]);
    removeDir(h.root);
  }
  expect(liveGroups()).toEqual([]);
});

describe('faults (scripted fake server)', () => {
  it('a crash mid-request is SERVER_FAILED now and a restart on the next call', async () => {
    const h = harness(['--ready-after=0', '--crash-on=textDocument/hover']);
    const error = await failure(h.session.hover(h.file, h.text, { line: 0, character: 0 }));
    expect(error.code).toBe('SERVER_FAILED');
    expect(error.message).toMatch(/exited with code 3/);
    const [crashed] = h.pids();
    expect(await eventually(() => !isAlive(crashed as number))).toBe(true);
    await hoverWorks(h);
    expect(h.session.info().starts).toBe(2);
  });

  it('a hang is TIMEOUT with $/cancelRequest; a server that acknowledges the cancel is kept', async () => {
    const h = harness(['--ready-after=0', '--hang-on=textDocument/hover'], { requestTimeoutMs: HANG_MS });
    const error = await failure(h.session.hover(h.file, h.text, { line: 0, character: 0 }));
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toMatch(/textDocument\/hover/);
    const hoverId = h.events().find((e) => e.method === 'textDocument/hover')?.id;
    expect(await eventually(() => h.events().some((e) => e.event === 'cancel' && e.id === hoverId))).toBe(
      true,
    );
    await hoverWorks(h);
    expect(h.session.info().starts).toBe(1);
  });

  it('a hang that ignores the cancel is TIMEOUT, then the server is killed as hung and restarted', async () => {
    const h = harness(['--ready-after=0', '--hang-on=textDocument/hover', '--ignore-cancel'], {
      requestTimeoutMs: HANG_MS,
    });
    expect((await failure(h.session.hover(h.file, h.text, { line: 0, character: 0 }))).code).toBe('TIMEOUT');
    const [hung] = h.pids();
    expect(await eventually(() => !isAlive(hung as number))).toBe(true);
    await hoverWorks(h);
    expect(h.session.info().starts).toBe(2);
  });

  it('garbage on stdout is SERVER_FAILED at once, and the next call works', async () => {
    const h = harness(['--ready-after=0', '--garbage-on=textDocument/hover']);
    const error = await failure(h.session.hover(h.file, h.text, { line: 0, character: 0 }));
    expect(error.code).toBe('SERVER_FAILED');
    expect(error.message).toMatch(/not LSP/);
    expect(error.details?.kind).toBe('garbage');
    await hoverWorks(h);
  });

  it('a declared body over 64 MiB is SERVER_FAILED before the body is read, naming the configured command', async () => {
    // The fake server streams that body for as long as it is read: without the cap, memory would grow until the
    // request timed out (TIMEOUT, not SERVER_FAILED).
    const h = harness(['--ready-after=0', '--huge-body-on=textDocument/hover']);
    const error = await failure(h.session.hover(h.file, h.text, { line: 0, character: 0 }));
    expect(error.code).toBe('SERVER_FAILED');
    expect(error.details).toMatchObject({ kind: 'oversized', declared: 99999999999 });
    expect(error.message).toContain(`python server (${process.execPath})`);
    expect(error.message).not.toMatch(/pyright/);
    await hoverWorks(h);
  });

  it('a start slower than the timeout is TIMEOUT naming initialize, and the next call works', async () => {
    // The first initialize never answers in time; the restarted server (the fault fires once) has 15 s.
    const h = harness(['--ready-after=0', '--slow-init=600000'], { initializeTimeoutMs: 15_000 });
    const error = await failure(h.session.hover(h.file, h.text, { line: 0, character: 0 }));
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toMatch(/initialize/);
    await hoverWorks(h);
  });

  it('answers before the ready signal are flagged possiblyIncomplete', async () => {
    const h = harness(['--ready-after=5000'], { readyTimeoutMs: 100 });
    const early = await h.session.definition(h.file, h.text, { line: 0, character: 0 });
    expect(early.possiblyIncomplete).toBe(true);
    expect(await h.session.waitUntilReady(120_000)).toBe(true);
    const later = await h.session.definition(h.file, h.text, { line: 0, character: 0 });
    expect(later.possiblyIncomplete).toBe(false);
  });

  it('definition and hover answer before readiness when the server can; references still wait', async () => {
    const h = harness(['--ready-after=5000'], { readyTimeoutMs: 60_000 });
    // Flagged as possibly incomplete: answered without waiting for the ready signal (5 s away).
    const definition = await h.session.definition(h.file, h.text, { line: 0, character: 0 });
    expect(definition.result.length).toBe(1);
    expect(definition.possiblyIncomplete).toBe(true);
    const hover = await h.session.hover(h.file, h.text, { line: 0, character: 0 });
    expect(hover.possiblyIncomplete).toBe(true);
    const references = await h.session.references(h.file, h.text, { line: 0, character: 0 });
    expect(references.possiblyIncomplete).toBe(false);
  });

  it('stops restarting after maxRestarts failures in the window', async () => {
    const h = harness(['--ready-after=0', '--crash-on=textDocument/hover', '--once=/nonexistent/never'], {
      maxRestarts: 2,
    });
    for (let i = 0; i < 3; i++) {
      const error = await failure(h.session.hover(h.file, h.text, { line: 0, character: 0 }));
      expect(error.details?.kind).toBe('crash');
    }
    const capped = await failure(h.session.hover(h.file, h.text, { line: 0, character: 0 }));
    expect(capped.code).toBe('SERVER_FAILED');
    expect(capped.details?.kind).toBe('restart-cap');
    expect(h.session.info().starts).toBe(3);
  });

  it('a missing capability is CAPABILITY_MISSING naming it', async () => {
    const h = harness(['--ready-after=0']);
    const error = await failure(h.session.completion(h.file, h.text, { line: 0, character: 0 }));
    expect(error.code).toBe('CAPABILITY_MISSING');
    expect(error.message).toMatch(/completionProvider/);
    // Named after the configured command that lacks it, not the built-in adapter (pyright) it stands in for.
    expect(error.message).toContain(`python server (${process.execPath})`);
  });

  it('converts positions for a server that negotiates utf-8, both ways', async () => {
    const h = harness(['--ready-after=0', '--encoding=utf-8']);
    const position = at(h.text, 'y = <|>foo(1)');
    const answer = await h.session.definition(h.file, h.text, position);
    expect(h.session.info().encoding).toBe('utf-8');
    expect(answer.result[0]?.range.start).toEqual(position);
    const sent = h.events().find((e) => e.method === 'textDocument/definition')?.position;
    const prefix = h.text.slice(0, position.character);
    expect(sent).toEqual({ line: 0, character: Buffer.byteLength(prefix, 'utf8') });
  });

  it('syncs text: didOpen, didChange on new text, and re-reads open files changed on disk', async () => {
    const h = harness(['--ready-after=0']);
    await hoverWorks(h);
    const changed = h.text.replace('foo', 'bar');
    const answer = await h.session.hover(h.file, changed, { line: 0, character: 0 });
    expect(answer.result?.contents).toEqual({ kind: 'plaintext', value: changed });
    const other = join(h.root, 'other.py');
    writeFileSync(other, 'a = 1\n');
    await h.session.hover(other, 'a = 1\n', { line: 0, character: 0 });
    writeFileSync(other, 'a = 2 # a longer line\n');
    await h.session.hover(h.file, changed, { line: 0, character: 0 });
    const changes = h.events().filter((e) => e.method === 'textDocument/didChange');
    expect(changes.map((e) => String(e.uri).split('/').pop())).toEqual(['mod.py', 'other.py']);
    await h.manager.documentChanged(join(h.root, 'third.py'), 'c = 3\n');
    await h.manager.notifyFilesChanged([{ path: join(h.root, 'gone.py'), kind: 'deleted' }]);
    const watched = (): number =>
      h.events().filter((e) => e.method === 'workspace/didChangeWatchedFiles').length;
    expect(await eventually(() => watched() === 2)).toBe(true);
  });
});

describe('shutdown ladder', () => {
  it('escalates to SIGKILL for a server ignoring exit, EOF and SIGTERM, and kills its whole group', async () => {
    const h = harness([
      '--ready-after=0',
      '--ignore-exit',
      '--ignore-eof',
      '--ignore-sigterm',
      '--spawn-child',
    ]);
    await hoverWorks(h);
    const pid = h.session.info().pid as number;
    const tmp = /TMPDIR=([^\0]*)/.exec(readFileSync(`/proc/${pid}/environ`, 'latin1'))?.[1] as string;
    expect(existsSync(tmp)).toBe(true);
    expect(processesInGroup(pid).length).toBe(2);
    await h.manager.closeAll();
    expect(processesInGroup(pid)).toEqual([]);
    expect(h.pids().filter(isAlive)).toEqual([]);
    expect(existsSync(tmp)).toBe(false);
    const kinds = h.events().map((e) => e.method ?? e.event);
    expect(kinds).toEqual(expect.arrayContaining(['shutdown', 'exit', 'stdin-end', 'sigterm-ignored']));
  });
});
