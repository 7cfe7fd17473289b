/**
 * A repository's locus.config.json cannot choose where Locus writes (docs/configuration.md, "Workspace trust"):
 * `index.cacheDir` pointing outside the workspace is ignored with a warning unless the workspace is trusted;
 * trusted (the control, proving the folder would be used), the index cache goes there.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../mcp/support.js';

/** The cases, run in-process by ./cache-dir-trust.test.ts and through the background Locus by ./cache-dir-trust.daemon.test.ts. */
export function cacheDirTrustCases(): void {
  const BIN = path.resolve(import.meta.dirname, '../../bin/locus.js');
  let base = '';
  let ws = '';
  let outside = '';

  function locus(args: string[], trust = false): { code: number; stderr: string } {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      XDG_CONFIG_HOME: path.join(base, 'xdg-config'),
      XDG_CACHE_HOME: path.join(base, 'xdg-cache'),
    };
    delete env.LOCUS_CACHE_DIR; // the variable wins over the config: this test is about the config
    delete env.LOCUS_TRUST_WORKSPACE;
    const run = spawnSync(process.execPath, [BIN, ...args, '--root', ws, ...(trust ? ['--trust'] : [])], {
      encoding: 'utf8',
      timeout: 600_000,
      env,
    });
    return { code: run.status ?? -1, stderr: run.stderr };
  }

  beforeAll(async () => {
    await ensureBuilt();
    base = mkdtempSync(path.join(tmpdir(), 'locus-cachedir-trust-'));
    ws = path.join(base, 'repo');
    outside = path.join(base, 'outside');
    mkdirSync(ws);
    writeFileSync(path.join(ws, 'a.py'), 'def alpha():\n    return 1\n');
    writeFileSync(
      path.join(ws, 'locus.config.json'),
      JSON.stringify({ index: { cacheDir: path.relative(ws, outside) } }),
    );
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));
  beforeEach(() => rmSync(outside, { recursive: true, force: true }));

  describe('index.cacheDir from an untrusted workspace', () => {
    it('is ignored with a warning: nothing is written outside the workspace', () => {
      for (const args of [
        ['symbols', 'alpha'],
        ['locate', 'a.py:alpha'],
        ['locate', '*:alpha'],
      ]) {
        const run = locus(args);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stderr).toMatch(
          /ignoring index\.cacheDir in .*locus\.config\.json: the workspace is not trusted/,
        );
      }
      expect(() => readdirSync(outside)).toThrow(); // never created
      expect(readdirSync(path.join(base, 'xdg-cache', 'locus')).length).toBeGreaterThan(0); // the user cache instead
    });

    it('is used when the workspace is trusted (the control)', () => {
      expect(locus(['symbols', 'alpha'], true).code).toBe(0);
      expect(readdirSync(outside).some((f) => f.startsWith('index-'))).toBe(true);
    });
  });
}
