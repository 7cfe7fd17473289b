/**
 * Per-language expectations for the operation tests, as locate strings into the fixture projects
 * under test/fixtures/<lang>/ops/ (text anchors, never hand-counted positions).
 */

/** One language's operation expectations. */
export interface OpsCase {
  language: string;
  /** Adapter id of the server (for the missing-server policy). */
  server: string;
  fixture: string;
  definition: { at: string; oneOf: string[] };
  references: { at: string; expected: string[]; excluded: string[] };
  rename: { at: string; newName: string; changedFiles: string[]; untouched: string[] };
  hover: { at: string; contains: string };
  completion: { at: string; labels: string[] };
  /** Undefined when the server has no signature help (expect CAPABILITY_MISSING). */
  signature?: { at: string; contains: string };
  /** A call line to append to the caller file for the out-of-band edit test, and the file. */
  extraCall: { file: string; line: string; symbol: string };
}

/** Every language the operations must work for. */
export const OPS_CASES: OpsCase[] = [
  {
    language: 'python',
    server: 'pyright',
    fixture: 'python/ops',
    definition: { at: 'main.py@make_<|>circle(2.0)', oneOf: ['shapes.py:make_circle'] },
    references: {
      at: 'shapes.py:Circle.area',
      expected: ['shapes.py:Circle.area', 'main.py@circle.<|>area() +', 'main.py@return circle.<|>area()'],
      excluded: ['shapes.py:Square.area', 'main.py@square.<|>area()'],
    },
    rename: {
      at: 'shapes.py:Circle.area',
      newName: 'surface',
      changedFiles: ['main.py', 'shapes.py'],
      untouched: ['shapes.py:Square.area', 'main.py@square.<|>area()'],
    },
    hover: { at: 'main.py@make_<|>circle(2.0)', contains: 'make_circle' },
    completion: { at: 'main.py@total = circle.<|>area', labels: ['area', 'radius'] },
    signature: { at: 'main.py@make_circle(<|>2.0)', contains: 'radius' },
    extraCall: {
      file: 'main.py',
      line: '\nextra = make_circle(1.0).area()\n',
      symbol: 'shapes.py:make_circle',
    },
  },
  {
    language: 'typescript',
    server: 'typescript',
    fixture: 'typescript/ops',
    definition: { at: 'main.ts@makeCi<|>rcle(2)', oneOf: ['shapes.ts:makeCircle'] },
    references: {
      at: 'shapes.ts:Circle.area',
      expected: ['shapes.ts:Circle.area', 'main.ts@circle.<|>area() +', 'main.ts@return circle.<|>area()'],
      excluded: ['shapes.ts:Square.area', 'main.ts@square.<|>area()'],
    },
    rename: {
      at: 'shapes.ts:Circle.area',
      newName: 'surface',
      changedFiles: ['main.ts', 'shapes.ts'],
      untouched: ['shapes.ts:Square.area', 'main.ts@square.<|>area()'],
    },
    hover: { at: 'main.ts@makeCi<|>rcle(2)', contains: 'makeCircle' },
    completion: { at: 'main.ts@total = circle.<|>area', labels: ['area', 'radius'] },
    signature: { at: 'main.ts@makeCircle(<|>2)', contains: 'radius' },
    extraCall: {
      file: 'main.ts',
      line: '\nexport const extra = makeCircle(1).area();\n',
      symbol: 'shapes.ts:makeCircle',
    },
  },
  {
    language: 'javascript',
    server: 'typescript',
    fixture: 'javascript/ops',
    definition: { at: 'main.js@makeCi<|>rcle(2)', oneOf: ['shapes.js:makeCircle'] },
    references: {
      at: 'shapes.js:Circle.area',
      expected: ['shapes.js:Circle.area', 'main.js@circle.<|>area() +', 'main.js@return circle.<|>area()'],
      excluded: ['shapes.js:Square.area', 'main.js@square.<|>area()'],
    },
    rename: {
      at: 'shapes.js:Circle.area',
      newName: 'surface',
      changedFiles: ['main.js', 'shapes.js'],
      untouched: ['shapes.js:Square.area', 'main.js@square.<|>area()'],
    },
    hover: { at: 'main.js@makeCi<|>rcle(2)', contains: 'makeCircle' },
    completion: { at: 'main.js@total = circle.<|>area', labels: ['area', 'radius'] },
    signature: { at: 'main.js@makeCircle(<|>2)', contains: 'radius' },
    extraCall: {
      file: 'main.js',
      line: '\nexport const extra = makeCircle(1).area();\n',
      symbol: 'shapes.js:makeCircle',
    },
  },
  {
    language: 'go',
    server: 'gopls',
    fixture: 'go/ops',
    definition: { at: 'main.go@MakeCi<|>rcle(2', oneOf: ['shapes.go:MakeCircle'] },
    references: {
      at: 'shapes.go:Circle.Area',
      expected: ['shapes.go:Circle.Area', 'main.go@circle.<|>Area() +', 'main.go@return circle.<|>Area()'],
      excluded: ['shapes.go:Square.Area', 'main.go@square.<|>Area()'],
    },
    rename: {
      at: 'shapes.go:Circle.Area',
      newName: 'Surface',
      changedFiles: ['main.go', 'shapes.go'],
      untouched: ['shapes.go:Square.Area', 'main.go@square.<|>Area()'],
    },
    hover: { at: 'main.go@MakeCi<|>rcle(2', contains: 'MakeCircle' },
    completion: { at: 'main.go@total := circle.<|>Area', labels: ['Area', 'Radius'] },
    signature: { at: 'main.go@MakeCircle(<|>2', contains: 'radius' },
    extraCall: {
      file: 'main.go',
      line: '\nfunc extra() float64 { return MakeCircle(1, "x").Area() }\n',
      symbol: 'shapes.go:MakeCircle',
    },
  },
  {
    language: 'c',
    server: 'clangd',
    fixture: 'c/ops',
    definition: { at: 'main.c@make_<|>circle(2.0', oneOf: ['shapes.c:make_circle', 'shapes.h:make_circle'] },
    references: {
      at: 'shapes.c:area',
      expected: ['shapes.c:area', 'shapes.c@return <|>area(c->radius)'],
      excluded: ['square.c:area', 'square.c@return <|>area(side)'],
    },
    rename: {
      at: 'shapes.c:area',
      newName: 'disc_area',
      changedFiles: ['shapes.c'],
      untouched: ['square.c:area', 'square.c@return <|>area(side)'],
    },
    hover: { at: 'main.c@make_<|>circle(2.0', contains: 'make_circle' },
    completion: { at: 'main.c@total, c.<|>radius', labels: ['radius'] },
    signature: { at: 'main.c@make_circle(<|>2.0', contains: 'radius' },
    extraCall: {
      file: 'shapes.c',
      line: '\nstruct circle extra(void) { return make_circle(1.0, 0); }\n',
      symbol: 'shapes.c:make_circle',
    },
  },
  {
    language: 'rust',
    server: 'rust-analyzer',
    fixture: 'rust/ops',
    definition: { at: 'src/main.rs@make_<|>circle(2.0)', oneOf: ['src/shapes.rs:make_circle'] },
    references: {
      at: 'src/shapes.rs:Circle.area',
      expected: [
        'src/shapes.rs:Circle.area',
        'src/main.rs@circle.<|>area() +',
        'src/main.rs@    circle.<|>area()',
      ],
      excluded: ['src/shapes.rs:Square.area', 'src/main.rs@square.<|>area()'],
    },
    rename: {
      at: 'src/shapes.rs:Circle.area',
      newName: 'surface_area',
      changedFiles: ['src/main.rs', 'src/shapes.rs'],
      untouched: ['src/shapes.rs:Square.area', 'src/main.rs@square.<|>area()'],
    },
    hover: { at: 'src/main.rs@make_<|>circle(2.0)', contains: 'make_circle' },
    // Not `circle.<|>area()`: in a call rust-analyzer offers only what can be called.
    completion: { at: 'src/main.rs@total, circle.<|>radius', labels: ['area', 'radius'] },
    signature: { at: 'src/main.rs@make_circle(<|>2.0)', contains: 'radius' },
    extraCall: {
      file: 'src/main.rs',
      line: '\nfn extra() -> f64 {\n    make_circle(1.0).area()\n}\n',
      symbol: 'src/shapes.rs:make_circle',
    },
  },
  {
    language: 'bash',
    server: 'bash',
    fixture: 'bash/ops',
    definition: { at: 'main.sh@c=$(circle_<|>area 2)', oneOf: ['lib.sh:circle_area'] },
    references: {
      at: 'lib.sh:circle_area',
      expected: ['lib.sh:circle_area', 'main.sh@c=$(<|>circle_area 2)', 'main.sh@  <|>circle_area 1'],
      excluded: ['lib.sh:square_area', 'main.sh@s=$(<|>square_area 3)'],
    },
    rename: {
      at: 'lib.sh:circle_area',
      newName: 'disc_area',
      changedFiles: ['lib.sh', 'main.sh'],
      untouched: ['lib.sh:square_area', 'main.sh@s=$(<|>square_area 3)'],
    },
    hover: { at: 'lib.sh@  <|>echo "$PI', contains: 'echo' },
    completion: { at: 'main.sh@s=$(squ<|>are_area', labels: ['square_area'] },
    extraCall: { file: 'main.sh', line: '\ncircle_area 5\n', symbol: 'lib.sh:circle_area' },
  },
];
