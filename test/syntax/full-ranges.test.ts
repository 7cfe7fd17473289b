/**
 * Full and name ranges for tricky cases (docs/locate-strings.md, "Which declarations are symbols"), positions from `<|>` anchors:
 * the two markers of each snippet enclose the expected range.
 */
import { describe, expect, it } from 'vitest';
import { flattenOutline, type OutlineSymbol } from '../../src/locate/outline.js';
import { extractOutline } from '../../src/syntax/outline.js';
import { anchors } from '../helpers/anchors.js';

async function symbolIn(language: string, text: string, path: string, index = 0): Promise<OutlineSymbol> {
  const outline = await extractOutline(language, text);
  const matches = flattenOutline(outline.symbols).filter((s) => s.path.join('.') === path);
  const symbol = matches[index];
  if (!symbol)
    throw new Error(
      `no symbol ${path}[${index}] in ${flattenOutline(outline.symbols).map((s) => s.path.join('.'))}`,
    );
  return symbol;
}

/** Expects the full range of `path` to be the text between the two markers. */
async function expectFull(language: string, source: string, path: string, index = 0): Promise<void> {
  const { text, offsets } = anchors(source);
  const symbol = await symbolIn(language, text, path, index);
  expect(text.slice(symbol.fullSpan.start, symbol.fullSpan.end)).toBe(text.slice(offsets[0], offsets[1]));
  expect(symbol.fullSpan).toEqual({ start: offsets[0], end: offsets[1] });
}

/** Expects the name range of `path` to be the text between the two markers. */
async function expectName(language: string, source: string, path: string): Promise<void> {
  const { text, offsets } = anchors(source);
  const symbol = await symbolIn(language, text, path);
  expect(symbol.nameSpan).toEqual({ start: offsets[0], end: offsets[1] });
}

describe('full ranges: Python', () => {
  it('include decorators and a same-line comment, not trailing comment lines in the block', async () => {
    await expectFull(
      'python',
      'class A:\n    <|>@property\n    @cached\n    def total(self):\n        return 1  # same line<|>\n        # trailing\n    # trailing 2\n\nx = 1\n',
      'A.total',
    );
  });

  it('exclude leading comments; a decorated class starts at its first decorator', async () => {
    await expectFull('python', '# about B\n<|>@dataclass\nclass B:\n    y: int<|>\n    # trailing\n', 'B');
  });

  it('are the statement for a plain assignment (with its same-line comment), the name in a tuple target', async () => {
    await expectFull('python', '<|>LIMIT = 10  # max<|>\nz = 0\n', 'LIMIT');
    await expectFull('python', 'first, <|>second<|> = 1, 2\n', 'second');
  });

  it('are the statement of the first self assignment', async () => {
    await expectFull(
      'python',
      'class C:\n    def __init__(self):\n        <|>self.a = 1<|>\n        self.a = 2\n',
      'C.a',
    );
  });
});

