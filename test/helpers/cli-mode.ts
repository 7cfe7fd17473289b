/**
 * Which way the `locus` commands of a test run (docs/operations.md, "The daemon": the daemon must answer exactly as
 * the in-process command does). Each command-line test file keeps its cases in `<name>-cases.ts`, run by two thin
 * test files: `<name>.test.ts` in-process, as every test runs, and `<name>.daemon.test.ts` through the background
 * Locus. Both are ordinary files of the shared-process project, scheduled with all the others (CONTRIBUTING.md,
 * "Tests"); a project of their own ran first and alone, as vitest runs projects one after another.
 *
 * A test that needs a cold start — an index build to watch, a persisted cache to load — stops the workspace's daemon
 * first (`coldStart`); in-process every call is a cold start anyway.
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { daemonSwitchedOff } from '../../src/cli/daemon/place.js';
import { coldStart, stopDaemons } from './daemon-stop.js';

export { coldStart };

/** The folder vitest.config.ts gives the daemon variants; each file's daemons live in a folder of their own in it. */
const DAEMONS_ENV = 'LOCUS_TEST_DAEMONS';

/**
 * Runs `cases` with every `locus` command going to a background Locus: sets the file's environment (put back after
 * the file by test/setup/shared-process.ts) to a daemon folder of its own, `name`. When the file ends, its daemons
 * are stopped before the cases' own `afterAll`s remove their folders (a daemon still saving its index cache would
 * write it again), and the file fails unless a daemon started there — a command that ran in-process instead (a
 * test that built its environment without `process.env`, a socket path too long) would otherwise pass unseen.
 */
export function throughDaemon(name: string, cases: () => void): void {
  const base = process.env[DAEMONS_ENV];
  if (base === undefined || !path.isAbsolute(base))
    throw new Error(`${DAEMONS_ENV} is not set: the daemon variants run through vitest.config.ts`);
  const dir = path.join(base, name);
  process.env.LOCUS_NO_DAEMON = '';
  process.env.LOCUS_DAEMON_DIR = dir;
  // A backstop: a daemon the file forgot leaves on its own soon after.
  process.env.LOCUS_DAEMON_IDLE = '60';
  cases();
  // Registered after the cases' hooks, so it runs before them (vitest runs `afterAll`s in reverse order).
  afterAll(() => {
    const logs = listing(dir).filter((file) => file.endsWith('.log'));
    stopDaemons(dir);
    rmSync(dir, { recursive: true, force: true });
    expect(logs.length, `no daemon started in ${dir}: the commands ran in-process`).toBeGreaterThan(0);
  });
}

/** True while the commands of this test file are answered by a background Locus. */
export function answeredByDaemon(): boolean {
  return !daemonSwitchedOff(process.env);
}

function listing(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
