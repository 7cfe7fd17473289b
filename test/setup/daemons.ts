/**
 * Global setup of the shared-process test project (vitest.config.ts): the private folder in which the daemon
 * variants of the command-line tests keep their daemons, one folder per test file (test/helpers/cli-mode.ts). Each
 * file stops its own; at the end every daemon still in a folder is stopped (it takes its servers along), and the
 * folder is removed. No daemon outlives the run.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { stopDaemons } from '../helpers/daemon-stop.js';

export default function setup(project: TestProject): () => void {
  const dir = project.config.env.LOCUS_TEST_DAEMONS as string;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return () => {
    for (const name of readdirSync(dir)) stopDaemons(path.join(dir, name));
    rmSync(dir, { recursive: true, force: true });
  };
}
