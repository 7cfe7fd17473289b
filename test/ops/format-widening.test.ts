/**
 * Regression (issue 13): gopls has no range formatting, and formatting a function silently formatted the whole
 * file. The answer now says the range could not be honoured and which lines the edits touch.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { widening } from '../../src/ops/edits/format.js';
import { createLocus, type Locus } from '../../src/ops/locus.js';
import { describeWithServer } from '../helpers/require-server.js';

const range = (a: number, b: number) => ({
  start: { line: a, character: 0 },
  end: { line: b, character: 0 },
});

it('names the touched lines when edits leave the range, and says nothing when they do not', () => {
  const edits = [
    { range: range(2, 2), newText: '' },
    { range: range(6, 7), newText: '' },
    { range: range(8, 8), newText: '' },
  ];
  expect(widening(edits, range(4, 4), false, 'document', 'gopls')).toBe(
    'The range (lines 5-5) could not be honoured: gopls cannot format a range, so the whole document was formatted; the edits touch lines 3, 7-9.',
  );
  expect(widening(edits, range(0, 9), false, 'range', 'clangd')).toBeUndefined();
  expect(widening(edits, range(4, 4), true, 'document', 'gopls')).toBeUndefined();
});

describeWithServer('gopls', 'format widening — gopls', () => {
  let dir: string;
  let locus: Locus;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'locus-format-widening-'));
    writeFileSync(path.join(dir, 'go.mod'), 'module m\n\ngo 1.19\n');
    writeFileSync(
      path.join(dir, 'a.go'),
      'package m\n\nfunc A( ) int {return 1}\n\nfunc B( ) int {return 2}\n\nfunc C( ) int {return 3}\n',
    );
    locus = createLocus({ root: dir });
  });
  afterAll(async () => {
    await locus?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('says the range was widened to the document and which lines change', async () => {
    const result = await locus.formatRange('a.go:B');
    if (!result.ok) throw new Error(result.error.message);
    expect(result.scope).toBe('document');
    const note = result.notes?.find((n) => n.includes('could not be honoured'));
    expect(note).toMatch(/gopls cannot format a range/);
    expect(note).toMatch(/the edits touch lines 3, 5, 7$|the edits touch lines 3, 5, 7\.$/);
  });
});
