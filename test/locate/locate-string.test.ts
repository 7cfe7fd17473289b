import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LocusError } from '../../src/core/errors.js';
import { formatLocate, parseLocate } from '../../src/locate/locate-string.js';
import type { Locate } from '../../src/locate/model.js';
import { validateLocate } from '../../src/locate/validate.js';

describe('parseLocate: docs/locate-strings.md, "Path" examples and forms', () => {
  it.each<[string, Locate]>([
    ['foo.py@self.<|>', { file_path: 'foo.py', find: 'self.<|>' }],
    [
      'foo.py:42@return <|>result',
      { file_path: 'foo.py', scope: { start_line: 42, end_line: 42 }, find: 'return <|>result' },
    ],
    [
      'foo.py:10-20@if <|>cond',
      { file_path: 'foo.py', scope: { start_line: 10, end_line: 20 }, find: 'if <|>cond' },
    ],
    [
      'foo.py:10,20@if <|>cond',
      { file_path: 'foo.py', scope: { start_line: 10, end_line: 20 }, find: 'if <|>cond' },
    ],
    ['foo.py:L10,20', { file_path: 'foo.py', scope: { start_line: 10, end_line: 20 } }],
    [
      'foo.py:L10-20@if <|>x',
      { file_path: 'foo.py', scope: { start_line: 10, end_line: 20 }, find: 'if <|>x' },
    ],
    ['foo.py:L7', { file_path: 'foo.py', scope: { start_line: 7, end_line: 7 } }],
    ['foo.py:10-10', { file_path: 'foo.py', scope: { start_line: 10, end_line: 10 } }],
    [
      'foo.py:MyClass.my_method@self.<|>',
      { file_path: 'foo.py', scope: { symbol_path: ['MyClass', 'my_method'] }, find: 'self.<|>' },
    ],
    ['foo.py:MyClass', { file_path: 'foo.py', scope: { symbol_path: ['MyClass'] } }],
    ['src/lib.rs:Parser::new', { file_path: 'src/lib.rs', scope: { symbol_path: ['Parser', 'new'] } }],
    ['a.rs:outer::Foo.new', { file_path: 'a.rs', scope: { symbol_path: ['outer', 'Foo', 'new'] } }],
    ['main.go:(*Server).Start', { file_path: 'main.go', scope: { symbol_path: ['Server', 'Start'] } }],
    ['main.go:(Server).Start', { file_path: 'main.go', scope: { symbol_path: ['Server', 'Start'] } }],
    [
      'main.go:(*Box[T]).Get@return <|>',
      { file_path: 'main.go', scope: { symbol_path: ['Box', 'Get'] }, find: 'return <|>' },
    ],
    [
      'Shapes.java:Shape.area[1]',
      { file_path: 'Shapes.java', scope: { symbol_path: ['Shape', 'area'], symbol_index: 1 } },
    ],
    ['x.cpp:~Shape', { file_path: 'x.cpp', scope: { symbol_path: ['~Shape'] } }],
    ['x.cpp:Vec.operator+', { file_path: 'x.cpp', scope: { symbol_path: ['Vec', 'operator+'] } }],
    ['x.ts:Cls.#secret', { file_path: 'x.ts', scope: { symbol_path: ['Cls', '#secret'] } }],
    ['x.php:$x', { file_path: 'x.php', scope: { symbol_path: ['$x'] } }],
    [
      'app.py:Api@@app.route(<|>',
      { file_path: 'app.py', scope: { symbol_path: ['Api'] }, find: '@app.route(<|>' },
    ],
    ['x.py@a: int = <|>1', { file_path: 'x.py', find: 'a: int = <|>1' }],
    ['mail.py@"a@b.com" <|>', { file_path: 'mail.py', find: '"a@b.com" <|>' }],
    [
      'node_modules/@types/node/fs.d.ts:readFile',
      { file_path: 'node_modules/@types/node/fs.d.ts', scope: { symbol_path: ['readFile'] } },
    ],
    ['@scope/x.ts@foo', { file_path: '@scope/x.ts', find: 'foo' }],
    ['a.py@ <|>', { file_path: 'a.py', find: ' <|>' }],
    ['a.py@x:y@z', { file_path: 'a.py', find: 'x:y@z' }],
    ['a.py:Cls@  spaced  ', { file_path: 'a.py', scope: { symbol_path: ['Cls'] }, find: '  spaced  ' }],
  ])('%s', (input, expected) => {
    expect(parseLocate(input)).toEqual(expected);
  });

  it('quotes a symbol that would read back as a line scope', () => {
    expect(formatLocate({ file_path: 'a.py', scope: { symbol_path: ['L10'] } })).toBe('a.py:"L10"');
    expect(formatLocate({ file_path: 'a.json', scope: { symbol_path: ['0', 'name'] } })).toBe(
      'a.json:0.name',
    );
    expect(formatLocate({ file_path: 'a.json', scope: { symbol_path: ['0'] } })).toBe('a.json:"0"');
    expect(parseLocate('a.json:"0"').scope).toEqual({ symbol_path: ['0'] });
  });

  it.each([
    ['package.json:devDependencies."@types/node"', ['devDependencies', '@types/node'], undefined],
    ['ci.yml:jobs.test.runs-on', ['jobs', 'test', 'runs-on'], undefined],
    ['ci.yml:jobs.test.steps.0.name', ['jobs', 'test', 'steps', '0', 'name'], undefined],
    ['x.json:"a.b"."c d"[1]', ['a.b', 'c d'], 1],
    ['x.json:"say \\"hi\\""', ['say "hi"'], undefined],
    ['x.json:"a\\\\b.c"', ['a\\b.c'], undefined],
    ['x.json:""', [''], undefined],
    ['x.json:a."b::c"', ['a', 'b::c'], undefined],
    ['x.cpp:Vec."operator[]"', ['Vec', 'operator[]'], undefined],
  ])('a quoted segment is literal: %s', (input, segments, index) => {
    const scope =
      index === undefined ? { symbol_path: segments } : { symbol_path: segments, symbol_index: index };
    const file = input.slice(0, input.indexOf(':'));
    expect(parseLocate(input)).toEqual({ file_path: file, scope });
    expect(formatLocate({ file_path: file, scope })).toBe(input);
  });

  it('an `@` inside a quoted name does not start the find', () => {
    expect(parseLocate('package.json:dependencies."@scope/x"@"<|>1.0"')).toEqual({
      file_path: 'package.json',
      scope: { symbol_path: ['dependencies', '@scope/x'] },
      find: '"<|>1.0"',
    });
  });

  it.each(['x.json:"open', 'x.json:"a"b', 'x.json:a"b', 'x.json:"a".', 'x.json:"a"@'])(
    'a malformed quoted name is INVALID_LOCATE: %s',
    (input) => expect(() => parseLocate(input)).toThrow(LocusError),
  );

  it('10-20 is a line range, never a symbol (LSAP gets this wrong)', () => {
    expect(parseLocate('a.py:10-20').scope).toEqual({ start_line: 10, end_line: 20 });
  });

  it('drive prefixes are part of the path on Windows only (docs/locate-strings.md, "Path")', () => {
    expect(parseLocate('C:\\src\\a.py:Cls', { platform: 'win32' })).toEqual({
      file_path: 'C:\\src\\a.py',
      scope: { symbol_path: ['Cls'] },
    });
    expect(parseLocate('C:/src/a.py@x', { platform: 'win32' })).toEqual({
      file_path: 'C:/src/a.py',
      find: 'x',
    });
    expect(() => parseLocate('C:\\src\\a.py:Cls')).toThrow(LocusError);
  });

  it('falls back to the first existing-file prefix (docs/locate-strings.md, "Path")', () => {
    const files = new Set(['a:b/foo.py', 'x@y.py']);
    const exists = (p: string): boolean => files.has(p);
    expect(parseLocate('a:b/foo.py:Cls', { exists })).toEqual({
      file_path: 'a:b/foo.py',
      scope: { symbol_path: ['Cls'] },
    });
    expect(parseLocate('x@y.py@z', { exists })).toEqual({ file_path: 'x@y.py', find: 'z' });
    // Without the file, the syntactic split stands (FILE_NOT_FOUND later names its path).
    expect(parseLocate('a:b/foo.py@q', { exists: () => false })).toEqual({
      file_path: 'a',
      scope: { symbol_path: ['b/foo', 'py'] },
      find: 'q',
    });
  });
});

