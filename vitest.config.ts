import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Server caches (clangd's index) of the many temp projects go to one temp folder, not the user's cache.
    env: { LOCUS_CACHE_DIR: process.env.LOCUS_CACHE_DIR ?? join(tmpdir(), 'locus-test-cache') },
  },
});
