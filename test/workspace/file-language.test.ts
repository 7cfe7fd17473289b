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
    expect(new FileLanguages(root).languageOf(header, C_HEADER)).toBe('cpp');
  });

  it('is C++ when a C++ translation unit beside it includes it', () => {
    const header = write('incl/api.h', C_HEADER);
    write('incl/a.c', 'int a;\n');
    write('incl/main.cc', '#include <vector>\n#include "api.h"\n');
    expect(new FileLanguages(root).languageOf(header, C_HEADER)).toBe('cpp');
  });

  it('is C when only C translation units include it', () => {
    const header = write('conly/lua.h', C_HEADER);
    write('conly/lapi.c', '#include "lua.h"\n');
    expect(new FileLanguages(root).languageOf(header, C_HEADER)).toBe('c');
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
    expect(new FileLanguages(root).languageOf(header, C_HEADER)).toBe('cpp');
  });

  it('is overridden by a config glob, for any file', () => {
    const header = write('ovr/x.h', 'class A {};\n');
    const script = write('ovr/tool', 'echo hi\n');
    const languages = new FileLanguages(root, { 'ovr/*.h': 'c', 'ovr/tool': 'bash' });
    expect(languages.languageOf(header, 'class A {};\n')).toBe('c');
    expect(languages.languageOf(script, 'echo hi\n')).toBe('bash');
  });

  it('falls back to the content rule', () => {
    const header = write('alone/t.h', 'namespace n {}\n');
    expect(new FileLanguages(root).languageOf(header, 'namespace n {}\n')).toBe('cpp');
  });
});
