/**
 * The bundle (dist/bundle/, what the `locus` binary runs) and the compiled modules (dist/, what library tests
 * and the bench import) compute the same index version (docs/architecture.md, "Build"), so an index the CLI
 * persisted is loaded by the modules without parsing anything again.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureBuilt } from '../mcp/support.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const ROOT = path.join(REPO, 'test/fixtures/python');
let cacheDir = '';

beforeAll(async () => {
  await ensureBuilt();
  cacheDir = mkdtempSync(path.join(tmpdir(), 'locus-bundle-cache-'));
});
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

it('an index persisted by the CLI is loaded from the cache by the compiled modules', async () => {
  const cli = spawnSync(
    process.execPath,
    [path.join(REPO, 'bin/locus.js'), 'symbols', 'zzzNoSuchName', '--root', ROOT, '--json'],
    { encoding: 'utf8', env: { ...process.env, LOCUS_CACHE_DIR: cacheDir } },
  );
  expect(JSON.parse(cli.stdout)).toMatchObject({ ok: true });
  const previous = process.env.LOCUS_CACHE_DIR;
  process.env.LOCUS_CACHE_DIR = cacheDir;
  try {
    const { WorkspaceIndex } = (await import(
      pathToFileURL(path.join(REPO, 'dist/index/index.js')).href
    )) as typeof import('../../src/index/index.js');
    const index = new WorkspaceIndex(ROOT);
    const status = await index.fresh();
    index.close();
    expect(status.total).toBeGreaterThan(0);
    expect({ fromCache: status.fromCache, parsed: status.parsed }).toEqual({
      fromCache: status.total,
      parsed: 0,
    });
  } finally {
    if (previous === undefined) delete process.env.LOCUS_CACHE_DIR;
    else process.env.LOCUS_CACHE_DIR = previous;
  }
});
