import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Every diff an operation makes in a test is checked with `git apply --check` (test/setup/diff-audit.ts).
    setupFiles: ['test/setup/diff-audit.ts'],
    // Caps against a real hang, never a budget: the suite must pass beside other work (two more copies of itself
    // on two cores, CONTRIBUTING.md "Tests"). Measured at load 40–54: packing and installing the package (a hook of
    // test/package/pack.test.ts) and the bench smoke run each took over 9 minutes. No test sets its own.
    testTimeout: 1_800_000,
    hookTimeout: 1_800_000,
    pool: 'forks',
    // Most of a real-server test is waiting (server start, project load), not computing: four files at once on
    // two cores halve the suite (379 s → 163 s in CI mode) and pass under load (CONTRIBUTING.md, "Tests").
    maxWorkers: 4,
    // Server caches (clangd's index) of the many temp projects go to one temp folder, not the user's cache.
    env: { LOCUS_CACHE_DIR: process.env.LOCUS_CACHE_DIR ?? join(tmpdir(), 'locus-test-cache') },
  },
});
