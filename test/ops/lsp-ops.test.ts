/**
 * Every operation against the real language servers, on the fixture project of each language
 * (copied to a temp dir so applied edits never touch the repository).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLocus, type Locus, type Outcome } from '../../src/ops/locus.js';
import type { LocationRef } from '../../src/ops/context/locations.js';
import { describeWithServer } from '../helpers/require-server.js';
import { OPS_CASES } from './cases.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

function ok<T extends { ok: true }>(result: Outcome<T>): T {
  if (!result.ok)
    throw new Error(`${result.error.code}: ${result.error.message} (${result.error.hint ?? ''})`);
  return result;
}

for (const testCase of OPS_CASES) {
  describeWithServer(testCase.server, `operations on ${testCase.language} (${testCase.server})`, () => {
    let root: string;
    let locus: Locus;

    /** `file:line:character` of where a locate string resolves (the expected place). */
    async function place(locate: string): Promise<string> {
      const result = await locus.locate(locate);
      if (!result.ok) throw new Error(`fixture locate ${locate} failed: ${result.error.message}`);
      return `${result.file_path}:${result.position.line}:${result.position.character}`;
    }
    const key = (ref: LocationRef): string =>
      `${ref.file_path}:${ref.position.line}:${ref.position.character}`;

    beforeAll(() => {
      root = mkdtempSync(path.join(tmpdir(), `locus-ops-${testCase.language}-`));
      cpSync(path.join(FIXTURES, testCase.fixture), root, { recursive: true });
      locus = createLocus({ root });
    });
    afterAll(async () => {
      await locus?.close();
      rmSync(root, { recursive: true, force: true });
    });

    it('definition across files, with cursor context and a locate string that resolves back', async () => {
      const result = ok(await locus.definition(testCase.definition.at));
      expect(result.cursor.display).toMatch(/:\d+:\d+$/);
      expect(result.cursor.symbol?.name).toBeTruthy();
      const expected = await Promise.all(testCase.definition.oneOf.map(place));
      expect(result.targets.length).toBeGreaterThan(0);
      expect(expected).toContain(key(result.targets[0] as LocationRef));
      for (const target of result.targets) {
        expect(target.locate).toBeTruthy();
        expect(await place(target.locate as string)).toBe(key(target));
      }
    });

    it('references are complete and exclude the same-named symbol elsewhere', async () => {
      const result = ok(await locus.references(testCase.references.at));
      const found = result.files.flatMap((f) => f.references.map(key));
      for (const locate of testCase.references.expected) expect(found).toContain(await place(locate));
      for (const locate of testCase.references.excluded) expect(found).not.toContain(await place(locate));
      expect(result.total).toBe(found.length);
      expect(result.cursor.symbol?.role).toBe('declaration');
    });

    it('hover is not empty', async () => {
      const result = ok(await locus.hover(testCase.hover.at));
      expect(result.contents).toContain(testCase.hover.contains);
      expect(result.contents).not.toMatch(/&(?:nbsp|lt|gt|amp);/);
    });

    it('completion after a member access lists the members', async () => {
      const result = ok(await locus.completion(testCase.completion.at, { limit: 500 }));
      const labels = result.items.map((i) => i.label.trim());
      for (const label of testCase.completion.labels) expect(labels).toContain(label);
    });

    it('signature help inside a call', async () => {
      const result = await locus.signatureHelp(testCase.signature?.at ?? testCase.definition.at);
      if (!testCase.signature) {
        expect(result).toMatchObject({ ok: false, error: { code: 'CAPABILITY_MISSING' } });
        return;
      }
      const help = ok(result);
      expect(help.signatures.length).toBeGreaterThan(0);
      expect(help.signatures[help.active_signature ?? 0]?.label).toContain(testCase.signature.contains);
    });

    it('an edit made on disk between two requests is reflected in the next answer', async () => {
      const first = ok(await locus.references(testCase.extraCall.symbol));
      const file = path.join(root, testCase.extraCall.file);
      writeFileSync(file, readFileSync(file, 'utf8') + testCase.extraCall.line);
      const second = ok(await locus.references(testCase.extraCall.symbol));
      expect(second.total).toBe(first.total + 1);
    });

    it('a file the server never opened, edited on disk, is re-read before the next answer', async () => {
      const first = ok(await locus.definition(testCase.definition.at));
      const target = first.targets[0] as LocationRef;
      const file = path.join(root, target.file_path);
      const comment = testCase.language === 'python' || testCase.language === 'bash' ? '#' : '//';
      writeFileSync(file, `${comment} one\n${comment} two\n${readFileSync(file, 'utf8')}`);
      const second = ok(await locus.definition(testCase.definition.at));
      expect(second.targets[0]?.position).toEqual({
        line: target.position.line + 2,
        character: target.position.character,
      });
      expect(await place(second.targets[0]?.locate as string)).toBe(key(second.targets[0] as LocationRef));
    });

    it('rename previews a diff and writes nothing; a stale fingerprint is FILE_CHANGED; apply writes', async () => {
      const files = testCase.rename.changedFiles.map((f) => path.join(root, f));
      const before = files.map((f) => readFileSync(f, 'utf8'));
      const preview = ok(await locus.rename(testCase.rename.at, testCase.rename.newName));
      expect(preview.applied).toBe(false);
      expect(preview.files.map((f) => f.file_path).sort()).toEqual([...testCase.rename.changedFiles].sort());
      expect(preview.diff).toContain(`+`);
      expect(preview.diff).toContain(testCase.rename.newName);
      expect(files.map((f) => readFileSync(f, 'utf8'))).toEqual(before);

      // Touch a file between preview and apply: nothing may be written.
      const touched = files[0] as string;
      writeFileSync(touched, `${before[0]}\n`);
      const stale = await locus.rename(testCase.rename.at, testCase.rename.newName, {
        fingerprint: preview.fingerprint,
      });
      expect(stale).toMatchObject({ ok: false, error: { code: 'FILE_CHANGED' } });
      expect(readFileSync(touched, 'utf8')).toBe(`${before[0]}\n`);
      writeFileSync(touched, before[0] as string);

      const fresh = ok(await locus.rename(testCase.rename.at, testCase.rename.newName));
      const applied = ok(
        await locus.rename(testCase.rename.at, testCase.rename.newName, { fingerprint: fresh.fingerprint }),
      );
      expect(applied.applied).toBe(true);
      for (const file of files) expect(readFileSync(file, 'utf8')).toContain(testCase.rename.newName);
      for (const locate of testCase.rename.untouched) expect((await locus.locate(locate)).ok).toBe(true);
    });
  });
}
