/**
 * Command-line conventions (docs/operations.md, "Command line" and "Exit codes"): -V/--version from package.json,
 * usage on stderr for a bare `locus`, "did you mean", per-flag help with defaults, no colour, and the same exit
 * code for the same error in every command, `mcp` included.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../mcp/support.js';

/** The cases, run in-process by ./conventions.test.ts and through the background Locus by ./conventions.daemon.test.ts. */
export function conventionsCases(): void {
  const REPO = path.resolve(import.meta.dirname, '../..');
  const BIN = path.join(REPO, 'bin/locus.js');
  const FIXTURE = path.join(REPO, 'test/fixtures/cli');
  const VERSION = (JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string })
    .version;

  function locus(
    args: string[],
    env: NodeJS.ProcessEnv = {},
  ): { code: number; stdout: string; stderr: string } {
    const run = spawnSync(process.execPath, [BIN, ...args], {
      encoding: 'utf8',
      timeout: 600_000,
      input: '',
      env: { ...process.env, ...env },
    });
    return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
  }

  beforeAll(async () => {
    await ensureBuilt(); // under the suite's build lock (files run in parallel)
  });

  describe('locus conventions', () => {
    it.each([['-V'], ['--version']])('%s prints the package version', (flag) => {
      expect(locus([flag])).toMatchObject({ code: 0, stdout: `locus ${VERSION}\n` });
    });

    it('prints usage to stderr and exits 2 when run without a command', () => {
      const run = locus([]);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^Usage: locus <command>/);
    });

    it('suggests the command a typo meant', () => {
      const run = locus(['refrences', 'a.py:1']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('unknown command "refrences". Did you mean "references"?');
      expect(locus(['xyzzy']).stderr).not.toContain('Did you mean');
    });

    it('lists every flag of a command with its default', () => {
      const run = locus(['references', '--help']);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/--page-size N\s+references per page \(default: 100\)/);
      expect(run.stdout).toMatch(/--root DIR\s+.*\(default: current directory\)/);
      expect(run.stdout).toMatch(/--trust\s+/);
      expect(locus(['completion', '--help']).stdout).toMatch(/--limit N\s+.*\(default: 50\)/);
    });

    it('never colours its output (NO_COLOR or not)', () => {
      for (const env of [{ FORCE_COLOR: '1' }, { NO_COLOR: '1' }]) {
        const run = locus(['locate', 'src/cart.py:Nope', '--root', FIXTURE], env);
        expect(run.code).toBe(1);
        expect((run.stdout + run.stderr).includes('\u001b[')).toBe(false);
      }
    });
  });

  describe('the same exit code for the same error', () => {
    it.each([
      [['locate', 'a.py:1']],
      [['outline', 'a.py']],
      [['describe', 'a.py:1:1']],
      [['check']],
      [['hover', 'a.py:1']],
      [['references', 'a.py:1', '--json']],
      [['mcp']],
    ])('--root /nonexistent: FILE_NOT_FOUND, exit 2 (%j)', (args) => {
      const run = locus([...args, '--root', '/nonexistent-locus-root']);
      expect(run.code).toBe(2);
      expect(run.stdout + run.stderr).toContain('FILE_NOT_FOUND');
    });

    it('check on a missing input file: FILE_NOT_FOUND, exit 2 (text and --json)', () => {
      const run = locus(['check', '/nonexistent-locus-input.jsonl', '--root', FIXTURE]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^error FILE_NOT_FOUND: The input file/);
      const json = locus(['check', '/nonexistent-locus-input.jsonl', '--root', FIXTURE, '--json']);
      expect(json.code).toBe(2);
      expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, error: { code: 'FILE_NOT_FOUND' } });
    });

    it('a locate string naming a missing file: FILE_NOT_FOUND, exit 1 (the locate failed)', () => {
      for (const command of ['locate', 'hover']) {
        const run = locus([command, 'missing.py:1', '--root', FIXTURE, '--json']);
        expect(run.code, command).toBe(1);
        expect(JSON.parse(run.stdout)).toMatchObject({ ok: false, error: { code: 'FILE_NOT_FOUND' } });
      }
    });

    // The config is read the same way by every command (docs/configuration.md): offline ones included.
    it.each([
      ['locate', 'a.py:1'],
      ['outline', 'a.py'],
      ['check', '-'],
      ['symbols', 'x'],
      ['references', 'a.py@<|>x'],
      ['hover', 'a.py@<|>x'],
      ['edit', 'a.py:1', '--delete'],
    ])('an invalid locus.config.json: %s is CONFIG_INVALID, exit 2', async (...args) => {
      const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
      const { tmpdir } = await import('node:os');
      const root = mkdtempSync(path.join(tmpdir(), 'locus-conv-'));
      try {
        writeFileSync(path.join(root, 'locus.config.json'), '{ "idleTimeout": 1 }');
        writeFileSync(path.join(root, 'a.py'), 'x = 1\n');
        const run = locus([...args, '--root', root, '--json']);
        expect(run.code, run.stderr).toBe(2);
        expect(JSON.parse(run.stdout)).toMatchObject({ ok: false, error: { code: 'CONFIG_INVALID' } });
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });
  });
}
