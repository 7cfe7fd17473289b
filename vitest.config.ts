import { readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Test files share one process per worker (no per-file isolation: a fresh process per file cost ~0.4 s of CPU each,
 * a quarter of the suite's time on two cores), except the files that need one of their own: those that replace a
 * module (`vi.mock`), and those that say `@own-process` with the reason (they observe process-wide state, such as
 * which grammars are loaded or the WebAssembly compiler choice). Derived from the files, never listed here.
 */
const OWN_PROCESS = readdirSync('test', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => join('test', file))
  .filter((file) => /\bvi\.(?:do)?[mM]ock\(|@own-process\b/.test(readFileSync(file, 'utf8')));

// Server caches (clangd's index) of the many temp projects go to one temp folder, not the user's cache.
const cacheDir = process.env.LOCUS_CACHE_DIR ?? join(tmpdir(), 'locus-test-cache');
const daemons = join(tmpdir(), `locus-test-daemons-${process.pid}`);

export default defineConfig({
  test: {
    // Every diff an operation makes in a test is checked with `git apply --check` (test/setup/diff-audit.ts).
    setupFiles: ['test/setup/diff-audit.ts'],
    // Caps against a real hang, never a budget: the suite must pass beside other work (two more copies of itself
    // on two cores, CONTRIBUTING.md "Tests"). Measured at load 40–54: packing and installing the package (a hook of
    // test/package/pack.test.ts) and the bench smoke run each took over 9 minutes. No test sets its own.
    testTimeout: 1_800_000,
    hookTimeout: 1_800_000,
    pool: 'forks',
    // The test processes compile WebAssembly with V8's baseline compiler only, as every `locus` command does
    // (src/syntax/startup.ts): a test file parses for a second or two, and the optimising tier's background
    // compiles of each grammar it loads cost more CPU than they save (update-differential.test.ts: 27.6 → 17.5 s
    // of CPU; the suite 652 → 579 s). What a parse answers does not depend on the tier.
    execArgv: ['--liftoff-only'],
    // Most of a real-server test is waiting (server start, project load), not computing: four files at once on
    // two cores halve the suite (379 s → 163 s in CI mode) and pass under load (CONTRIBUTING.md, "Tests").
    maxWorkers: 4,
    projects: [
      {
        extends: true,
        test: {
          name: 'in-process',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...OWN_PROCESS],
          isolate: false,
          setupFiles: ['test/setup/shared-process.ts'],
          // The command-line tests run twice (test/helpers/cli-mode.ts): `<name>.test.ts` in-process, and
          // `<name>.daemon.test.ts` through background Locus processes, which must answer exactly the same. Only
          // those files let a `locus` command start a daemon (everywhere else LOCUS_NO_DAEMON=1); their daemons
          // live in folders under this one, stopped at the end of each file and of the run.
          globalSetup: ['test/setup/daemons.ts'],
          env: { LOCUS_CACHE_DIR: cacheDir, LOCUS_NO_DAEMON: '1', LOCUS_TEST_DAEMONS: daemons },
        },
      },
      {
        extends: true,
        test: {
          name: 'own-process',
          include: OWN_PROCESS,
          env: { LOCUS_CACHE_DIR: cacheDir, LOCUS_NO_DAEMON: '1' },
        },
      },
    ],
  },
});