describe('full ranges: TypeScript / JavaScript', () => {
  it('include decorators and export, not JSDoc', async () => {
    await expectFull('typescript', '/** Docs. */\n<|>@sealed\nexport class A {\n  x = 1;\n}<|>\n', 'A');
    await expectFull('typescript', '/** Docs. */\n<|>export function f(): void {}<|>\n', 'f');
  });

  it('take the whole statement for a single declarator and only the declarator otherwise', async () => {
    await expectFull('typescript', '<|>export const a = 1; // note<|>\n', 'a');
    await expectFull('typescript', 'export const <|>b = 1<|>, c = 2;\n', 'b');
  });

  it('include member decorators and the member semicolon', async () => {
    await expectFull('typescript', 'class K {\n  <|>@logged protected readonly x: number;<|>\n}\n', 'K.x');
    await expectFull('typescript', 'interface I {\n  <|>m(): void;<|>\n}\n', 'I.m');
  });

  it('name an unnamed default export `default` with the keyword as name range', async () => {
    await expectName('typescript', 'export <|>default<|> class {}\n', 'default');
    await expectFull('javascript', '<|>export default () => 1;<|>\n', 'default');
  });

  it('put parameter properties on the class with the parameter as range', async () => {
    await expectFull(
      'typescript',
      'class P {\n  constructor(<|>private readonly id: string<|>) {}\n}\n',
      'P.id',
    );
  });

  it('give members of nested object types their signature, under the nearest symbol', async () => {
    const alias = 'export type TypeError = ErrorObject<"type", {<|>type: string<|>}>\n';
    await expectFull('typescript', alias, 'TypeError.type');
    const union = 'type U = A | ({ <|>kind: "b";<|> run(): void } & C);\n';
    await expectFull('typescript', union, 'U.kind');
    await expectName('typescript', 'type U = A | ({ kind: "b"; <|>run<|>(): void } & C);\n', 'U.run');
    await expectFull('typescript', 'interface I {\n  p: { <|>q?: boolean<|> };\n}\n', 'I.p.q');
    await expectFull('tsx', 'const B = ({ x }: { <|>x: number<|> }) => <b>{x}</b>;\n', 'B.x');
  });

  it('leave out members of object types in function bodies, except a local type alias or a returned signature', async () => {
    const text = [
      'function f(o: { a: number }) {',
      '  const x = o as { cast: number };',
      '  type L = { kept: number };',
      '  return g((p: { callback: 1 }) => p as { arrow: 1 });',
      '}',
      'const h = () => ({}) as { body: 1 };',
      'const k = <S>() => <T>(t: { tag: T }) => t as { inner: S };',
      '',
    ].join('\n');
    const outline = await extractOutline('typescript', text);
    expect(flattenOutline(outline.symbols).map((s) => s.path.join('.'))).toEqual([
      'f',
      'f.a',
      'f.L',
      'f.L.kept',
      'h',
      'k',
      'k.tag',
    ]);
  });

  it('take the statement of a module-level expando property, named after its function', async () => {
    const source = 'function parseJson() {}\n<|>parseJson.code = "x"; // note<|>\n';
    await expectFull('typescript', source, 'parseJson.code');
    await expectName('javascript', 'function f() {}\nf.<|>run<|> = () => 1;\n', 'f.run');
    const text = 'function f() {\n  f.calls = 0;\n}\nmodule.exports = f;\n';
    const outline = await extractOutline('javascript', text);
    expect(flattenOutline(outline.symbols).map((s) => s.path.join('.'))).toEqual(['f']);
  });

  it('split dotted namespaces into nested symbols with one full range', async () => {
    const source = '<|>namespace A.B {\n  export const c = 1;\n}<|>\n';
    await expectFull('typescript', source, 'A');
    await expectFull('typescript', source, 'A.B');
    await expectName('typescript', 'namespace A.<|>B<|> {}\n', 'A.B');
  });
});

describe('full ranges: Rust, Go, Java, C, C++', () => {
  it('Rust: outer attributes in, doc comments out', async () => {
    await expectFull(
      'rust',
      '/// Doc.\n<|>#[derive(Debug)]\n/// More doc.\npub struct A {\n    x: u8,\n}<|>\n',
      'A',
    );
    await expectFull('rust', 'struct B {\n    <|>#[serde(skip)]\n    pub y: u8<|>,\n}\n', 'B.y');
  });

  it('Go: a single spec takes its declaration, a grouped one only the spec', async () => {
    await expectFull('go', 'package p\n\n// T is a type.\n<|>type T struct{}<|>\n', 'T');
    await expectFull('go', 'package p\n\ntype (\n\t<|>U int<|>\n\tV string\n)\n', 'U');
    await expectName('go', 'package p\n\nfunc (s *Server[T]) <|>Start<|>() {}\n', 'Server.Start');
  });

  it('Java: annotations in, javadoc out', async () => {
    await expectFull(
      'java',
      'class A {\n  /** Doc. */\n  <|>@Override\n  public void run() {}<|>\n}\n',
      'A.run',
    );
  });

  it('C/C++: templates and the closing semicolon belong to the declaration', async () => {
    await expectFull('cpp', '<|>template <class T>\nclass A {\n  int x;\n};<|>\n', 'A');
    await expectFull('c', '/* Doc. */\n<|>struct S { int x; };<|>\n', 'S');
    await expectName('cpp', 'void Foo::<|>bar<|>() {}\n', 'Foo.bar');
    await expectName('cpp', 'Foo::<|>~Foo<|>() {}\n', 'Foo.~Foo');
    await expectName('cpp', 'class Outer::<|>Inner<|> {\n  int x;\n};\n', 'Outer.Inner');
    await expectFull('cpp', '<|>template <> struct Foo<int, 2> { int y; };<|>\n', 'Foo<int,2>');
  });
});
