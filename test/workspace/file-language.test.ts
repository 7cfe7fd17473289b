import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileLanguages } from '../../src/workspace/file-language.js';

const root = mkdtempSync(path.join(tmpdir(), 'locus-file-language-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(rel: string, text: string): string {
  const abs = path.join(root, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, text);
  return abs;
}

const C_HEADER = 'int f(void);\n';

describe('the language of a .h file', () => {
  it('follows the translation unit with the same stem', () => {
    const header = write('same/widget.h', C_HEADER);
    write('same/widget.cpp', '#include "widget.h"\n');
    expect(new FileLanguages(root).languageOf(header, { text: C_HEADER })).toBe('cpp');
  });

  it('is C++ when a C++ translation unit beside it includes it', () => {
    const header = write('incl/api.h', C_HEADER);
    write('incl/a.c', 'int a;\n');
    write('incl/main.cc', '#include <vector>\n#include "api.h"\n');
    expect(new FileLanguages(root).languageOf(header, { text: C_HEADER })).toBe('cpp');
  });

  it('is C when only C translation units include it', () => {
    const header = write('conly/lua.h', C_HEADER);
    write('conly/lapi.c', '#include "lua.h"\n');
    expect(new FileLanguages(root).languageOf(header, { text: C_HEADER })).toBe('c');
  });

  it('follows the compile database entry naming it', () => {
    const header = write('db/x.h', C_HEADER);
    write('db/x.c', 'int x;\n');
    write(
      'compile_commands.json',
      JSON.stringify([
        { directory: root, file: 'db/x.h', arguments: ['clang', '-x', 'c++-header', 'db/x.h'] },
      ]),
    );
    expect(new FileLanguages(root).languageOf(header, { text: C_HEADER })).toBe('cpp');
  });

  it('is overridden by a config glob, for any file', () => {
    const header = write('ovr/x.h', 'class A {};\n');
    const script = write('ovr/tool', 'echo hi\n');
    const languages = new FileLanguages(root, { 'ovr/*.h': 'c', 'ovr/tool': 'bash' });
    expect(languages.languageOf(header, { text: 'class A {};\n' })).toBe('c');
    expect(languages.languageOf(script, { text: 'echo hi\n' })).toBe('bash');
  });

  it('falls back to the content rule', () => {
    const header = write('alone/t.h', 'namespace n {}\n');
    expect(new FileLanguages(root).languageOf(header, { text: 'namespace n {}\n' })).toBe('cpp');
  });
});

describe('without the text', () => {
  it('uses the decision made when the text was known, then the extension, then the two ends', () => {
    const languages = new FileLanguages(root);
    const header = write('plain/w.h', 'class W {};\n');
    expect(languages.languageOf(header)).toBe('c');
    expect(languages.languageOf(header, { text: 'class W {};\n' })).toBe('cpp');
    expect(languages.languageOf(header)).toBe('cpp');
    expect(new FileLanguages(root).languageOf(header)).toBe('c');
    const script = write('plain/deploy', `#!/usr/bin/env bash\n${'echo x\n'.repeat(200)}`);
    expect(languages.languageOf(script)).toBe('bash');
    const completion = write('plain/ssh', `_ssh() { :; }\n${'#\n'.repeat(600)}# ex: filetype=sh\n`);
    expect(languages.languageOf(completion)).toBe('bash');
    expect(languages.languageOf(write('plain/NOTES', 'just text\n'))).toBeUndefined();
    expect(languages.languageOf(path.join(root, 'plain/missing'))).toBeUndefined();
  });

  it('remembers what a caller decided', () => {
    const languages = new FileLanguages(root);
    const header = write('told/w.h', C_HEADER);
    languages.remember(header, 'cpp');
    expect(languages.languageOf(header)).toBe('cpp');
  });

  it('says when configuration or evidence fixed the language', () => {
    const languages = new FileLanguages(root, { 'fixed/*.h': 'cpp' });
    expect(languages.decide(write('fixed/a.h', C_HEADER))).toEqual({ language: 'cpp', fixed: true });
    expect(languages.decide(write('free/a.h', C_HEADER))).toEqual({ language: 'c', fixed: false });
  });
});

describe('by name and text', () => {
  const languages = new FileLanguages(root);
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
  ])('%s → %s', (rel, language) => {
    expect(languages.languageOf(path.join(root, 'names', rel))).toBe(language);
  });

  it('is undefined for unknown extensions, dotfiles and extension-less files without a shebang', () => {
    expect(languages.languageOf(path.join(root, 'names/notes.txt'), { text: 'notes\n' })).toBeUndefined();
    expect(languages.languageOf(path.join(root, 'names/.py'), { text: 'x = 1\n' })).toBeUndefined();
    expect(languages.languageOf(path.join(root, 'names/Makefile'), { text: 'all:\n' })).toBeUndefined();
  });

  it.each([
    ['#!/usr/bin/env bash\necho hi\n', 'bash'],
    ['#!/bin/sh\n', 'bash'],
    ['#!/usr/bin/env python3\n', 'python'],
    ['#!/usr/bin/env perl\n', undefined],
  ])('a script starting %j is %s', (text, language) => {
    expect(languages.languageOf(path.join(root, 'names/bin/deploy'), { text })).toBe(language);
  });
});
