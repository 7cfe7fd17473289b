/**
 * The diff of a big edit, and the parse of the big file it plans on, run in the syntax worker (issue 25 §2,
 * docs/security.md "Prompt exit and no head-of-line blocking"): the same answers as on the calling thread, a cancel
 * answered CANCELLED and a deadline TIMEOUT naming the work, while a small edit's diff stays on the calling thread
 * (no worker hop; a cancel does not reach it there). The worker exists only compiled, so this file drives the
 * compiled offload (`dist/`, rebuilt when a source is newer).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as OffloadModule from '../../src/ops/locating/offload.js';
import type * as LocatorModule from '../../src/ops/locating/locator.js';
import { boundedDiff, type DiffInput } from '../../src/ops/locating/diff.js';
import { ensureBuilt, REPO } from '../mcp/support.js';
import { removeDir, tempDir } from '../index/support.js';

let offloadModule: typeof OffloadModule;
let locator: LocatorModule.Locator;
const root = tempDir('edit-offload');

beforeAll(async () => {
  await ensureBuilt();
  offloadModule = (await import(path.join(REPO, 'dist/ops/locating/offload.js'))) as typeof OffloadModule;
  const locating = (await import(path.join(REPO, 'dist/ops/locating/locator.js'))) as typeof LocatorModule;
  locator = locating.createLocator({ root });
});

afterAll(async () => {
  await locator.close();
  removeDir(root);
});

const lines = (n: number, line: (i: number) => string): string =>
  Array.from({ length: n }, (_, i) => line(i)).join('');
/** A file of `n` lines and the same file with every third line changed: a diff of many hunks. */
const change = (n: number): DiffInput => ({
  file_path: 'big.py',
  before: lines(n, (i) => `    value_${i} = compute(${i})\n`),
  after: lines(n, (i) =>
    i % 3 === 0 ? `    value_${i} = other(${i})\n` : `    value_${i} = compute(${i})\n`,
  ),
});

/** Runs `body` with a fresh offload (its own worker), closed afterwards. */
async function withOffload<T>(
  body: (offload: OffloadModule.SyntaxOffload) => Promise<T>,
  deadlineMs?: number,
): Promise<T> {
  const offload = new offloadModule.SyntaxOffload(locator, deadlineMs === undefined ? {} : { deadlineMs });
  try {
    return await body(offload);
  } finally {
    await offload.close();
  }
}

describe('the diff of an edit through the syntax offload', () => {
  const big = change(20_000);
  const small = change(30);

  it('sizes the inputs on both sides of the threshold', () => {
    expect(Math.max(big.before.length, big.after.length)).toBeGreaterThanOrEqual(
      offloadModule.OFFLOAD_MIN_BYTES,
    );
    expect(Math.max(small.before.length, small.after.length)).toBeLessThan(offloadModule.OFFLOAD_MIN_BYTES);
  });

  it('a big diff made in the worker is the diff made here, within the budget or whole', async () => {
    for (const [budget, full] of [
      [undefined, false],
      [undefined, true],
    ] as const) {
      const here = boundedDiff([big], budget, full);
      const there = await withOffload((offload) => offload.diff([big], budget, full, undefined));
      expect(there).toEqual(here);
    }
  });

  it('a cancelled big diff is CANCELLED; a small one is made here, where no cancel reaches', async () => {
    const cancelled = AbortSignal.abort();
    await expect(
      withOffload((offload) => offload.diff([big], undefined, true, cancelled)),
    ).rejects.toMatchObject({
      code: 'CANCELLED',
    });
    const made = await withOffload((offload) => offload.diff([small], undefined, true, cancelled));
    expect(made).toEqual(boundedDiff([small], undefined, true));
  });

  it('the outline and comments of a big file an edit plans on are made in the worker, as here; cancelled: CANCELLED', async () => {
    const text = `def table():\n${big.before}    return 0\n`;
    const key = path.join(root, 'table.py');
    const here = await locator.syntax.outline(key, 'python', text);
    const there = await withOffload((offload) => offload.outline(key, 'python', text, undefined));
    expect(there).toEqual(here);
    expect(there.symbols.map((s) => s.name)).toEqual(['table']);
    const commented = `${text}# a comment\n`;
    const comments = await withOffload((offload) => offload.comments(key, 'python', commented, undefined));
    expect(comments).toEqual(await locator.syntax.comments(key, 'python', commented));
    expect(comments).toHaveLength(1);
    await expect(
      withOffload((offload) => offload.outline(key, 'python', text, AbortSignal.abort())),
    ).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('past the deadline, a big diff or parse is a TIMEOUT that names it, with a hint', async () => {
    // A deadline of 1 ms: the worker cannot even start in it, let alone diff or parse 1.3 MB.
    const diffed = withOffload((offload) => offload.diff([big], undefined, true, undefined), 1);
    await expect(diffed).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: expect.stringMatching(/^Diffing the edited files took longer than 1 ms/),
      hint: expect.stringMatching(/smaller/),
    });
    const text = `def table():\n${big.before}    return 0\n`;
    const parsed = withOffload(
      (offload) => offload.outline(path.join(root, 't.py'), 'python', text, undefined),
      1,
    );
    await expect(parsed).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: expect.stringMatching(/^Parsing the edited file took longer than 1 ms/),
      hint: expect.stringMatching(/Nothing was written/),
    });
  });
});
