/**
 * References pages (docs/performance.md, "references"): later pages come from the cached answer of the
 * same question and together equal the one-page answer; an applied edit starts a new answer.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
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

const places = (result: ReferencesResult): string[] =>
  result.files.flatMap((f) =>
    f.references.map((r) => `${r.file_path}:${r.position.line}:${r.position.character}`),
  );

if (testCase) {
  describeWithServer(testCase.server, 'references pages (typescript)', () => {
    let root: string;
    let locus: Locus;
    beforeAll(() => {
      root = mkdtempSync(path.join(tmpdir(), 'locus-pages-'));
      cpSync(path.join(FIXTURES, testCase.fixture), root, { recursive: true });
      locus = createLocus({ root });
    });
    afterAll(async () => {
      await locus.close();
      rmSync(root, { recursive: true, force: true });
    });

    it('pages of one question add up to the whole answer, asking the server once', async () => {
      const whole = ok(await locus.references(testCase.references.at));
      expect(whole.total).toBeGreaterThan(1);
      const session = locus.context.lsp.sessionFor(path.join(root, whole.files[0]?.file_path ?? ''));
      const asked: unknown[] = [];
      const original = session.references.bind(session);
      session.references = (...args: Parameters<typeof original>) => {
        asked.push(args);
        return original(...args);
      };
      locus.context.freshness.noteChange(); // a new question from here on
      const paged: string[] = [];
      for (let page = 1; page <= whole.total; page++)
        paged.push(...places(ok(await locus.references(testCase.references.at, { page, pageSize: 1 }))));
      expect(paged).toEqual(places(whole));
      expect(asked.length).toBe(1);
      session.references = original;
    });
  });
}
