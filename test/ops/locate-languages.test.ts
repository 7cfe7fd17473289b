/**
 * Locating with real tree-sitter outlines, per language: every SymbolScope form (nested, overloads
 * with [K], suffix match, ambiguity, not found with suggestions) and each language's special cases.
 * Sources carry `<|>` anchors; `@N` in a row means "lands on anchor N".
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocator, type Locator } from '../../src/ops/locating/locator.js';
import { anchors } from '../helpers/anchors.js';

interface LanguageCase {
  file: string;
  source: string;
  /** [locate string (the file is `F`), anchor index or error code] */
  rows: [string, number | string][];
}

const CASES: Record<string, LanguageCase> = {
  python: {
    file: 'shop.py',
    source: `import functools
MAX_ITEMS = 10

class Cart:
    items: list

    @functools.cache
    @property
    def <|>total(self):
        return <|>sum(self.items)

    @total.setter
    def <|>total(self, value):
        self.<|>cached = value

    class <|>Line:
        def <|>price(self):
            def <|>inner():
                return 1
            return inner()

def <|>helper():
    return Cart()
`,
    rows: [
      ['F:Cart.total', 0],
      ['F:Cart.total@return <|>sum', 1],
      ['F:Cart.total[1]', 2],
      ['F:Cart.total@self.<|>cached', 3],
      ['F:Cart.cached', 3],
      ['F:Cart.Line', 4],
      ['F:Line.price', 5],
      ['F:Cart.Line.price.inner', 6],
      ['F:inner', 6],
      ['F:helper', 7],
      ['F:Cart.totl', 'SYMBOL_NOT_FOUND'],
      ['F:Cart.total[2]', 'SYMBOL_NOT_FOUND'],
    ],
  },
  typescript: {
    file: 'api.ts',
    source: `export const <|>handler = async (req: string): Promise<string> => req;

export namespace Outer.Inner {
  export function <|>deep(): number { return 1; }
}

export const api = {
  <|>get(path: string) { return path; },
  nested: { <|>put: (x: number) => x },
};

export function <|>parse(x: string): number;
export function parse(x: number): number;
export function parse(x: unknown): number {
  return <|>Number(x);
}

export class Shape {
  <|>#secret = 1;
  constructor(private readonly id: string) {}
  area(): number { return 0; }
}

export class Circle extends Shape {
  area(): number { return <|>3; }
}

export default class {
  run(): void {}
}
`,
    rows: [
      ['F:handler', 0],
      ['F:Outer.Inner.deep', 1],
      ['F:Inner.deep', 1],
      ['F:api.get', 2],
      ['F:api.nested.put', 3],
      ['F:parse', 4],
      ['F:parse@return <|>Number', 5],
      ['F:Shape.#secret', 6],
      ['F:Circle.area@return <|>3', 7],
      ['F:area', 'SYMBOL_AMBIGUOUS'],
      ['F:default.run@run', -1],
    ],
  },
  go: {
    file: 'server.go',
    source: `package main

type Server struct {
	<|>Addr string
}

func (s *Server) <|>Start() error {
	return <|>nil
}

func (s Server) <|>Name() string { return s.Addr }

type Box[T any] struct{ v T }

func (b *Box[T]) <|>Get() T { return b.v }

type Handler interface {
	<|>Serve(x int) error
}
`,
    rows: [
      ['F:Server.Addr', 0],
      ['F:(*Server).Start', 1],
      ['F:Server.Start', 1],
      ['F:(*Server).Start@return <|>nil', 2],
      ['F:(Server).Name', 3],
      ['F:(*Box[T]).Get', 4],
      ['F:Box.Get', 4],
      ['F:Handler.Serve', 5],
      ['F:Server.Stop', 'SYMBOL_NOT_FOUND'],
    ],
  },
  rust: {
    file: 'lib.rs',
    source: `mod outer {
    pub struct Foo<T> { <|>x: T }

    impl<T> Foo<T> {
        pub fn <|>new(x: T) -> Self { Foo { x } }
    }

    impl<T> std::fmt::Display for &crate::outer::Foo<T> {
        fn <|>fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { <|>Ok(()) }
    }
}

enum Shape { Circle { <|>r: f64 }, Square }
`,
    rows: [
      ['F:outer.Foo.x', 0],
      ['F:outer::Foo::new', 1],
      ['F:Foo::new', 1],
      ['F:Foo.fmt', 2],
      ['F:Foo.fmt@<|>Ok', 3],
      ['F:Shape.Circle.r', 4],
    ],
  },
  java: {
    file: 'Shapes.java',
    source: `public class Shapes {
    public <|>Shapes() {}

    double <|>area(int side) { return side * side; }
    double <|>area(double r) { return <|>3.14 * r * r; }

    void run() {
        class <|>Local {}
    }

    record <|>Point(int x, int y) {}
    enum Mode { <|>FAST, SLOW }
}
`,
    rows: [
      ['F:Shapes.Shapes', 0],
      ['F:Shapes.area', 1],
      ['F:Shapes.area[1]', 2],
      ['F:Shapes.area@<|>3.14', 3],
      ['F:Shapes.run.Local', 4],
      ['F:Point', 5],
      ['F:Mode.FAST', 6],
    ],
  },
  cpp: {
    file: 'shape.cpp',
    source: `namespace geo {
class Shape {
public:
    <|>Shape();
    ~<|>Shape();
    double area() const;
};

double Shape::<|>area() const { return <|>1.0; }
}
`,
    rows: [
      ['F:geo.Shape.Shape', 0],
      ['F:geo.Shape.~Shape', -2],
      ['F:geo.Shape.area[1]', 2],
      ['F:Shape.area[1]@return <|>1.0', 3],
    ],
  },
};

describe.each(Object.entries(CASES))('locate in %s', (_language, testCase) => {
  let root: string;
  let locator: Locator;
  const { text, offsets } = anchors(testCase.source);

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'locus-lang-'));
    writeFileSync(path.join(root, testCase.file), text);
    locator = createLocator({ root });
  });
  afterAll(async () => {
    await locator.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each(testCase.rows)('%s → %s', async (row, expected) => {
    const result = await locator.locate(row.replace(/^F/, testCase.file));
    if (typeof expected === 'string') {
      expect(result).toMatchObject({ ok: false, error: { code: expected } });
      if (!result.ok) expect(result.error.hint).toBeTruthy();
      return;
    }
    if (!result.ok)
      throw new Error(`${row}: ${result.error.code} ${result.error.message} ${result.error.hint ?? ''}`);
    if (expected < 0) return; // resolves; the exact spot is checked elsewhere (unnamed default export)
    const lines = text.split('\n');
    const offset =
      lines.slice(0, result.position.line).reduce((n, l) => n + l.length + 1, 0) + result.position.character;
    expect(offset).toBe(offsets[expected]);
  });
});
