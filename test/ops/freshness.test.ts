/**
 * The freshness check (docs/performance.md, "freshness"): with folder watchers, a check after no
 * change does no sweep (no stat per file); a change on disk is still reported by the next check.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FreshnessTracker } from '../../src/ops/context/freshness.js';

describe('FreshnessTracker', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function project(files: number): string[] {
    const dir = mkdtempSync(path.join(tmpdir(), 'locus-fresh-'));
    dirs.push(dir);
    return Array.from({ length: files }, (_, i) => {
      const file = path.join(dir, `f${i}.ts`);
      writeFileSync(file, `export const v${i} = ${i};\n`);
      return file;
    });
  }

  it('watching: no sweep while nothing changed, and the next change is reported', async () => {
    const files = project(50);
    const tracker = new FreshnessTracker(true);
    for (const file of files) tracker.remember(file);
    expect(await tracker.changesSettled()).toEqual([]);
    const sweeps = tracker.sweeps;
    for (let i = 0; i < 20; i++) expect(await tracker.changesSettled()).toEqual([]);
    expect(tracker.sweeps).toBe(sweeps);
    writeFileSync(files[7] as string, 'export const v7 = 70;\n');
    expect(await tracker.changesSettled()).toEqual([{ path: files[7], kind: 'changed' }]);
    expect(tracker.epoch).toBe(1);
    tracker.close();
  });

  it('without watching, every check sweeps', async () => {
    const files = project(3);
    const tracker = new FreshnessTracker();
    for (const file of files) tracker.remember(file);
    await tracker.changesSettled();
    await tracker.changesSettled();
    expect(tracker.sweeps).toBe(2);
    writeFileSync(files[1] as string, 'export const v1 = 10;\n');
    expect(await tracker.changesSettled()).toEqual([{ path: files[1], kind: 'changed' }]);
  });
});
