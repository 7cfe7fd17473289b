/**
 * Symbols on real C, C++ and Bash (issue 14, docs/languages.md), on fixtures cut from Lua, zlib, tinyxml2,
 * neofetch and bash-completion (test/fixtures/c/real/SOURCES.md). Each case locates a symbol by path and
 * checks it lands on the name a compiler (or bash) declares, found by a text anchor; golden outlines pin
 * every symbol of every fixture.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocator, type Locator } from '../../src/ops/locating/locator.js';
import { extractOutline } from '../../src/syntax/outline.js';
import { detectLanguage } from '../../src/core/languages.js';
import { expectGoldenOutline } from '../helpers/golden-outline.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const locators = new Map<string, Locator>();

function locatorFor(dir: string): Locator {
  let locator = locators.get(dir);
  if (!locator) {
    locator = createLocator({ root: path.join(FIXTURES, dir) });
    locators.set(dir, locator);
  }
  return locator;
}

afterAll(async () => {
  for (const locator of locators.values()) await locator.close();
});

async function position(dir: string, locate: string) {
  const result = await locatorFor(dir).locate(locate);
  if (!result.ok) throw new Error(`${locate}: ${result.error.code} ${result.error.message}`);
  return { position: result.position, symbol: result.symbol?.path };
}

describe('real C, C++ and Bash: locates land on the declared name', () => {
  it.each([
    // [folder, symbol locate, anchor locate (the name as the compiler declares it), expected path]
    ['c/real/lua', 'lua.h:lua_gettop', 'lua.h@LUA_API int   (<|>lua_gettop)', 'lua_gettop'],
    ['c/real/lua', 'lua.h:lua_atpanic', 'lua.h@lua_CFunction (<|>lua_atpanic)', 'lua_atpanic'],
    ['c/real/lua', 'lapi.c:lua_atpanic', 'lapi.c@LUA_API lua_CFunction <|>lua_atpanic (', 'lua_atpanic'],
    ['c/real/lua', 'lua.h:lua_version', 'lua.h@lua_Number (<|>lua_version)', 'lua_version'],
    ['c/real/lua', 'lauxlib.h:luaL_newstate', 'lauxlib.h@lua_State *(<|>luaL_newstate)', 'luaL_newstate'],
    ['c/real/lua', 'lobject.h:TValue', 'lobject.h@typedef struct <|>TValue {', 'TValue'],
    ['c/real/lua', 'lobject.h:TValue[1]', 'lobject.h@} <|>TValue;', 'TValue'],
    ['c/real/zlib', 'inflate.c:inflate', 'inflate.c@int ZEXPORT <|>inflate(strm, flush)', 'inflate'],
    ['c/real/zlib', 'inflate.c:inflateEnd', 'inflate.c@int ZEXPORT <|>inflateEnd(strm)', 'inflateEnd'],
    ['c/real/zlib', 'inflate.c:updatewindow', 'inflate.c@local int <|>updatewindow OF', 'updatewindow'],
    [
      'c/real/zlib',
      'trees.c:_tr_flush_block',
      'trees.c@void ZLIB_INTERNAL <|>_tr_flush_block(',
      '_tr_flush_block',
    ],
    [
      'c/real/zlib',
      'deflate.c:deflateInit2_',
      'deflate.c@int ZEXPORT <|>deflateInit2_(strm,',
      'deflateInit2_',
    ],
    [
      'cpp/real/tinyxml2',
      'tinyxml2.h:XMLElement.QueryIntAttribute',
      'tinyxml2.h@XMLError <|>QueryIntAttribute( const char* name, int* value ) const',
      'tinyxml2.XMLElement.QueryIntAttribute',
    ],
    [
      'cpp/real/tinyxml2',
      'tinyxml2.h:DynArray.Push',
      'tinyxml2.h@void <|>Push( T t )',
      'tinyxml2.DynArray.Push',
    ],
    // fmt 9.1.0 (issue 24): namespaces opened by macros, attribute macros before declarations, constructors with
    // initializer lists, destructors, a macro between a name and its parameters, an export macro on its own line
    ['cpp/real/fmt', 'fmt.h:detail.unwrap', 'fmt.h@const T& <|>unwrap(const T& v)', 'detail.unwrap'],
    [
      'cpp/real/fmt',
      'fmt.h:detail.dynamic_arg_list.typed_node.typed_node',
      'fmt.h@FMT_CONSTEXPR <|>typed_node(const Arg& arg)',
      'detail.dynamic_arg_list.typed_node.typed_node',
    ],
    ['cpp/real/fmt', 'fmt.h:buffer.buffer', 'fmt.h@<|>buffer(size_t sz) noexcept', 'buffer.buffer'],
    ['cpp/real/fmt', 'fmt.h:buffer.~buffer', 'fmt.h@FMT_CONSTEXPR20 <|>~buffer()', 'buffer.~buffer'],
    [
      'cpp/real/fmt',
      'fmt.h:detail.localtime_r',
      'fmt.h@null<> <|>localtime_r FMT_NOMACRO',
      'detail.localtime_r',
    ],
    ['cpp/real/fmt', 'fmt.h:format_error', 'fmt.h@class FMT_API <|>format_error', 'format_error'],
    [
      'cpp/real/fmt',
      'fmt.h:text_style.has_foreground',
      'fmt.h@bool <|>has_foreground()',
      'text_style.has_foreground',
    ],
    [
      'cpp/real/fmt',
      'fmt.h:format_arg_store.format_arg_store',
      'fmt.h@FMT_INLINE <|>format_arg_store(T&&... args)',
      'format_arg_store.format_arg_store',
    ],
    [
      'cpp/real/fmt',
      'fmt.h:format_system_error',
      'fmt.h@void <|>format_system_error(',
      'format_system_error',
    ],
    ['bash/real/neofetch', 'neofetch:get_theme', 'neofetch@<|>get_theme() {', 'get_theme'],
    ['bash/real/neofetch', 'neofetch:get_style', 'neofetch@<|>get_style() {', 'get_style'],
    ['bash/real/neofetch', 'neofetch:usage', 'neofetch@<|>usage() { printf', 'usage'],
    [
      'bash/real/bash-completion',
      'bash_completion:_init_completion',
      'bash_completion@<|>_init_completion()',
      '_init_completion',
    ],
    [
      'bash/real/bash-completion',
      'bash_completion:_variables',
      'bash_completion@<|>_variables()',
      '_variables',
    ],
    ['bash/real/bash-completion', 'bash_completion:_longopt', 'bash_completion@<|>_longopt()', '_longopt'],
    // defined in both branches of an `if` whose test is an extglob (`$OSTYPE == *@(solaris|aix)*`)
    ['bash/real/bash-completion', 'bash_completion:_pids', 'bash_completion@    <|>_pids()', '_pids'],
    [
      'bash/real/bash-completion',
      'bash_completion:_pnames[1]',
      'bash_completion@<|>_pnames() { local -a procs',
      '_pnames',
    ],
  ])('%s %s', async (dir, locate, anchor, expected) => {
    const byPath = await position(dir, locate);
    const byAnchor = await position(dir, anchor);
    expect(byPath.position).toEqual(byAnchor.position);
    expect(byPath.symbol).toBe(expected);
  });

  it('never names a symbol after a type, a macro or a statement', async () => {
    for (const [dir, file] of [
      ['c/real/lua', 'lua.h'],
      ['c/real/zlib', 'deflate.c'],
      ['c/real/zlib', 'inflate.c'],
      ['cpp/real/tinyxml2', 'tinyxml2.h'],
    ] as const) {
      const outline = await locatorFor(dir).outline(file);
      if (!outline.ok) throw new Error(outline.error.message);
      const names = outline.symbols.flatMap(function all(s): string[] {
        return [s.path, ...s.children.flatMap(all)];
      });
      const junk = names.filter((p) => /(?:^|\.)(?:int|void|OF|if|for|while)$/.test(p));
      expect(junk, `${file}`).toEqual([]);
    }
  });

  it('reads misparsed prototypes only outside function bodies', async () => {
    const text =
      'lua_Number (lua_version) (lua_State *L);\nint main(void) {\n#ifdef X\n  cb(a)(b);\n#endif\n}\n';
    const outline = await extractOutline('c', text);
    expect(outline.symbols.map((s) => `${s.kind} ${s.path.join('.')}`)).toEqual([
      'function lua_version',
      'function main',
    ]);
  });

  it('turns no macro statement in a body into a nested function (Lua lvm.c, abridged)', async () => {
    const text = [
      'void luaV_execute (lua_State *L, CallInfo *ci) {',
      '  for (;;) {',
      '    Instruction i;',
      '    vmfetch();',
      '    vmdispatch (GET_OPCODE(i)) {',
      '      vmcase(OP_MOVE) {',
      '        StkId ra = RA(i);',
      '        setobjs2s(L, ra, RB(i));',
      '        vmbreak;',
      '      }',
      '    }',
      '  }',
      '}',
    ].join('\n');
    const outline = await extractOutline('c', text);
    expect(outline.symbols.map((s) => [s.path.join('.'), s.children.length])).toEqual([['luaV_execute', 0]]);
  });

  it('reads names through attributes, declspecs, calling conventions and K&R parameters', async () => {
    const text = [
      '__attribute__((visibility("default"))) int foo(void);',
      '__declspec(dllexport) int __stdcall bar(int x);',
      'jv jv_string_fmt(const char*, ...) JV_PRINTF_LIKE(1, 2);',
      'BOOL WINAPI DllMain(HINSTANCE h, DWORD r, LPVOID p) { return 1; }',
      'static int __attribute__((unused)) helper(int a) { return a; }',
      'int old(a, b) int a; char *b; { return a; }',
    ].join('\n');
    const outline = await extractOutline('c', text);
    const names = ['foo(', 'bar(', 'jv_string_fmt(', 'DllMain(', 'helper(', 'old('];
    expect(outline.symbols.map((s) => [s.kind, s.name, s.nameSpan.start])).toEqual(
      names.map((anchor) => ['function', anchor.slice(0, -1), text.indexOf(anchor)]),
    );
  });

  it('finds every Bash function form, also where tree-sitter-bash fails, and none inside a here-doc', async () => {
    const text = [
      'a() { echo; }',
      'function b { echo; }',
      'function c() ( echo )',
      'd () (',
      '  echo',
      ')',
      'function e() {',
      '  [[ $x =~ ^(\\$\\{[#!]?)([A-Za-z0-9_]*)$ ]] && echo',
      '}',
      'f() {',
      '  y="${x/ \'[GTK2/3]\'}"',
      '  cat <<EOF',
      'g() {',
      'EOF',
      '}',
      '',
    ].join('\n');
    const outline = await extractOutline('bash', text);
    const anchors = ['a()', 'b {', 'c()', 'd ()', 'e()', 'f()'];
    expect(outline.symbols.map((s) => [s.kind, s.name, s.nameSpan.start])).toEqual(
      anchors.map((anchor) => ['function', anchor[0], text.indexOf(`${anchor}`)]),
    );
  });

  it('a symbol the file does not have is not found, never another one', async () => {
    const result = await locatorFor('cpp/real/tinyxml2').locate('tinyxml2.h:XMLAttribute.QueryIntAttribute');
    expect(result.ok).toBe(false);
  });
});

describe('real C, C++ and Bash: golden outlines', () => {
  it.each([
    'c/real/lua/lua.h',
    'c/real/lua/lauxlib.h',
    'c/real/lua/lapi.c',
    'c/real/lua/lobject.h',
    'c/real/zlib/inflate.c',
    'c/real/zlib/trees.c',
    'c/real/zlib/deflate.c',
    'cpp/real/tinyxml2/tinyxml2.h',
    'cpp/real/fmt/fmt.h',
    'bash/real/neofetch/neofetch',
    'bash/real/bash-completion/bash_completion',
  ])('%s', async (relPath) => {
    const file = path.join(FIXTURES, relPath);
    const text = readFileSync(file, 'utf8');
    const language = detectLanguage(file, text);
    expect(language).toBeDefined();
    expectGoldenOutline(await extractOutline(language as string, text), text, `${file}.outline`);
  });
});
