/**
 * The token under a cursor and its syntactic role (docs/operations.md, "What the operations do"); cursors from `<|>` anchors.
 */
import { describe, expect, it } from 'vitest';
import { identifierAt } from '../../src/syntax/identifier.js';
import { anchor } from '../helpers/anchors.js';

const PYTHON = `from typing import List

class Cart:
    def total(self, items: List[int]) -> int:
        # about the total
        subtotal = sum(items)
        self.items.append("hello world")
        return subtotal + 42
`;

const TYPESCRIPT = `import { Product } from './product';

export class Store {
  find(id: string): Product | undefined {
    const found = this.items.get(id);
    return found ?? lookup(id);
  }
}
`;

/** Identifier at the `<|>` placed into `source` right before `needle`'s `at`-th character. */
async function at(language: string, source: string, needle: string, offsetInNeedle: number) {
  const index = source.indexOf(needle);
  if (index < 0) throw new Error(`not found: ${needle}`);
  const { text, offset } = anchor(
    source.slice(0, index + offsetInNeedle) + '<|>' + source.slice(index + offsetInNeedle),
  );
  return identifierAt(language, text, offset);
}

describe('identifierAt: Python', () => {
  it.each([
    ['def total', 5, 'total', 'declaration'],
    ['sum(items)', 1, 'sum', 'call'],
    ['append(', 2, 'append', 'call'],
    ['items.append', 2, 'items', 'property'],
    ['List[int]', 1, 'List', 'type'],
    ['import List', 8, 'List', 'import'],
    ['self, items', 7, 'items', 'parameter'],
    ['return subtotal', 9, 'subtotal', 'variable'],
    ['hello world', 2, 'hello', 'string'],
    ['about the', 2, 'about', 'comment'],
    ['return subtotal', 2, 'return', 'keyword'],
    ['42', 1, '42', 'other'],
  ])('%s → %s', async (needle, offset, text, role) => {
    expect(await at('python', PYTHON, needle, offset)).toMatchObject({ text, role });
  });

  it('names the symbol of a declaration', async () => {
    expect(await at('python', PYTHON, 'def total', 4)).toMatchObject({
      text: 'total',
      role: 'declaration',
      symbol: { path: ['Cart', 'total'], kind: 'method' },
    });
  });

  it('is undefined in whitespace and on punctuation; a cursor right after a word means the word', async () => {
    expect(await at('python', PYTHON, '    def', 1)).toBeUndefined();
    expect(await at('python', PYTHON, '(items)', 0)).toMatchObject({ text: 'sum' });
    expect(await at('python', PYTHON, ': List', 0)).toMatchObject({ text: 'items' });
    expect(await at('python', PYTHON, ' -> ', 2)).toBeUndefined();
  });
});

describe('identifierAt: TypeScript', () => {
  it.each([
    ['class Store', 7, 'Store', 'declaration'],
    ['find(', 1, 'find', 'declaration'],
    ['get(id)', 1, 'get', 'call'],
    ['lookup(', 0, 'lookup', 'call'],
    ['items.get', 1, 'items', 'property'],
    ['Product | undefined', 2, 'Product', 'type'],
    ['{ Product }', 3, 'Product', 'import'],
    ['id: string', 0, 'id', 'parameter'],
    ['found ??', 1, 'found', 'variable'],
    ['this.items', 1, 'this', 'keyword'],
    ["'./product'", 4, 'product', 'string'],
  ])('%s → %s', async (needle, offset, text, role) => {
    expect(await at('typescript', TYPESCRIPT, needle, offset)).toMatchObject({ text, role });
  });
});

const BASH = `deploy_target() {
  local where="$1"
  echo "deploying to $where"
}
deploy_target production
`;

describe('identifierAt: Bash', () => {
  it.each([
    ['deploy_target production', 2, 'deploy_target', 'call'],
    ['echo', 1, 'echo', 'call'],
  ])('%s → %s', async (needle, offset, text, role) => {
    expect(await at('bash', BASH, needle, offset)).toMatchObject({ text, role });
  });
});

/**
 * A method call's name is a `call` and a field's name a `property` in every grammar, also where the grammar gives
 * no field names (Kotlin, Swift), nests qualifiers (C++ `ns::P::make`) or keeps a macro's arguments as loose
 * tokens (Rust `println!("{}", p.norm())`).
 */
