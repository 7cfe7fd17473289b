/**
 * The index through the real `locus` binary (worker threads, persisted cache): 20,000 generated files (2,000
 * through the daemon) in five languages plus the odd cases with exact counts, one-shot freshness between
 * processes, two processes indexing one root at once, and `references "Cart.total"` with no file named.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, REPO } from '../mcp/support.js';
import { describeWithServer } from '../helpers/require-server.js';
import { answeredByDaemon, coldStart } from '../helpers/cli-mode.js';
import {
  generateFiles,
  generatedPath,
  GENERATED_SYMBOLS,
  removeDir,
  RUNNING_AS_ROOT,
  tempDir,
  writeOddCases,
  writeTree,
} from './support.js';

/** The cases, run in-process by ./cli-index.test.ts and through the background Locus by ./cli-index.daemon.test.ts. */
export function cliIndexCases(): void {
  const BIN = path.join(REPO, 'bin/locus.js');
  let cacheDir: string;
  const env = () => ({ ...process.env, LOCUS_CACHE_DIR: cacheDir });

  function locus(root: string, args: string[]): { code: number; stdout: string; stderr: string } {
    const run = spawnSync(process.execPath, [BIN, ...args, '--root', root], {
      encoding: 'utf8',
      env: env(),
      timeout: 600_000,
    });
    return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
  }

  function locusAsync(root: string, args: string[]): Promise<{ code: number; stdout: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [BIN, ...args, '--root', root], { env: env() });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.on('close', (code) => resolve({ code: code ?? -1, stdout }));
    });
  }

  interface SymbolsJson {
    ok: boolean;
    total: number;
    hits: { path: string; file_path: string; locate: string }[];
    index: {
      files: number;
      symbols: number;
      complete: boolean;
      skipped: Record<string, number>;
      from_cache: number;
      parsed: number;
    };
  }
  const symbolsJson = (root: string, query: string): SymbolsJson =>
    JSON.parse(locus(root, ['symbols', query, '--json']).stdout) as SymbolsJson;

  beforeAll(async () => {
    cacheDir = tempDir('cli-cache');
    await ensureBuilt();
  });
  afterAll(() => removeDir(cacheDir));

  /**
   * In-process, the scale: 20,000 files. Through the daemon the same test checks that the daemon answers as the
   * in-process run does, which 2,000 files show as well (the 18,000 more cost ~15 s of CPU a run).
   */
  const GENERATED_COUNT = answeredByDaemon() ? 2_000 : 20_000;

  describe(`${GENERATED_COUNT} generated files plus the odd cases`, () => {
    let root: string;
    let outside: string;
    afterAll(() => {
      removeDir(root);
      removeDir(outside);
    });

    it('indexes every source file exactly once and counts what it skipped', () => {
      root = tempDir('big');
      outside = tempDir('big-outside');
      const generated = generateFiles(root, GENERATED_COUNT);
      const odd = writeOddCases(root, outside);
      if (RUNNING_AS_ROOT) console.warn('SKIPPED: the unreadable-file case (running as root)');
      const result = symbolsJson(root, `C${GENERATED_COUNT - 5}`);
      const expectedSymbols =
        generated.reduce((sum, p) => sum + (GENERATED_SYMBOLS[p.slice(p.lastIndexOf('.') + 1)] ?? 0), 0) +
        odd.indexed.length; // each odd file declares one function
      expect(result.index).toMatchObject({
        files: generated.length + odd.indexed.length + odd.data.length,
        symbols: expectedSymbols,
        complete: true,
        skipped: odd.skipped,
        // every file read once: the indexed ones and the binary/unreadable ones found out by reading
        parsed:
          generated.length +
          odd.indexed.length +
          odd.data.length +
          odd.skipped.binary +
          odd.skipped.unreadable,
      });
      expect(result.hits[0]).toMatchObject({
        path: `C${GENERATED_COUNT - 5}`,
        file_path: generatedPath(GENERATED_COUNT - 5, 'py'),
      });
      expect(symbolsJson(root, 'outside_secret').total).toBe(0);
      coldStart(root, env()); // a new process loads what the last one persisted
      const again = symbolsJson(root, `G${GENERATED_COUNT - 3}`);
      expect(again.index, JSON.stringify(again.index)).toMatchObject({
        from_cache: generated.length + odd.indexed.length + odd.data.length,
        parsed: 0,
      });
      expect(again.hits[0]?.locate).toBe(
        `${generatedPath(GENERATED_COUNT - 3, 'go')}:G${GENERATED_COUNT - 3}`,
      );
    });
  });

  describe('one-shot freshness and concurrency', () => {
    let root: string;
    afterAll(() => removeDir(root));

    it('two processes indexing one root at once both answer, and leave a valid cache', async () => {
      root = tempDir('twice');
      generateFiles(root, 1500);
      const [a, b] = await Promise.all([
        locusAsync(root, ['symbols', 'C1495', '--json']),
        locusAsync(root, ['symbols', 'f1496', '--json']),
      ]);
      for (const [run, file] of [
        [a, 'gen-src/d7/f1495.py'],
        [b, 'gen-src/d7/f1496.ts'],
      ] as const) {
        expect(run.code).toBe(0);
        const body = JSON.parse(run.stdout) as SymbolsJson;
        expect(body.hits[0]?.file_path).toBe(file);
        expect(body.index.files).toBe(1500);
      }
      expect(readdirSync(cacheDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
      coldStart(root, env());
      const third = symbolsJson(root, 'J1499');
      expect(third.index).toMatchObject({ files: 1500, from_cache: 1500, parsed: 0 });
    });

    it('sees files created, edited, renamed and deleted between runs', () => {
      writeTree(root, { 'fresh/new_mod.py': 'class Fresh:\n    def total(self):\n        return 1\n' });
      expect(locus(root, ['locate', 'Fresh.total', '--json']).stdout).toContain(
        '"file_path":"fresh/new_mod.py"',
      );
      writeFileSync(
        path.join(root, 'fresh/new_mod.py'),
        'class Fresh:\n    def grand_total(self):\n        return 1\n',
      );
      expect(JSON.parse(locus(root, ['locate', 'Fresh.total', '--json']).stdout)).toMatchObject({
        ok: false,
        error: { code: 'SYMBOL_NOT_FOUND' },
      });
      renameSync(path.join(root, 'fresh/new_mod.py'), path.join(root, 'fresh/renamed.py'));
      expect(symbolsJson(root, 'grand_total').hits.map((h) => h.locate)).toEqual([
        'fresh/renamed.py:Fresh.grand_total',
      ]);
      unlinkSync(path.join(root, 'fresh/renamed.py'));
      expect(symbolsJson(root, 'grand_total').total).toBe(0);
    });
  });

  describeWithServer('pyright', 'an LSP operation with no file named', () => {
    let root: string;
    afterAll(() => removeDir(root));

    it('`references "Cart.total"` finds the method through the index and asks the server', () => {
      root = tempDir('refs');
      writeTree(root, {
        'pyproject.toml': '[project]\nname = "shop"\n',
        'src/shop/cart.py': 'class Cart:\n    def total(self):\n        return 1\n',
        'src/main.py': 'from shop.cart import Cart\n\n\ndef run():\n    return Cart().total()\n',
      });
      const run = locus(root, ['references', 'Cart.total', '--json']);
      expect(run.code).toBe(0);
      const body = JSON.parse(run.stdout) as { notes: string[]; references?: unknown; files?: unknown };
      expect(body.notes).toContain('found in the workspace index: src/shop/cart.py:Cart.total');
      expect(run.stdout).toContain('src/main.py');
      expect(readFileSync(path.join(root, 'src/main.py'), 'utf8')).toContain('Cart().total()');
    });
  });
}
