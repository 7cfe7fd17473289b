import { describe, expect, it } from 'vitest';
import { LocusError } from '../../src/core/errors.js';
import { compileFind, findAll } from '../../src/locate/matcher.js';
import { nearestLines } from '../../src/locate/near-miss.js';
import { anchor, anchors } from '../helpers/anchors.js';

/** Cursor offsets of every match of `find` in the whole text. */
function cursors(find: string, text: string, mode: 'position' | 'range' = 'position'): number[] {
  return findAll(compileFind(find, mode), text, { start: 0, end: text.length }).map((m) => m.cursor);
}

function spans(find: string, text: string): string[] {
  return findAll(compileFind(find, 'range'), text, { start: 0, end: text.length }).map((m) =>
    text.slice(m.span.start, m.span.end),
  );
}

describe('token-aware matching (docs/locate-strings.md, "Find")', () => {
  it.each([
    // [pattern, source that matches]
    ['int a', 'int a'],
    ['int a', 'int  a'],
    ['int a', 'int\na'],
    ['int a', 'int\u3000a'],
    ['int a', 'int\fa'],
    ['a+b', 'a+b'],
    ['a+b', 'a + b'],
    ['foo.bar', 'foo.bar'],
    ['foo.bar', 'foo . bar'],
    ['foo(x, y)', 'foo(x, y)'],
    ['foo(x, y)', 'foo( x,y )'],
    ['x = -1', 'x=-1'],
    ['  padded  ', 'padded'],
    ['if error:\n    raise Exception(error)', 'if error: raise Exception( error )'],
    ['@app.route(', '@app.route('],
    ['é中', 'é中'],
  ])('%j matches %j', (pattern, source) => {
    expect(spans(pattern, source)).toHaveLength(1);
  });

  it.each([
    ['int a', 'inta'],
    ['a+b', 'ab'],
    ['foo.bar', 'foobar'],
    ['foo(x, y)', 'foo(xy)'],
    ['int', 'i n t'],
    ['val', 'value'],
    ['foo', 'foobar'],
    ['foo', 'my_foo'],
    ['$x', 'a$x'],
    ['Foo', 'foo'],
  ])('%j does not match %j', (pattern, source) => {
    expect(spans(pattern, source)).toEqual([]);
  });

  it('never reads the agent text as a regex', () => {
    expect(spans('a.*b', 'a.*b axxb')).toEqual(['a.*b']);
    expect(spans('(x|y)', 'x (x|y)')).toEqual(['(x|y)']);
    expect(spans('[a-z]+', 'abc [a-z]+')).toEqual(['[a-z]+']);
    expect(spans('a/b-c', 'x a / b - c')).toEqual(['a / b - c']);
    expect(spans('\\d+', '42 \\d+')).toEqual(['\\d+']);
  });

  it('counts all non-overlapping matches left to right', () => {
    expect(spans('aa', 'aa aa aa')).toEqual(['aa', 'aa', 'aa']);
    expect(spans('x.x', 'x.x.x.x')).toHaveLength(2);
  });

  it('identifier boundaries look only inside the scope (docs/locate-strings.md, "Find")', () => {
    const text = 'value';
    const inner = findAll(compileFind('alue', 'position'), text, { start: 1, end: 5 });
    expect(inner).toHaveLength(1);
  });
});

describe('where the cursor lands (docs/locate-strings.md, "Find")', () => {
  // [find, source with <<|>> where the cursor must land]
  it.each([
    ['lspClient.initi<|>alize()', '    lspClient.initi<<|>>alize();'],
    ['return <|>result', 'return <<|>>result'],
    ['foo(<|>x)', 'foo( <<|>>x)'],
    ['a <|> b', 'a <<|>>b'],
    ['self.<|>', 'self.<<|>>value'],
    ['return <|>', 'return <<|>>value'],
    ['int <|>', 'int  <<|>>count'],
    [' <|>x', 'y = <<|>>x'],
    ['foo<|> ', 'foo<<|>> bar'],
    ['<|>', '<<|>>abc'],
    ['a <<|>> b', 'a <|>b'],
    ['x = <|> + y <<|>> z', 'x = <|> + y <<<|>>>z'],
    ['obj.<|>', 'obj .<<|>> x'],
  ])('%j in %j', (find, source) => {
    const marker = source.includes('<<<|>>>') ? '<<<|>>>' : source.includes('<<|>>') ? '<<|>>' : '<|>';
    const { text, offset } = anchor(source, marker);
    expect(cursors(find, text)[0]).toBe(offset);
  });

  it('whitespace-only marker pattern: end of the first whitespace run', () => {
    const { text, offsets } = anchors('a  <|>b\t<|>c');
    expect(cursors(' <|>', text)).toEqual(offsets);
    expect(cursors('\t<|>  ', text)).toEqual(offsets);
  });

  it('no marker: the start of the match', () => {
    const { text, offset } = anchor('x = 1\n<|>deprecated_func(2)');
    expect(cursors('deprecated_func(', text)).toEqual([offset]);
  });

  it('ranges ignore the marker and exclude surrounding whitespace (docs/locate-strings.md, "What a locate string resolves to")', () => {
    expect(spans('foo(<|>x)', 'a = foo( x) ')).toEqual(['foo( x)']);
    expect(spans('return <|>', 'return  value')).toEqual(['return']);
    expect(spans('  x + y  ', 'z = x+y;')).toEqual(['x+y']);
    const bare = findAll(compileFind('<|>', 'range'), 'abc', { start: 1, end: 3 });
    expect(bare[0]?.span).toEqual({ start: 1, end: 1 });
  });

  it('rejects empty and whitespace-only finds without a marker (docs/locate-strings.md, "Find")', () => {
    for (const find of ['', '   ', '\n\t']) {
      expect(() => compileFind(find, 'position')).toThrow(LocusError);
    }
  });
});

describe('nearest candidates on no match (docs/locate-strings.md, "Find")', () => {
  it('proposes the lines that share the most tokens, including near-typos', () => {
    const { text, offsets } = anchors('a = 1\n<|>total = compute(a)\nprint(<|>totl)\n');
    const near = nearestLines('total = computer(a)', text, { start: 0, end: text.length });
    expect(near[0]?.offset).toBe(offsets[0]);
    const typo = nearestLines('totl(', text, { start: 0, end: text.length });
    expect(typo.map((n) => n.offset)).toContain(offsets[1]);
  });
});
