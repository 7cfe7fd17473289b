/**
 * Cancellation of the offline calls (issue 25 §6): find_symbol (`symbols`), `search`, `source` (read_symbol),
 * `locate` and `outline` take the caller's signal. A call whose signal fires while it waits for the first index
 * build answers CANCELLED before the build is done, and the build goes on for the next caller; a call cancelled
 * before it starts answers CANCELLED without doing anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocus, type Locus } from '../../src/ops/locus.js';
import { generateFiles, tempDir } from '../index/support.js';
import { rmSync } from 'node:fs';

let root: string;
let locus: Locus;

beforeAll(() => {
  root = tempDir('cancel');
  generateFiles(root, 1_500);
  locus = createLocus({ root, index: { noCache: true } });
});
afterAll(async () => {
  await locus?.close();
  rmSync(root, { recursive: true, force: true });
});

const code = (result: unknown) => (result as { error?: { code: string } }).error?.code;

describe('offline calls take a cancel', () => {
  it.each([
    ['symbols', (signal: AbortSignal) => locus.symbols('C1', { signal })],
    ['search', (signal: AbortSignal) => locus.search('*@return', { signal })],
    ['source', (signal: AbortSignal) => locus.source('C1.m1', { signal })],
    ['locate', (signal: AbortSignal) => locus.locate('*:C1', { signal })],
    ['outline', (signal: AbortSignal) => locus.outline('gen-src/0/f0.py', { signal })],
  ])('%s cancelled before it starts answers CANCELLED', async (_name, run) => {
    expect(code(await run(AbortSignal.abort()))).toBe('CANCELLED');
  });

  it('a wait for the first build ends at the cancel; the build goes on and the next call is answered', async () => {
    const controller = new AbortController();
    let cancelledWhileBuilding = false;
    const waiting = locus.symbols('C1', {
      signal: controller.signal,
      // The first progress event comes from the build itself: cancel then, while it runs.
      onProgress: ({ done, total }) => {
        if (controller.signal.aborted) return;
        cancelledWhileBuilding = done < total;
        controller.abort();
      },
    });
    expect(code(await waiting)).toBe('CANCELLED');
    expect(cancelledWhileBuilding).toBe(true);
    expect(locus.index.peek()?.status().complete).toBe(false);
    const next = await locus.symbols('C1', { exact: true });
    expect(next).toMatchObject({ ok: true, index: { complete: true } });
  });
});
