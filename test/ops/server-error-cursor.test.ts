/**
 * Regression (issue 13): a server error (gopls "no identifier found" for a find that landed in a comment)
 * dropped the cursor context. The error keeps it and says where the locate landed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLocus, type Locus } from '../../src/ops/locus.js';
import { describeWithServer } from '../helpers/require-server.js';

describeWithServer('gopls', 'server errors keep the cursor — gopls', () => {
  let dir: string;
  let locus: Locus;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'locus-server-error-'));
    writeFileSync(path.join(dir, 'go.mod'), 'module m\n\ngo 1.19\n');
    writeFileSync(
      path.join(dir, 'd.go'),
      'package m\n\n// compute the answer here\nfunc D() int { return 4 }\n',
    );
    locus = createLocus({ root: dir });
  });
  afterAll(async () => {
    await locus?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('says the find landed in a comment and keeps the cursor block', async () => {
    const result = await locus.definition('d.go@the <|>answer');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('SERVER_FAILED');
    expect(result.error.message).toContain('The cursor landed in a comment');
    expect(result.error.message).toContain('d.go:3:16');
    expect(result.error.hint).toMatch(/Point the find at code/);
    expect(result.error.details?.cursor).toMatchObject({ display: 'd.go:3:16', symbol: { role: 'comment' } });
  });
});