describe('parseLocate: invalid input is INVALID_LOCATE with the accepted forms', () => {
  it.each([
    'foo.py',
    'foo.py:',
    'foo.py@',
    'foo.py:@find',
    'foo.py:Scope@',
    'foo.py:10-',
    'foo.py:0',
    'foo.py:L0',
    'foo.py:0-3',
    'foo.py:20-10',
    'foo.py:10,abc',
    'foo.py:A..B',
    'foo.py:.A',
    'foo.py:A.',
    'foo.py: A',
    'foo.py:A ',
    'foo.py:A. B',
    'foo.py:A:B',
    'foo.py:A[x]',
    'foo.py:(*T',
    'foo.py@   ',
    ':Cls',
    '',
  ])('%j', (input) => {
    let thrown: unknown;
    try {
      validateLocate(parseLocate(input));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(LocusError);
    expect((thrown as LocusError).code).toBe('INVALID_LOCATE');
    expect((thrown as LocusError).hint).toBeTruthy();
  });

  it('shows the accepted scope forms for a bad scope', () => {
    try {
      parseLocate('a.py:10-');
      expect.unreachable();
    } catch (error) {
      expect((error as LocusError).hint).toMatch(/10-20/);
    }
  });
});

describe('properties', () => {
  it('the parser never throws anything but a LocusError', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(
            'a',
            '.',
            ':',
            '@',
            '[',
            ']',
            '1',
            '-',
            ',',
            'L',
            '(',
            ')',
            '*',
            ' ',
            '<',
            '|',
            '>',
            '/',
            '\\',
            'é',
            '😀',
          ),
        }),
        (input) => {
          try {
            validateLocate(parseLocate(input, { exists: (p) => p.length % 2 === 0 }));
          } catch (error) {
            if (!(error instanceof LocusError)) throw error;
          }
        },
      ),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.string(), (input) => {
        try {
          parseLocate(input);
        } catch (error) {
          if (!(error instanceof LocusError)) throw error;
        }
      }),
      { numRuns: 2000 },
    );
  });

  const segment = fc.stringMatching(/^[A-Za-z_~#$][A-Za-z0-9_+]{0,6}$/);
  const path = fc.stringMatching(/^(?:[a-z0-9_-]{1,5}\/){0,3}(?:@[a-z]{1,4}\/)?[a-z0-9_]{1,6}\.[a-z]{1,3}$/);
  const scope = fc.oneof(
    fc
      .record({ symbol_path: fc.array(segment, { minLength: 1, maxLength: 4 }) })
      .filter((s) => !/^L\d+$/.test(s.symbol_path.join('.'))),
    fc.record({ symbol_path: fc.array(segment, { minLength: 1, maxLength: 4 }), symbol_index: fc.nat(9) }),
    // any name at all, data-file keys included: quoted where it is no plain segment
    fc.record({ symbol_path: fc.array(fc.string({ maxLength: 8 }), { minLength: 1, maxLength: 4 }) }),
    fc
      .integer({ min: 1, max: 5000 })
      .chain((start) =>
        fc.integer({ min: start, max: start + 100 }).map((end) => ({ start_line: start, end_line: end })),
      ),
  );
  const find = fc.string({ minLength: 1 }).filter((f) => f.trim().length > 0 || f.includes('<|>'));

  it('parse ∘ format is the identity on every expressible Locate', () => {
    fc.assert(
      fc.property(
        path,
        fc.option(scope, { nil: undefined }),
        fc.option(find, { nil: undefined }),
        (filePath, sc, fi) => {
          fc.pre(sc !== undefined || fi !== undefined);
          const locate: Locate = { file_path: filePath };
          if (sc) locate.scope = sc;
          if (fi !== undefined) locate.find = fi;
          expect(parseLocate(formatLocate(locate))).toEqual(locate);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
