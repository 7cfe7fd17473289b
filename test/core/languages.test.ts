import { describe, expect, it } from 'vitest';
import {
  detectLanguage,
  headerLanguage,
  LANGUAGES,
  lspLanguageIdOf,
  serverLanguageOf,
  SERVER_LANGUAGES,
} from '../../src/core/languages.js';

describe('the language registry', () => {
  it('maps every server language to at least one registry language', () => {
    for (const server of SERVER_LANGUAGES) {
      expect(LANGUAGES.some((spec) => spec.server === server)).toBe(true);
    }
  });

  it('gives the LSP languageId per file', () => {
    expect(lspLanguageIdOf('tsx', 'a.tsx')).toBe('typescriptreact');
    expect(lspLanguageIdOf('javascript', 'a.jsx')).toBe('javascriptreact');
    expect(lspLanguageIdOf('javascript', 'a.js')).toBe('javascript');
    expect(lspLanguageIdOf('bash', 'bin/deploy')).toBe('shellscript');
    expect(serverLanguageOf('tsx')).toBe('typescript');
    expect(serverLanguageOf('rust')).toBe('rust'); // served only when configured
  });

  it.each([
    ['#!/bin/bash\n', 'bash'],
    ['#!/usr/bin/env bash\n', 'bash'],
    ['#!/usr/bin/env -S bash -e\n', 'bash'],
    ['#!/bin/sh\n', 'bash'],
    ['#!/usr/bin/env python3\n', 'python'],
    ['#!/usr/bin/env node\n', 'javascript'],
    ['#  -*- shell-script -*-\n# comment\n_f() { :; }\n', 'bash'],
    ['_f() { :; }\n# ex: filetype=sh\n', 'bash'],
    ['all:\n\techo\n', undefined],
  ])('detects extension-less files from their text: %j', (text, language) => {
    expect(detectLanguage('bin/tool', text)).toBe(language);
  });

  it('decides .h by content: C++-only syntax makes it C++', () => {
    expect(headerLanguage('namespace tinyxml2\n{\nclass XMLNode;\n}\n')).toBe('cpp');
    expect(headerLanguage('template <class T> class DynArray {};\n')).toBe('cpp');
    expect(headerLanguage('void Foo::bar();\n')).toBe('cpp');
    expect(headerLanguage('typedef struct TValue { int tt_; } TValue;\n/* a::b in a comment */\n')).toBe('c');
    expect(headerLanguage('LUA_API int (lua_gettop) (lua_State *L);\n')).toBe('c');
    expect(headerLanguage('#import <Foundation/Foundation.h>\n@interface Cart : NSObject\n@end\n')).toBe(
      'objc',
    );
    expect(headerLanguage('/* @interface in a comment */\nint x;\n')).toBe('c');
    expect(detectLanguage('a.h', 'class A {\npublic:\n};\n')).toBe('cpp');
    expect(detectLanguage('a.h')).toBe('c');
    expect(detectLanguage('a.hpp', 'int x;')).toBe('cpp');
  });
});
