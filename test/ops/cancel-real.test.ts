/**
 * Cancellation and progress against a real server (pyright, whose cold start reports a project load): a rename
 * with `apply: true` cancelled while the server starts or loads answers CANCELLED and writes nothing; the server
 * is reused by the next call, sees no request left running, and is gone after close.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ProgressEvent } from '../../src/core/call.js';
import { liveGroups } from '../../src/lsp/process-registry.js';
import { createLocus, type Locus } from '../../src/ops/locus.js';
import { describeWithServer } from '../helpers/require-server.js';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/python/project');

describeWithServer('pyright', 'cancellation on a real server (pyright)', () => {
  let root: string;
  let locus: Locus;
  const snapshot = () =>
    Object.fromEntries(readdirSync(root).map((name) => [name, readFileSync(path.join(root, name), 'utf8')]));

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'locus-cancel-real-'));
    cpSync(FIXTURE, root, { recursive: true });
    locus = createLocus({ root });
  });
  afterAll(async () => {
    await locus?.close();
    rmSync(root, { recursive: true, force: true });
  });

  for (const stage of ['server-starting', 'server-ready'] as const) {
    it(`a rename cancelled at ${stage} answers CANCELLED and writes nothing`, async () => {
      const cold = createLocus({ root });
      try {
        const before = snapshot();
        const controller = new AbortController();
        const result = await cold.rename('cart.py:Cart.total', 'grand_total', {
          apply: true,
          signal: controller.signal,
          onProgress: (event: ProgressEvent) => {
            if (event.kind === stage) controller.abort();
          },
        });
        expect(controller.signal.aborted, `no ${stage} event`).toBe(true);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.code).toBe('CANCELLED');
        expect(snapshot()).toEqual(before);
      } finally {
        await cold.close();
      }
      expect(liveGroups()).toEqual([]);
    });
  }

  it('after a cancel the same server answers the next call; close leaves nothing running', async () => {
    const controller = new AbortController();
    // references waits for the project to load (hover may answer before it: docs/performance.md), so the
    // cancel lands while the call is still waiting.
    const cancelled = await locus.references('cart.py:Cart.total', {
      signal: controller.signal,
      onProgress: (event) => {
        if (event.kind === 'server-ready') controller.abort();
      },
    });
    expect(cancelled.ok ? 'ok' : cancelled.error.code).toBe('CANCELLED');
    const preview = await locus.rename('cart.py:Cart.total', 'grand_total');
    expect(preview.ok, preview.ok ? '' : preview.error.message).toBe(true);
    if (preview.ok) expect(preview.applied).toBe(false);
    const started = locus.context.lsp.allSessions().map((s) => s.info().starts);
    expect(started).toEqual([1]);
    await locus.close();
    expect(liveGroups()).toEqual([]);
  });
});
