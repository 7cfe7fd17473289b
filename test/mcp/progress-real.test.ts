/**
 * Progress from a real cold start through the SDK client: pyright starting, loading the project and becoming
 * ready arrive as `notifications/progress` before the answer; a client without a progress token gets none.
 */
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithServer } from '../helpers/require-server.js';
import { connectInMemory, makeWorkspace, removeDir, text } from './support.js';

describeWithServer('pyright', 'progress during a real cold start (pyright)', () => {
  let ws: string;
  let session: Awaited<ReturnType<typeof connectInMemory>>;
  beforeAll(async () => {
    ws = makeWorkspace();
    session = await connectInMemory({ root: ws });
  });
  afterAll(async () => {
    await session?.client.close();
    await session?.server.close();
    if (ws) removeDir(ws);
  });

  it('reports the start, the project load and readiness, in order', async () => {
    const seen: Progress[] = [];
    const result = await session.client.callTool(
      { name: 'references', arguments: { locate: 'python/pricing.py:add_tax' } },
      undefined,
      { onprogress: (p) => seen.push(p), timeout: 600_000 },
    );
    expect(result.isError, text(result)).toBeFalsy();
    const messages = seen.map((p) => p.message ?? '');
    const at = (pattern: RegExp) => messages.findIndex((m) => pattern.test(m));
    expect(at(/^starting pyright$/)).toBe(0);
    expect(at(/^pyright ready after [\d.]+ s/)).toBeGreaterThan(0);
    const second: Progress[] = [];
    await session.client.callTool(
      { name: 'references', arguments: { locate: 'python/pricing.py:add_tax' } },
      undefined,
      { onprogress: (p) => second.push(p), timeout: 600_000 },
    );
    expect(second.map((p) => p.message).filter((m) => /starting|ready/.test(m ?? ''))).toEqual([]);
  });
});
