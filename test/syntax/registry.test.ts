import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  GRAMMARS_DIR,
  grammarEntry,
  languageForPath,
  languageIds,
  wasmBytes,
  wasmPath,
} from '../../src/syntax/registry.js';

describe('languageForPath', () => {
  it.each([
    ['src/a.py', 'python'],
    ['stubs/a.pyi', 'python'],
    ['a.ts', 'typescript'],
    ['a.mts', 'typescript'],
    ['a.cts', 'typescript'],
    ['App.TSX', 'tsx'],
    ['a.js', 'javascript'],
    ['a.mjs', 'javascript'],
    ['a.cjs', 'javascript'],
    ['view.jsx', 'javascript'],
    ['main.go', 'go'],
    ['lib.rs', 'rust'],
    ['A.java', 'java'],
    ['a.c', 'c'],
    ['a.h', 'c'],
    ['a.cpp', 'cpp'],
    ['a.cc', 'cpp'],
    ['a.cxx', 'cpp'],
    ['a.hpp', 'cpp'],
    ['a.hh', 'cpp'],
    ['a.hxx', 'cpp'],
    ['P.cs', 'csharp'],
    ['a.rb', 'ruby'],
    ['a.php', 'php'],
    ['run.sh', 'bash'],
    ['run.bash', 'bash'],
    ['A.kt', 'kotlin'],
    ['build.kts', 'kotlin'],
    ['A.swift', 'swift'],
    ['A.scala', 'scala'],
    ['a.sc', 'scala'],
    ['init.lua', 'lua'],
    ['C:\\work\\x.py', 'python'],
  ])('%s → %s', (path, language) => {
    expect(languageForPath(path)).toBe(language);
  });

  it('is undefined for unknown extensions, dotfiles and extension-less files without a shebang', () => {
    expect(languageForPath('notes.txt')).toBeUndefined();
    expect(languageForPath('.py')).toBeUndefined();
    expect(languageForPath('Makefile', 'all:\n')).toBeUndefined();
  });

  it('recognises bash scripts by their shebang', () => {
    expect(languageForPath('bin/deploy', '#!/usr/bin/env bash\necho hi\n')).toBe('bash');
    expect(languageForPath('bin/deploy', '#!/bin/sh\n')).toBe('bash');
    expect(languageForPath('bin/deploy', '#!/usr/bin/env python3\n')).toBe('python');
    expect(languageForPath('bin/deploy', '#!/usr/bin/env perl\n')).toBeUndefined();
  });

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
