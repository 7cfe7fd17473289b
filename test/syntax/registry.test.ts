import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GRAMMARS_DIR, grammarEntry, languageIds, wasmBytes, wasmPath } from '../../src/syntax/registry.js';

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
});
