/**
 * Readiness from a server's notifications (docs/languages.md, "Readiness"): the named signals, the generic rule for
 * servers no recipe describes, a status that takes readiness back, and the words an answer gives when a server is
 * not ready. Waits are on the events themselves, capped generously; nothing asserts a duration.
 */
import { describe, expect, it } from 'vitest';
import { GENERIC_READINESS, Readiness, type ReadySignal } from '../../src/lsp/readiness.js';

const LONG = 60_000;

/** Waits (capped) until the readiness says ready; the cap is far above any quiet period used here. */
async function settle(readiness: Readiness): Promise<boolean> {
  await readiness.wait(performance.now() + LONG);
  return readiness.ready;
}

const begin = (title: string) => ({ kind: 'begin', title });
const end = { kind: 'end' };

describe('named signals', () => {
  it('immediate and no signal at all are ready at once', () => {
    expect(new Readiness([{ kind: 'immediate' }]).ready).toBe(true);
    expect(new Readiness([]).ready).toBe(true);
  });

  it('a progress signal is ready when the matching progress ends, not another one', () => {
    const readiness = new Readiness([{ kind: 'progress', title: /index/i }]);
    readiness.progress('a', begin('Fetching'));
    readiness.progress('a', end);
    expect(readiness.ready).toBe(false);
    readiness.progress('b', begin('indexing'));
    expect(readiness.ready).toBe(false);
    readiness.progress('b', end);
    expect(readiness.ready).toBe(true);
  });

  it('a log signal matches the message; diagnostics count only for the diagnostics signal', () => {
    const log = new Readiness([{ kind: 'log', pattern: /^Found \d+ source files/ }]);
    log.diagnostics();
    log.log('Loading…');
    expect(log.ready).toBe(false);
    log.log('Found 12 source files');
    expect(log.ready).toBe(true);
    const diagnostics = new Readiness([{ kind: 'diagnostics' }]);
    diagnostics.diagnostics();
    expect(diagnostics.ready).toBe(true);
  });
});

describe('a status notification (rust-analyzer experimental/serverStatus)', () => {
  const status: ReadySignal = {
    kind: 'status',
    method: 'experimental/serverStatus',
    ready: (p) => (p as { quiescent?: boolean }).quiescent,
    problem: (p) => ((p as { health?: string }).health === 'ok' ? undefined : 'no standard library'),
  };

  it('is ready when quiescent, loses it when loading again, with a fresh bound, and is ready again', () => {
    const readiness = new Readiness([status], LONG);
    readiness.notification('experimental/serverStatus', { health: 'ok', quiescent: false });
    expect(readiness.ready).toBe(false);
    readiness.notification('other/method', { quiescent: true });
    expect(readiness.ready).toBe(false);
    readiness.notification('experimental/serverStatus', { health: 'ok', quiescent: true });
    expect(readiness.ready).toBe(true);
    const firstBound = readiness.deadline;
    readiness.notification('experimental/serverStatus', { health: 'ok', quiescent: false });
    expect(readiness.ready).toBe(false);
    expect(readiness.deadline).toBeGreaterThanOrEqual(firstBound);
    expect(readiness.describe()).toMatch(/^was still loading the project/);
    readiness.notification('experimental/serverStatus', { health: 'ok', quiescent: true });
    expect(readiness.ready).toBe(true);
  });

  it('keeps what the server says is wrong with the project until it says all is well', () => {
    const readiness = new Readiness([status]);
    readiness.notification('experimental/serverStatus', { health: 'warning', quiescent: true });
    expect(readiness.problem).toBe('no standard library');
    readiness.notification('experimental/serverStatus', { health: 'ok', quiescent: true });
    expect(readiness.problem).toBeUndefined();
  });

  it('lose() takes readiness back only from a ready server', () => {
    const readiness = new Readiness([status]);
    readiness.lose();
    readiness.notification('experimental/serverStatus', { health: 'ok', quiescent: true });
    expect(readiness.ready).toBe(true);
    readiness.lose();
    expect(readiness.ready).toBe(false);
  });
});

describe('the generic rule (a server given by command that no recipe describes)', () => {
  const quick: ReadySignal[] = [{ kind: 'settled', quietMs: 30 }];

  it('is the settled rule', () => {
    expect(GENERIC_READINESS).toEqual([{ kind: 'settled', quietMs: expect.any(Number) }]);
  });

  it('is not ready before any work was seen to finish', async () => {
    const readiness = new Readiness(quick);
    await readiness.wait(performance.now() + 100);
    expect(readiness.ready).toBe(false);
    expect(readiness.describe()).toBe('gave no sign of readiness (no progress, status or diagnostics)');
  });

  it('is ready once every progress has ended and the server stayed quiet', async () => {
    const readiness = new Readiness(quick);
    readiness.progress('fetch', begin('Fetching'));
    readiness.progress('index', begin('Indexing'));
    readiness.progress('fetch', end);
    await readiness.wait(performance.now() + 200);
    expect(readiness.ready).toBe(false);
    expect(readiness.describe()).toBe('was still loading the project (Indexing)');
    readiness.progress('index', end);
    expect(await settle(readiness)).toBe(true);
  });

  it('is ready after diagnostics arrived and the server stayed quiet', async () => {
    const readiness = new Readiness(quick);
    readiness.diagnostics();
    expect(await settle(readiness)).toBe(true);
  });

  it('a progress that begins after diagnostics holds readiness back until it ends (ccls: diagnostics, then indexing)', async () => {
    const readiness = new Readiness([{ kind: 'settled', quietMs: 10_000 }]);
    readiness.diagnostics();
    readiness.progress('index', begin('indexing'));
    readiness.progress('index', { kind: 'report', message: '1/3' });
    expect(readiness.ready).toBe(false);
    expect(readiness.describe()).toBe('was still loading the project (indexing: 1/3)');
  });
});
