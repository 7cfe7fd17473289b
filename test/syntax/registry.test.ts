import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  GRAMMARS_DIR,
  grammarEntry,
  grammarFiles,
  languageIds,
  queryPaths,
  wasmBytes,
  wasmPath,
} from '../../src/syntax/registry.js';

describe('the grammar registry', () => {
  it('loads every grammar from the vendored copy recorded in grammars/wasm/provenance.json', () => {
    const provenance = JSON.parse(readFileSync(join(GRAMMARS_DIR, 'wasm/provenance.json'), 'utf8')) as Record<
      string,
      { file: string; package: string; version: string; license: string; sha256: string }
    >;
    expect(Object.keys(provenance).sort()).toEqual(languageIds().sort());
    for (const id of languageIds()) {
      const entry = provenance[id];
      expect(wasmPath(id)).toBe(join(GRAMMARS_DIR, entry?.file ?? '?'));
      const sha256 = createHash('sha256').update(wasmBytes(id)).digest('hex');
      expect(sha256, `${id}: run npm run grammars`).toBe(entry?.sha256);
      expect(entry?.package).toBe(grammarEntry(id).wasm.package);
      expect(entry?.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(entry?.license, `${id}: a permissive licence`).toMatch(/^(MIT|ISC|Unlicense|Apache-2\.0)$/);
    }
  });

  it('lists for the index version every grammar file that can change an outline, and only files that exist', () => {
    const listed = grammarFiles();
    // Every query and manifest file in the folder (an unlisted one would change outlines without a new version).
    const onDisk = readdirSync(GRAMMARS_DIR, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(json|scm)$/.test(file))
      .map((file) => join(GRAMMARS_DIR, file));
    expect(onDisk.length).toBeGreaterThan(languageIds().length);
    expect(listed.map((file) => join(file)).sort()).toEqual(onDisk.sort());
    for (const id of languageIds()) for (const query of queryPaths(id)) expect(listed).toContain(query);
    for (const file of listed) expect(existsSync(file), file).toBe(true);
  });
});
