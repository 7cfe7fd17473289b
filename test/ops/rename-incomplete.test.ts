/**
 * A rename the server answered before it was ready may miss places (docs/operations.md, "What the operations do"):
 * it is previewed and flagged, `apply` refuses it with UNSAFE_EDIT and writes nothing, and `force` applies it. The
 * scripted fake server stands in for a server that stays "loading" (a real one cannot be held there on demand).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createLocus, type Locus } from '../../src/ops/locus.js';
import { FAKE_SERVER, removeDir, tempDir } from '../mcp/support.js';

const SOURCE = 'def slow():\n    return 1\n';
const cleanup: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A workspace whose python server says it is ready only after an hour, and Locus waits 100 ms for it. */
function loadingForever(): { ws: string; locus: Locus } {
  const ws = tempDir('rename-incomplete');
  writeFileSync(join(ws, 'app.py'), SOURCE);
  const config = {
    readyTimeoutMs: 100,
    languages: {
      python: { server: 'pyright', command: process.execPath, args: [FAKE_SERVER, '--ready-after=3600000'] },
    },
  };
  writeFileSync(join(ws, 'locus.config.json'), JSON.stringify(config));
  // trust: the config names the fake server's command, which an untrusted workspace may not (docs/configuration.md).
  const locus = createLocus({ root: ws, trust: true });
  cleanup.push(async () => {
    await locus.close();
    removeDir(ws);
  });
  return { ws, locus };
}

it('previews a possibly incomplete rename, refuses to apply it, and applies it when forced', async () => {
  const { ws, locus } = loadingForever();
  const preview = await locus.rename('app.py:slow', 'quick');
  expect(preview.ok).toBe(true);
  if (preview.ok) {
    expect(preview.possibly_incomplete).toBe(true);
    expect(preview.incomplete_reason).toMatch(/no sign of readiness/);
  }

  const refused = await locus.rename('app.py:slow', 'quick', { apply: true });
  expect(refused.ok).toBe(false);
  if (!refused.ok) {
    expect(refused.error.code).toBe('UNSAFE_EDIT');
    expect(refused.error.message).toContain('may be incomplete');
    expect(refused.error.hint).toContain('force');
  }
  expect(readFileSync(join(ws, 'app.py'), 'utf8')).toBe(SOURCE);

  const forced = await locus.rename('app.py:slow', 'quick', { apply: true, force: true });
  expect(forced.ok).toBe(true);
  expect(readFileSync(join(ws, 'app.py'), 'utf8')).not.toBe(SOURCE);
});
