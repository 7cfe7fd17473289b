/**
 * An ops context reads `locus.config.json` once (docs/architecture.md, "One cache, one wait"): the language servers,
 * the locator's limits and file languages and the index all get the configuration loaded when the context was built.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/config/load.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/config/load.js')>();
  return {
    ...actual,
    loadConfig: (...args: Parameters<typeof actual.loadConfig>) => {
      loads.count++;
      return actual.loadConfig(...args);
    },
  };
});

const { closeOpsContext, createOpsContext } = await import('../../src/ops/context/context.js');
const { createLocator } = await import('../../src/ops/locating/locator.js');

const root = mkdtempSync(path.join(tmpdir(), 'locus-config-once-'));
writeFileSync(path.join(root, '.git'), '');
writeFileSync(path.join(root, 'a.py'), 'def alpha():\n    return 1\n');
writeFileSync(path.join(root, 'b.py'), 'def beta():\n    return 2\n');
writeFileSync(
  path.join(root, 'locus.config.json'),
  JSON.stringify({
    limits: { maxAtSigns: 7 },
    index: { exclude: ['b.py'], cacheDir: path.join(root, '.cache') },
  }),
);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('configuration per context', () => {
  it('is read once for the servers, the locator and the index', async () => {
    loads.count = 0;
    const context = createOpsContext({ root });
    try {
      expect(context.locator.workspace.limits.maxAtSigns).toBe(7);
      const located = await context.locator.locate('a.py:alpha');
      expect(located.ok).toBe(true);
      const { index, status } = await context.locator.index.ready();
      expect(status.complete).toBe(true);
      // b.py excluded by the config; the config itself is an indexed data file (docs/workspace.md)
      expect(index.store.paths().sort()).toEqual(['a.py', 'locus.config.json']);
      expect(loads.count).toBe(1);
    } finally {
      await closeOpsContext(context);
    }
  });

  it('is read once by a locator on its own, and an invalid config is CONFIG_INVALID at once', async () => {
    loads.count = 0;
    const locator = createLocator({ root });
    await locator.index.ready();
    expect(loads.count).toBe(1);
    await locator.close();
    writeFileSync(path.join(root, 'locus.config.json'), '{ "limits": ');
    // Read the same way as for every operation (docs/configuration.md): no silent fallback to the defaults.
    expect(() => createLocator({ root })).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID' }));
  });
});
