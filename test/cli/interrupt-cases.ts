/**
 * Ctrl-C in the CLI (docs/operations.md, "Exit codes"): SIGINT during `references` against a server that never
 * answers ends the call as CANCELLED with exit 130, and no server process is left behind.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, FAKE_SERVER, isAlive, removeDir } from '../lsp/support.js';
import { answeredByDaemon, coldStart } from '../helpers/cli-mode.js';

/** The cases, run in-process by ./interrupt.test.ts and through the background Locus by ./interrupt.daemon.test.ts. */
export function interruptCases(): void {
  const REPO = path.resolve(import.meta.dirname, '../..');
  const root = mkdtempSync(path.join(tmpdir(), 'locus-sigint-'));
  afterAll(() => removeDir(root));

  function events(log: string): Record<string, unknown>[] {
    return existsSync(log)
      ? readFileSync(log, 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>)
      : [];
  }

  describe('Ctrl-C', () => {
    it('cancels a hanging references call: CANCELLED on stderr, exit 130, no server left', async () => {
      const log = path.join(root, 'events.jsonl');
      writeFileSync(path.join(root, 'mod.py'), 'def total():\n    return 1\n\ntotal()\n');
      const args = [FAKE_SERVER, `--log=${log}`, '--ready-after=0', '--hang-on=textDocument/references'];
      writeFileSync(
        path.join(root, 'locus.config.json'),
        JSON.stringify({ languages: { python: { server: 'pyright', command: process.execPath, args } } }),
      );
      const cli = spawn(
        process.execPath,
        [path.join(REPO, 'bin/locus.js'), 'references', 'mod.py:total', '--root', root, '--trust'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stderr = '';
      cli.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => cli.on('exit', (code) => resolve(code)));
      const asked = await eventually(() => events(log).some((e) => e.method === 'textDocument/references'));
      expect(asked, stderr).toBe(true);
      cli.kill('SIGINT');
      expect(await exited).toBe(130);
      expect(stderr).toMatch(/error CANCELLED/);
      const asking = events(log).find((e) => e.method === 'textDocument/references');
      // Through the daemon the cancel reaches the server from the daemon, which may send it after the CLI left.
      expect(
        await eventually(() => events(log).some((e) => e.event === 'cancel' && e.id === asking?.id)),
      ).toBe(true);
      const servers = events(log)
        .filter((e) => e.event === 'start')
        .map((e) => e.pid as number);
      expect(servers.length).toBeGreaterThan(0);
      // Through the daemon the server stays warm for the next call, and leaves with the daemon.
      if (answeredByDaemon()) coldStart(root);
      expect(await eventually(() => servers.every((pid) => !isAlive(pid)))).toBe(true);
    });
  });
}
