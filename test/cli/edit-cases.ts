/**
 * The real `locus edit` binary: preview (nothing written), apply with the fingerprint, --file from stdin,
 * JSON answer with the new locate strings, usage errors (exit 2) and UNSAFE_EDIT (exit 1).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../mcp/support.js';

/** The cases, run in-process by ./edit.test.ts and through the background Locus by ./edit.daemon.test.ts. */
export function editCases(): void {
  const REPO = path.resolve(import.meta.dirname, '../..');
  const BIN = path.join(REPO, 'bin/locus.js');
  let root: string;

  beforeAll(async () => {
    await ensureBuilt(); // under the suite's build lock (files run in parallel)
    root = mkdtempSync(path.join(tmpdir(), 'locus-cli-edit-'));
    cpSync(path.join(REPO, 'test/fixtures/edit'), root, { recursive: true });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  function locus(args: string[], input?: string): { code: number; stdout: string; stderr: string } {
    const run = spawnSync(process.execPath, [BIN, 'edit', ...args, '--root', root], {
      input,
      encoding: 'utf8',
      timeout: 600_000,
    });
    return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
  }

  const read = (file: string): string => readFileSync(path.join(root, file), 'utf8');

  describe('locus edit', () => {
    it('previews, then applies exactly that preview with --fingerprint', () => {
      const before = read('cart.py');
      const args = ['cart.py:Cart.add', '--insert-after', '--file', '-'];
      const code = 'def count(self):\n    return len(self.items)\n';
      const preview = locus([...args, '--json'], code);
      expect(preview.code, preview.stderr).toBe(0);
      const body = JSON.parse(preview.stdout) as { fingerprint: string; applied: boolean };
      expect(body.applied).toBe(false);
      expect(read('cart.py')).toBe(before);
      const applied = locus([...args, '--fingerprint', body.fingerprint], code);
      expect(applied.code, applied.stderr).toBe(0);
      expect(applied.stdout).toContain('method Cart.count: `cart.py:Cart.count`');
      expect(read('cart.py')).toContain('    def count(self):\n        return len(self.items)\n');
    });

    it('refuses a broken result with UNSAFE_EDIT (exit 1), nothing written', () => {
      const before = read('cart.ts');
      const run = locus([
        'cart.ts:helper',
        '--replace',
        '--text',
        'export function helper(x: number {',
        '--apply',
      ]);
      expect(run.code).toBe(1);
      expect(run.stderr + run.stdout).toContain('UNSAFE_EDIT');
      expect(read('cart.ts')).toBe(before);
    });

    it('usage errors exit 2', () => {
      expect(locus(['cart.ts:helper', '--text', 'x']).code).toBe(2);
      expect(locus(['cart.ts:helper', '--delete', '--replace']).code).toBe(2);
      expect(locus(['cart.ts:helper', '--replace']).code).toBe(2);
      expect(locus(['cart.ts:helper', '--delete', '--text', 'x']).code).toBe(2);
    });
  });
}
