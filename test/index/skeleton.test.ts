/**
 * The index's skeleton parses (src/index/skeleton.ts) give exactly the symbols of a whole parse: on Go and
 * TypeScript bodies that declare symbols, hide text from the scan or are broken, on comment lines left out where
 * they count (inside a declaration) or might not be comments, on the Go standard library (every 8th file, all of
 * them with LOCUS_SKELETON_ALL=1) and on zod's TypeScript sources, where most files are skeleton-parsed indeed.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexSymbols, skippableGaps } from '../../src/index/skeleton.js';
import { extractOutline } from '../../src/syntax/outline.js';

const same = async (text: string, language = 'go'): Promise<void> => {
  expect(await indexSymbols(language, text)).toEqual((await extractOutline(language, text)).symbols);
};

/** The files whose skeleton outline differs from the whole parse's, and how many had gaps to skip. */
async function compareAll(src: string, files: readonly string[], language: string) {
  let skipped = 0;
  const differ: string[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(src, file), 'utf8');
    if (skippableGaps(language, text).length > 0) skipped++;
    const [skeleton, whole] = await Promise.all([
      indexSymbols(language, text),
      extractOutline(language, text),
    ]);
    if (JSON.stringify(skeleton) !== JSON.stringify(whole.symbols)) differ.push(file);
  }
  return { differ, skipped };
}

const PLAIN =
  'package p\n\n// A doc comment.\nfunc plain(a int) int {\n\tb := a + 1 // struct{} here\n\treturn b\n}\n';

describe('skeleton parses of Go', () => {
  it('skip plain bodies and keep the outline', async () => {
    expect(skippableGaps('go', PLAIN)).toHaveLength(2); // the comment line and the body
    await same(PLAIN);
    await same(
      `${PLAIN}\nfunc (r *R) method() {\n\tr.x = map[string]int{"}": 1}\n}\n\ntype R struct{ x map[string]int }\n`,
    );
  });

  it.each([
    ['a local type', 'func f() {\n\ttype T struct{ a int }\n\t_ = T{}\n}\n'],
    ['an anonymous struct', 'func f() {\n\tx := struct {\n\t\tb int\n\t}{}\n\t_ = x\n}\n'],
    ['an interface', 'func f() {\n\tvar i interface{ M() }\n\t_ = i\n}\n'],
    ['a raw string with a closing brace line', 'func f() {\n\ts := `\n}\nfunc g() {}\n`\n\t_ = s\n}\n'],
    ['a block comment', 'func f() {\n\t/*\n}\n*/\n}\n'],
    ['an unbalanced body', 'func f() {\n\tif x {\n}\n}\n'],
    ['a syntax error', 'func f() {\n\tx := := 1\n}\n\nfunc g() {}\n'],
    ['a one-line function', 'func f() { return }\n\nfunc g() {\n\treturn\n}\n'],
    ['a multi-line signature', 'func f(\n\ta int,\n) {\n\t_ = a\n}\n'],
    ['CRLF line ends', 'func f() {\r\n\treturn\r\n}\r\n'],
    ['a brace in a string', 'func f() {\n\ts := "{"\n\t_ = s\n}\n'],
  ])('parse %s whole or keep its outline', async (_name, body) => {
    await same(`package p\n\n${body}`);
  });

  it('never skip a body that declares a symbol', () => {
    expect(skippableGaps('go', 'package p\nfunc f() {\n\ttype T int\n}\n')).toEqual([]);
    expect(skippableGaps('go', 'package p\nfunc f() {\n\tx := struct{ a int }{}\n}\n')).toEqual([]);
    expect(skippableGaps('go', 'package p\nfunc f() {\n\tswitch v := x.(type) {\n\t}\n}\n')).toHaveLength(1);
  });

  it.each([
    ['a comment inside a const block', 'const (\n// A doc line at column 0.\n\tC = 1\n)\n'],
    ['a comment line in a raw string', 'var s = `\n// not a comment\n`\n'],
    ['a comment run before a type', '// One.\n// Two.\ntype T struct {\n\t// field doc\n\tA int\n}\n'],
  ])('leave out comment lines around %s and keep the outline', async (_name, body) => {
    await same(`// Copyright.\n\npackage p\n\n${body}`);
  });

  it('leave out top-level comment lines', () => {
    expect(skippableGaps('go', '// a\n// b\npackage p\n\n\t// indented\nvar x = 1\n')).toEqual([
      { start: 0, end: 9 },
    ]);
  });

  it('match a whole parse on the Go standard library', async () => {
    const goroot = spawnSync('go', ['env', 'GOROOT'], { encoding: 'utf8' });
    if (goroot.status !== 0) {
      if (process.env.CI === 'true')
        throw new Error('go is not installed (needed for the Go standard library)');
      console.warn('SKIPPED: the Go standard library (go is not installed)');
      return;
    }
    const src = realpathSync(path.join(goroot.stdout.trim(), 'src'));
    const files = (readdirSync(src, { recursive: true, encoding: 'utf8' }) as string[])
      .filter((f) => f.endsWith('.go'))
      .sort();
    const sample = process.env.LOCUS_SKELETON_ALL === '1' ? files : files.filter((_, i) => i % 16 === 0);
    const { differ, skipped } = await compareAll(src, sample, 'go');
    expect(differ).toEqual([]);
    expect(skipped / sample.length).toBeGreaterThan(0.5);
  });
});

describe('skeleton parses of TypeScript', () => {
  const PLAIN_TS =
    '/** Doc. */\nexport function plain(a: number): number {\n  const b = a + 1; // a comment\n  return b;\n}\n';

  it('skip plain bodies and top-level comments and keep the outline', async () => {
    expect(skippableGaps('typescript', PLAIN_TS)).toHaveLength(2);
    await same(`${PLAIN_TS}\nclass C {\n  m(x: string): void {\n    console.log(x);\n  }\n}\n`, 'typescript');
  });

  it.each([
    ['a local helper', 'function f() {\n  const g = () => 1;\n  return g;\n}\n'],
    ['a local class', 'function f() {\n  class L { x = 1 }\n  return L;\n}\n'],
    ['a local type', 'function f() {\n  type T = { a: number };\n  return 1 as unknown as T;\n}\n'],
    ['a template literal', 'function f(x: number) {\n  return `${x}}`;\n}\n'],
    ['a regular expression', 'function f(s: string) {\n  return /}/.test(s);\n}\n'],
    ['a brace in a string', 'function f() {\n  return "}";\n}\n'],
    ['an object type return', 'const f = (a: number): {\n  x: number\n} => ({ x: a });\n'],
    ['a control statement', 'if (x) {\n  y();\n}\n'],
    ['a multi-line condition', 'function f() {\n  if (\n    a\n  ) {\n    b();\n  }\n}\n'],
    ['a syntax error in a body', 'function f() {\n  x = = 1;\n}\n\nfunction g() {}\n'],
    ['a comment-out body at column 0', 'function f() {\n// g();\n  return 1;\n}\n'],
    ['a block comment closing another', 'const a = 1; /* open\n/* x */\nfunction f() {}\n'],
  ])('parse %s whole or keep its outline', async (_name, body) => {
    await same(body, 'typescript');
  });

  it("match a whole parse on zod's sources", async () => {
    const src = path.join(process.cwd(), 'node_modules', 'zod', 'src');
    const files = (readdirSync(src, { recursive: true, encoding: 'utf8' }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
      .sort();
    const { differ, skipped } = await compareAll(src, files, 'typescript');
    expect(files.length).toBeGreaterThan(100);
    expect(differ).toEqual([]);
    expect(skipped / files.length).toBeGreaterThan(0.5);
  });
});
