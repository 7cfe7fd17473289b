/**
 * Verification never writes, whatever happens: the TypeScript 7 server is killed in the middle of a verified
 * rename (after it was shown the edited text), or a step times out. The disk is unchanged, and the servers'
 * view is the disk's again (their diagnostics equal the baseline) — restored in place after a timeout, by the
 * restarted server after a crash. The faults are injected by wrapping the real session's methods.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { LocusError } from '../../src/core/errors.js';
import type { Session } from '../../src/lsp/session.js';
import { createLocus, type Locus } from '../../src/ops/locus.js';
import { describeWithServer } from '../helpers/require-server.js';

const FIXTURE = path.resolve(import.meta.dirname, '..', 'fixtures', 'rename-safety', 'typescript');

function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir)) out[name] = readFileSync(path.join(dir, name), 'utf8');
  return out;
}

describeWithServer('typescript', 'verification faults — TypeScript 7', () => {
  let dir: string;
  let locus: Locus;
  let session: Session;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'locus-verify-faults-'));
    cpSync(FIXTURE, dir, { recursive: true });
    locus = createLocus({ root: dir });
    session = locus.context.lsp.sessionFor(path.join(dir, 'main.ts'));
  });
  afterEach(async () => {
    await locus?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function errorsNow(): Promise<number> {
    const result = await locus.diagnostics(['*.ts'], { severity: 'error' });
    if (!result.ok) throw new Error(result.error.message);
    return result.totals.error;
  }

  it('a server crash after the edited text was shown: nothing written, the restarted server sees the disk', async () => {
    const baseline = await errorsNow();
    const disk = snapshot(dir);
    const showText = session.showText.bind(session);
    let shown = 0;
    session.showText = async (absPath, text) => {
      await showText(absPath, text);
      if (++shown === 1) process.kill(session.info().pid as number, 'SIGKILL');
    };
    const result = await locus.rename('subject.ts:Subject.next', 'emit', { verify: true });
    // Whether the death is noticed mid-call (SERVER_FAILED) or the restarted server finishes the check, the
    // answer is right and nothing is written.
    if (result.ok) expect(result.verification?.new_errors.map((e) => e.code)).toEqual(['2741']);
    else expect(result.error.code).toBe('SERVER_FAILED');
    expect(snapshot(dir)).toEqual(disk);
    session.showText = showText;
    expect(await errorsNow()).toBe(baseline);
  });

  it('a timeout while collecting: nothing written, the view restored in place', async () => {
    const baseline = await errorsNow();
    const disk = snapshot(dir);
    const diagnostics = session.diagnostics.bind(session);
    let calls = 0;
    session.diagnostics = async (...args) => {
      // The baseline is taken for both files first; the third call is the first on the edited text.
      if (++calls === 3) throw new LocusError('TIMEOUT', 'injected timeout');
      return diagnostics(...args);
    };
    const pid = session.info().pid;
    const result = await locus.rename('subject.ts:Subject.next', 'emit', { verify: true });
    expect(result.ok === false && result.error.code).toBe('TIMEOUT');
    session.diagnostics = diagnostics;
    expect(snapshot(dir)).toEqual(disk);
    expect(session.info().pid).toBe(pid);
    expect(await errorsNow()).toBe(baseline);
  });
});
