/**
 * Describe once (issue 26 §2): the locate string of a reported place is computed once per (file version,
 * offset). A repeated references answer and a repeated page describe nothing again; a changed file is described
 * afresh (its view is a new version), so no stale locate string survives an edit. Real server (TypeScript).
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLocus, type Locus, type Outcome } from '../../src/ops/locus.js';
import type { ReferencesResult } from '../../src/ops/navigation/references.js';
import { describeWithServer } from '../helpers/require-server.js';
import { OPS_CASES } from './cases.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const testCase = OPS_CASES.find((c) => c.language === 'typescript');

function ok(result: Outcome<ReferencesResult>): ReferencesResult {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result;
}

const locates = (result: ReferencesResult): (string | undefined)[] =>
  result.files.flatMap((f) => f.references.map((r) => r.locate));

if (testCase) {
  describeWithServer(testCase.server, 'describe once (typescript)', () => {
    let root: string;
    let locus: Locus;
    beforeAll(() => {
      root = mkdtempSync(path.join(tmpdir(), 'locus-describe-once-'));
      cpSync(path.join(FIXTURES, testCase.fixture), root, { recursive: true });
      locus = createLocus({ root });
    });
    afterAll(async () => {
      await locus.close();
      rmSync(root, { recursive: true, force: true });
    });

    const computed = () => locus.context.describedPlaces?.computed ?? Number.NaN;

    it('describes each place of an answer once; the same answer again and its pages describe nothing', async () => {
      const first = ok(await locus.references(testCase.references.at));
      const hits = locates(first);
      expect(hits.length).toBeGreaterThan(1);
      expect(hits.every((locate) => typeof locate === 'string')).toBe(true);
      const afterFirst = computed();
      expect(afterFirst).toBeGreaterThanOrEqual(new Set(hits).size);

      const again = ok(await locus.references(testCase.references.at));
      expect(locates(again)).toEqual(hits);
      const page = ok(await locus.references(testCase.references.at, { page: 2, pageSize: 1 }));
      expect(locates(page)).toEqual([hits[1]]);
      expect(computed()).toBe(afterFirst);
    });

    it('describes a changed file afresh (a new version), never reusing a string of the old text', async () => {
      const first = ok(await locus.references(testCase.references.at));
      const before = computed();
      const file = first.files[0]?.file_path ?? '';
      appendFileSync(path.join(root, file), '\n// appended: a new version of the file\n');
      locus.context.freshness.noteChange();
      const changed = ok(await locus.references(testCase.references.at));
      expect(computed()).toBeGreaterThan(before);
      // Every locate string still resolves to its own place in the new text.
      for (const ref of changed.files.flatMap((f) => f.references)) {
        const back = await locus.locate(ref.locate ?? '');
        expect(back.ok && back.position, ref.locate).toEqual(ref.position);
      }
    });
  });
}
