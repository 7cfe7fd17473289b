/** Shared helpers of the security suite: the real `locus` binary in a child process, scratch roots. */
import { spawnSync } from 'node:child_process';
import { ensureBuilt } from '../mcp/support.js';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REPO = path.resolve(import.meta.dirname, '../..');
export const BIN = path.join(REPO, 'bin/locus.js');

/** Builds dist/ when a source is newer (the binary runs the compiled code), under the suite's build lock. */
export async function build(): Promise<void> {
  await ensureBuilt();
}

/** Result of one CLI run. */
export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `locus args…` with `input` on stdin. */
export function locus(args: string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}): Run {
  const run = spawnSync(process.execPath, [BIN, ...args], {
    input: options.input,
    encoding: 'utf8',
    timeout: 600_000,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...options.env },
  });
  return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
}

/** A scratch workspace with `files` (path → text); remove it with `cleanup`. */
export function scratch(files: Record<string, string>): { root: string; cleanup: () => void } {
  const root = mkdtempSync(path.join(tmpdir(), 'locus-sec-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
