/**
 * `locus daemon stop` for the tests (test/helpers/cli-mode.ts) and the run's global setup (test/setup/daemons.ts).
 * Imports nothing of vitest, so that the global setup can use it outside a test file.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { daemonSwitchedOff } from '../../src/cli/daemon/place.js';

const BIN = path.resolve(import.meta.dirname, '../../bin/locus.js');

/** Stops the daemon a command for `root` with `env` would use (nothing when `env` runs commands in-process). */
export function coldStart(root: string, env: NodeJS.ProcessEnv = process.env): void {
  if (daemonSwitchedOff(env)) return;
  daemon(['stop', '--root', root], env);
}

/** Stops every daemon in the folder `dir`; they take their language servers along. */
export function stopDaemons(dir: string): void {
  daemon(['stop', '--all'], { ...process.env, LOCUS_DAEMON_DIR: dir });
}

function daemon(args: string[], env: NodeJS.ProcessEnv): void {
  const run = spawnSync(process.execPath, [BIN, 'daemon', ...args], {
    encoding: 'utf8',
    env,
    timeout: 60_000,
  });
  if (run.status !== 0) throw new Error(`locus daemon ${args.join(' ')} failed: ${run.stderr}`);
}
