/**
 * Global setup of the `daemon` test project (vitest.config.ts): a private folder for the daemons the command-line
 * tests start, and at the end `locus daemon stop --all` in it (every daemon stops and takes its servers along), then
 * the folder is removed. No daemon outlives the run.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const BIN = path.resolve(import.meta.dirname, '../../bin/locus.js');

export default function setup(project: TestProject): () => void {
  const dir = project.config.env.LOCUS_DAEMON_DIR as string;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return () => {
    spawnSync(process.execPath, [BIN, 'daemon', 'stop', '--all'], {
      env: { ...process.env, ...project.config.env },
      timeout: 60_000,
    });
    rmSync(dir, { recursive: true, force: true });
  };
}
