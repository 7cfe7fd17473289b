/**
 * Every command that may build the workspace index shows its progress on the one status line (stderr, with
 * --progress when stderr is not a terminal), never on stdout: the offline `locate` and `symbols` here; the LSP
 * commands share the same wiring (src/cli/status-line.ts, indexProgress).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { coldStart } from '../helpers/cli-mode.js';

/** The cases, run in-process by ./index-progress.test.ts and through the background Locus by ./index-progress.daemon.test.ts. */
export function indexProgressCases(): void {
  const REPO = path.resolve(import.meta.dirname, '../..');
  const root = mkdtempSync(path.join(tmpdir(), 'locus-progress-'));
  const cache = mkdtempSync(path.join(tmpdir(), 'locus-progress-cache-'));
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  });
  for (let i = 0; i < 40; i++) writeFileSync(path.join(root, `m${i}.py`), `def f${i}():\n    return ${i}\n`);
  writeFileSync(path.join(root, 'cart.py'), 'class Cart:\n    def total(self):\n        return 1\n');

  function locus(...args: string[]): { status: number | null; stdout: string; stderr: string } {
    const env = { ...process.env, LOCUS_CACHE_DIR: cache };
    rmSync(cache, { recursive: true, force: true }); // a cold build every time
    coldStart(root, env);
    const run = spawnSync(process.execPath, [path.join(REPO, 'bin/locus.js'), ...args, '--root', root], {
      encoding: 'utf8',
      env,
    });
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  }

  describe('index progress', () => {
    it.each([
      ['locate', 'Cart.total'],
      ['symbols', 'total'],
    ])('%s %s --progress: the build on stderr, the answer on stdout', (command, arg) => {
      const run = locus(command, arg, '--progress');
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/^locus: indexing files 41\/41$/m);
      expect(run.stdout).not.toMatch(/indexing/);
      expect(run.stdout).toMatch(/cart\.py/);
    });

    it('says nothing without --progress when stderr is not a terminal', () => {
      const run = locus('locate', 'Cart.total');
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).not.toMatch(/indexing/);
    });
  });
}