const MEMBERS: [language: string, source: string, call: string, field: string | undefined][] = [
  ['python', 'def f(p):\n    print(p.norm(), p.x)\n', 'p.<|>norm()', 'p.<|>x)'],
  ['typescript', 'function f(p: P) {\n  log(p?.norm(), p.x);\n}\n', 'p?.<|>norm', 'p.<|>x)'],
  ['javascript', 'function f(p) {\n  log(p.norm(), p.x);\n}\n', 'p.<|>norm', 'p.<|>x)'],
  ['go', 'package m\nfunc f(p P) {\n\tfmt.Println(p.Norm(), p.X)\n}\n', 'p.<|>Norm', 'p.<|>X)'],
  ['rust', 'fn f(p: P) {\n    let n = p.norm() + p.x;\n}\n', 'p.<|>norm', 'p.<|>x;'],
  ['rust', 'fn f(p: P) {\n    println!("{} {}", p.norm(), p.x);\n}\n', 'p.<|>norm', 'p.<|>x)'],
  ['rust', 'fn f() {\n    vec![P::new(), q.w];\n}\n', 'P::<|>new', 'q.<|>w]'],
  ['c', 'int f(struct P *p) {\n  return p->norm(p) + p->x;\n}\n', 'p-><|>norm', 'p-><|>x;'],
  ['cpp', 'int f(P p) {\n  return ns::P::make() + p.x;\n}\n', 'P::<|>make', 'p.<|>x;'],
  ['java', 'class A { int f(P p) { return p.norm() + p.x; } }\n', 'p.<|>norm', 'p.<|>x;'],
  ['csharp', 'class A { int F(P p) { return p.Norm() + p.X; } }\n', 'p.<|>Norm', 'p.<|>X;'],
  ['php', '<?php\nfunction f($p) {\n  return $p->norm() + $p->x;\n}\n', '$p-><|>norm', '$p-><|>x;'],
  ['kotlin', 'fun f(p: P) {\n  val a = p?.norm()\n  val b = p.x\n}\n', 'p?.<|>norm', 'p.<|>x\n'],
  ['swift', 'func f(p: P) {\n  let a = p.norm()\n  let b = p.x\n}\n', 'p.<|>norm', 'p.<|>x\n'],
  ['scala', 'object A { def f(p: P) = { val a = p.norm(); val b = p.x } }\n', 'p.<|>norm', 'p.<|>x '],
  ['lua', 'local function f(p)\n  local a = p:norm()\n  local b = p.x\nend\n', 'p:<|>norm', 'p.<|>x\n'],
  ['zig', 'fn f(p: P) void {\n    const a = p.norm();\n    const b = p.x;\n}\n', 'p.<|>norm', 'p.<|>x;'],
  ['dart', 'void f(P p) {\n  var a = p.norm();\n  var b = p.x;\n}\n', 'p.<|>norm', 'p.<|>x;'],
  [
    'solidity',
    'contract C { function f(P p) public { uint a = p.norm(); uint b = p.x; } }\n',
    'p.<|>norm',
    'p.<|>x;',
  ],
  [
    'objc',
    '@implementation A\n- (int)f:(P *)p { int a = [p norm]; int b = p.x; return a; }\n@end\n',
    '[p <|>norm]',
    'p.<|>x;',
  ],
  [
    'ocaml',
    'let f p = let a = P.norm p in let b = p.x in let c = norm p in a + b\n',
    'P.<|>norm p',
    'p.<|>x in',
  ],
  ['ocaml', 'let f p = let c = norm p in c\n', 'c = <|>norm p', undefined],
  ['elm', 'f p =\n    let a = P.norm p\n        b = p.x\n    in a\n', 'P.<|>norm p', 'p.<|>x\n'],
  ['elm', 'f p =\n    let c = norm p\n    in c\n', 'c = <|>norm p', undefined],
  ['elixir', 'defmodule M do\n  def f(p) do\n    P.norm(p)\n  end\nend\n', 'P.<|>norm(p)', undefined],
];

describe('identifierAt: member calls and fields in every grammar', () => {
  it.each(MEMBERS)('%s, case %#', async (language, source, call, field) => {
    const cases: [string, string][] = [[call, 'call']];
    if (field !== undefined) cases.push([field, 'property']);
    for (const [find, role] of cases) {
      const [before = '', after = ''] = find.split('<|>');
      const found = await at(language, source, before + after, before.length);
      expect(found, `${language} ${find}`).toMatchObject({ role });
    }
  });

  it('a plain name among a macro’s tokens stays a variable', async () => {
    const source = 'fn f(p: P) {\n    println!("{}", p.norm());\n}\n';
    expect(await at('rust', source, 'p.norm', 0)).toMatchObject({ text: 'p', role: 'variable' });
  });
});

/** A base class or interface named in a class header is a `type`, whatever the grammar calls the clause. */
const BASES: [language: string, source: string, find: string][] = [
  [
    'php',
    '<?php\nclass NullLogger extends AbstractLogger implements Stringable {}\n',
    'extends <|>AbstractLogger',
  ],
  [
    'php',
    '<?php\nclass NullLogger extends AbstractLogger implements Stringable {}\n',
    'implements <|>Stringable',
  ],
  ['java', 'class A extends B implements C {}\n', 'extends <|>B'],
  ['java', 'class A extends B implements C {}\n', 'implements <|>C'],
  ['csharp', 'class A : B, IC {}\n', ': <|>B'],
  ['typescript', 'class A extends B implements C {}\n', 'implements <|>C'],
  ['python', 'class A(B):\n    pass\n', '(<|>B)'],
];

describe('identifierAt: base classes in class headers', () => {
  it.each(BASES)('%s: %s', async (language, source, find) => {
    const [before = '', after = ''] = find.split('<|>');
    expect(await at(language, source, before + after, before.length)).toMatchObject({ role: 'type' });
  });
});

describe('identifierAt: strings and comments inside syntax errors', () => {
  it.each([
    ['python', 'x = (1,\ny = "name here"\n', true],
    ['javascript', 'function f( { const x = "name here"; }\n', true],
    ['python', 'def f():\n    x = "name here"\n', false],
    ['javascript', 'function f() { const x = "name here"; }\n', false],
  ])('%s %j: a word of the string is unsure = %s', async (language, text, unsure) => {
    const info = await at(language, text, 'name', 1);
    expect(info).toMatchObject({ text: 'name', role: 'string', container: { unsure, docstring: false } });
  });

  it('a comment is never a docstring, and is unsure only inside an error', async () => {
    const clean = await at('python', 'def f():\n    # name here\n    pass\n', 'name', 1);
    expect(clean).toMatchObject({ role: 'comment', container: { unsure: false, docstring: false } });
    const docstring = await at('python', 'def f():\n    """name here"""\n', 'name', 1);
    expect(docstring).toMatchObject({ role: 'string', container: { docstring: true } });
  });
});
