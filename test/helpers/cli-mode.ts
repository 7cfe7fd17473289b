/**
 * Which way the `locus` commands of a test run (vitest.config.ts runs the command-line tests in both): in-process,
 * or through the background Locus. A test that needs a cold start — an index build to watch, a persisted cache to
 * load — stops the workspace's daemon first; in-process every call is a cold start anyway.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const BIN = path.resolve(import.meta.dirname, '../../bin/locus.js');

/** True in the `daemon` project: commands are answered by a background Locus. */
export const THROUGH_DAEMON = (process.env.LOCUS_NO_DAEMON ?? '') === '';

/** Stops the daemon a command for `root` with `env` would use (nothing in-process). */
export function coldStart(root: string, env: NodeJS.ProcessEnv = process.env): void {
  if (!THROUGH_DAEMON) return;
  const run = spawnSync(process.execPath, [BIN, 'daemon', 'stop', '--root', root], {
    encoding: 'utf8',
    env,
    timeout: 60_000,
  });
  if (run.status !== 0) throw new Error(`locus daemon stop failed: ${run.stderr}`);
}
