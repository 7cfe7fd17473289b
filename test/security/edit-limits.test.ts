/**
 * Greedy edit texts (issue 25 §3, docs/security.md "Limits"): the new text of one `edit` call is bounded
 * (`limits.maxEditLength`, LIMIT_EXCEEDED with a hint, before any work), so are the edits per call; under the
 * bound the preview's cost is linear — a replacement of almost the limit previews as one hunk (the minimal line
 * diff is tried within a step budget only), which would take minutes with a quadratic diff.
 */
import { afterAll, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/core/limits.js';
import { createLocus } from '../../src/ops/locus.js';
import { scratch } from './support.js';

const functions = Array.from({ length: 400 }, (_, i) => `def f${i}(x):\n    return x + ${i}\n`).join('\n\n');
const ws = scratch({ 'big.py': functions });
const locus = createLocus({ root: ws.root });
afterAll(async () => {
  await locus.close();
  ws.cleanup();
});

const body = (lines: number): string =>
  `def f200(x):\n${Array.from({ length: lines }, (_, i) => `    v${i} = x * ${i}\n`).join('')}    return x\n`;

it('a text over maxEditLength is LIMIT_EXCEEDED naming the limit, with a hint', async () => {
  const text = body(80_000);
  expect(text.length).toBeGreaterThan(DEFAULT_LIMITS.maxEditLength);
  const result = await locus.edit([{ locate: 'big.py:f200', action: 'replace', text }]);
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error).toMatchObject({
    code: 'LIMIT_EXCEEDED',
    details: { limit: 'maxEditLength', actual: text.length, max: DEFAULT_LIMITS.maxEditLength },
  });
  expect(result.error.hint).toMatch(/limits\.maxEditLength/);
});

it('the limit counts every edit of the call, and the edits per call are bounded', async () => {
  const half = body(40_000);
  const twice = await locus.edit([
    { locate: 'big.py:f1', action: 'replace', text: half },
    { locate: 'big.py:f2', action: 'replace', text: half },
  ]);
  expect(twice.ok || twice.error.code).toBe('LIMIT_EXCEEDED');
  const many = Array.from({ length: 1001 }, () => ({ locate: 'big.py:f3', action: 'delete' as const }));
  const tooMany = await locus.edit(many);
  expect(tooMany.ok || tooMany.error.details).toMatchObject({ limit: 'maxEdits', actual: 1001 });
});

it('a replacement near the limit previews, its diff one hunk with every new line', async () => {
  const text = body(45_000);
  expect(text.length).toBeLessThanOrEqual(DEFAULT_LIMITS.maxEditLength);
  const result = await locus.edit([{ locate: 'big.py:f200', action: 'replace', text }], { budget: 1e9 });
  expect(result.ok, result.ok ? '' : result.error.message).toBe(true);
  if (!result.ok) return;
  expect(result.diff.match(/^@@ /gm)).toHaveLength(1);
  expect(result.diff.match(/^\+ {4}v\d+ = /gm)).toHaveLength(45_000);
});
