import { describe, expect, it } from 'vitest';
import type { Locate } from '../../src/locate/model.js';
import { fileView, type FileView } from '../../src/locate/resolve-core.js';
import { resolveLocate, type LocateResult, type LocateSuccess } from '../../src/locate/resolver.js';
import { parseLocate } from '../../src/locate/locate-string.js';
import { validateLocate } from '../../src/locate/validate.js';
import { anchors } from '../helpers/anchors.js';
import { miniOutline } from '../helpers/mini-outline.js';

// Anchors: <|> marks expected positions, in order of the table rows that use them.
const SOURCE = `import os

<|>class Cart:
    """A cart. 😀 total"""

    @property
    def <|>total(self):
        subtotal = sum(self.items)
        return <|>subtotal

    def add(self, item):
        self.items.append(item)

class Shop:
    def total(self):
        return 0

    def area(self):
        return 1

    def area(self):
        return <|>2

<|>def helper(x):
        <|>
    return x
`;
const { text, offsets } = anchors(SOURCE);
const [CART_CLASS, CART_TOTAL_NAME, RETURN_SUBTOTAL, SECOND_AREA_RETURN, HELPER_DEF, BLANK_LINE] =
  offsets as [number, number, number, number, number, number];
const view: FileView = fileView('shop.py', text, miniOutline(text));

function resolve(locate: string | Locate, mode: 'position' | 'range' = 'position'): LocateResult {
  return resolveLocate(view, validateLocate(typeof locate === 'string' ? parseLocate(locate) : locate), mode);
}

function ok(locate: string | Locate, mode: 'position' | 'range' = 'position'): LocateSuccess {
  const result = resolve(locate, mode);
  if (!result.ok)
    throw new Error(`expected success for ${JSON.stringify(locate)}: ${JSON.stringify(result.error)}`);
  return result;
}

const offsetOf = (result: LocateSuccess): number => view.lines.toOffset(result.position);
const rangeText = (result: LocateSuccess): string =>
  text.slice(view.lines.toOffset(result.range!.start), view.lines.toOffset(result.range!.end));

describe('resolution matrix (docs/locate-strings.md, "What a locate string resolves to")', () => {
  it('symbol, no find → start of the name; range → the full range (decorators included)', () => {
    const result = ok('shop.py:Cart.total');
    expect(offsetOf(result)).toBe(CART_TOTAL_NAME);
    expect(result.symbol).toEqual({ path: 'Cart.total', kind: 'method' });
    const range = ok('shop.py:Cart.total', 'range');
    expect(rangeText(range)).toMatch(/^@property\n {4}def total\(self\):[\s\S]*return subtotal$/);
  });

  it('symbol + marker → the marked point inside the full range; range → the match', () => {
    expect(offsetOf(ok('shop.py:Cart.total@return <|>subtotal'))).toBe(RETURN_SUBTOTAL);
    expect(rangeText(ok('shop.py:Cart.total@return <|>subtotal', 'range'))).toBe('return subtotal');
  });

  it('symbol + find without marker → start of the match', () => {
    expect(offsetOf(ok('shop.py:Cart.total@subtotal'))).toBe(text.indexOf('subtotal ='));
  });

  it('line scope, no find → first non-blank character; all blank → start of line N', () => {
    const line3 = ok('shop.py:3');
    expect(offsetOf(line3)).toBe(CART_CLASS);
    expect(offsetOf(ok('shop.py:1-2'))).toBe(0);
    const blank = view.lines.lineOf(BLANK_LINE) + 1;
    expect(offsetOf(ok(`shop.py:${blank}`))).toBe(view.lines.lineStart(blank - 1));
    expect(offsetOf(ok(`shop.py:${blank - 1}-${blank}`))).toBe(HELPER_DEF);
    expect(rangeText(ok('shop.py:3-4', 'range'))).toBe('class Cart:\n    """A cart. 😀 total"""');
  });

  it('line scope + find searches only those lines', () => {
    const line = view.lines.lineOf(RETURN_SUBTOTAL) + 1;
    expect(offsetOf(ok(`shop.py:${line}@return <|>`))).toBe(RETURN_SUBTOTAL);
    expect(resolve(`shop.py:${line}@append`)).toMatchObject({ ok: false, error: { code: 'NO_MATCH' } });
  });

  it('no scope + find searches the whole file and reports every match', () => {
    const result = ok('shop.py@return <|>');
    expect(offsetOf(result)).toBe(RETURN_SUBTOTAL);
    expect(result.matches).toBe(5);
    expect(result.alternatives).toHaveLength(4);
    for (const alt of result.alternatives!) {
      expect(offsetOf(ok(alt.locate))).toBe(view.lines.toOffset(alt.position));
    }
  });

  it("a range's other matches come with locate strings that give back their ranges", () => {
    // A position's shortest locate string (`Shop.total@<|>(`) would give the range `(`.
    const result = ok('shop.py@(self):', 'range');
    expect(result.alternatives).toHaveLength(3);
    for (const alt of result.alternatives!) {
      const again = ok(alt.locate, 'range');
      expect(again.position).toEqual(alt.position);
      expect(rangeText(again)).toBe('(self):');
    }
  });

  it('find_index picks the N-th match; past the end is MATCH_INDEX_OUT_OF_RANGE', () => {
    expect(offsetOf(ok({ file_path: 'shop.py', find: 'return <|>', find_index: 4 }))).toBe(
      text.indexOf('x\n', HELPER_DEF),
    );
    expect(resolve({ file_path: 'shop.py', find: 'return <|>', find_index: 5 })).toMatchObject({
      ok: false,
      error: { code: 'MATCH_INDEX_OUT_OF_RANGE' },
    });
  });

  it('neither scope nor find is INVALID_LOCATE', () => {
    expect(() => validateLocate({ file_path: 'shop.py' })).toThrow(/Nothing to locate/);
  });
});

describe('symbol matching (docs/locate-strings.md, "Which declarations are symbols")', () => {
  it('unique suffix is accepted and reported', () => {
    const result = ok('shop.py:helper');
    expect(result.symbol?.path).toBe('helper');
    const suffix = ok('shop.py:add');
    expect(suffix.notes).toContain('resolved "add" to "Cart.add"');
  });

  it('several suffix matches are SYMBOL_AMBIGUOUS with every candidate', () => {
    const result = resolve('shop.py:total');
    expect(result).toMatchObject({ ok: false, error: { code: 'SYMBOL_AMBIGUOUS' } });
    if (!result.ok) expect(result.error.message).toMatch(/Cart\.total \(method, line \d+\); Shop\.total/);
  });

  it('not found gives did-you-mean suggestions and the top-level symbols', () => {
    const result = resolve('shop.py:Cart.totl');
    expect(result).toMatchObject({ ok: false, error: { code: 'SYMBOL_NOT_FOUND' } });
    if (!result.ok) {
      expect(result.error.hint).toMatch(/Did you mean: Cart\.total/);
      expect(result.error.hint).toMatch(
        /Top-level symbols: Cart \(class\), Shop \(class\), helper \(function\)/,
      );
    }
  });

  it('lists a top-level method by its path (a Go method belongs to its receiver)', () => {
    const go = anchors('type List struct{}\n\nfunc (l *List) <|>Len() int { return 0 }\n');
    const at = go.offsets[0] as number;
    const method = {
      name: 'Len',
      path: ['List', 'Len'],
      kind: 'method' as const,
      nameSpan: { start: at, end: at + 3 },
      fullSpan: { start: go.text.indexOf('func'), end: go.text.length - 1 },
      children: [],
    };
    const goView = fileView('list.go', go.text, { language: 'go', symbols: [method], errors: [] });
    const result = resolveLocate(goView, validateLocate(parseLocate('list.go:Nope')), 'position');
    expect(!result.ok && result.error.hint).toMatch(/Top-level symbols: List\.Len \(method\)/);
  });

  it('same-path symbols: first used, count reported, [K] selects, search moves on when the first has no match', () => {
    const first = ok('shop.py:Shop.area');
    expect(first.notes?.[0]).toMatch(/2 symbols are named Shop\.area/);
    const second = ok('shop.py:Shop.area[1]@return <|>');
    expect(offsetOf(second)).toBe(SECOND_AREA_RETURN);
    const movedOn = ok('shop.py:Shop.area@return <|>2');
    expect(offsetOf(movedOn)).toBe(SECOND_AREA_RETURN);
    expect(movedOn.notes?.join(' ')).toMatch(/used Shop\.area\[1\]/);
    expect(resolve('shop.py:Shop.area[0]@return <|>2')).toMatchObject({
      ok: false,
      error: { code: 'NO_MATCH' },
    });
    expect(resolve('shop.py:Shop.area[2]')).toMatchObject({
      ok: false,
      error: { code: 'SYMBOL_NOT_FOUND', message: expect.stringMatching(/2 symbol/) },
    });
  });

  it('symbol scope without a grammar is UNSUPPORTED_LANGUAGE; line scope and find still work', () => {
    const plain = fileView('notes.txt', text, undefined);
    expect(resolveLocate(plain, parseLocate('notes.txt:Cart'), 'position')).toMatchObject({
      ok: false,
      error: { code: 'UNSUPPORTED_LANGUAGE' },
    });
    expect(resolveLocate(plain, parseLocate('notes.txt@return <|>subtotal'), 'position')).toMatchObject({
      ok: true,
    });
  });
});

describe('errors carry hints and ready locate strings', () => {
  it('line past the end is LINE_OUT_OF_RANGE naming the line count; end line is clamped with a note', () => {
    const count = view.lines.lineCount;
    expect(resolve(`shop.py:${count + 1}`)).toMatchObject({
      ok: false,
      error: { code: 'LINE_OUT_OF_RANGE', message: expect.stringContaining(`${count} line`) },
    });
    expect(ok(`shop.py:${count}-${count + 50}`).notes?.[0]).toMatch(/clamped/);
  });

  it('NO_MATCH in a symbol mentions only the syntax errors in it or just after it', () => {
    const broken = anchors(
      'def first():\n    return 1\n' +
        '\n'.repeat(8) +
        'def second():\n    return <|>(2\n\ndef third():\n    return 3\n',
    );
    const errorAt = broken.offsets[0] as number;
    const outline = { ...miniOutline(broken.text), errors: [{ start: errorAt, end: errorAt + 1 }] };
    const brokenView = fileView('b.py', broken.text, outline);
    const hintOf = (locate: string): string => {
      const result = resolveLocate(brokenView, validateLocate(parseLocate(locate)), 'position');
      if (result.ok) throw new Error(`expected NO_MATCH for ${locate}`);
      expect(result.error.code).toBe('NO_MATCH');
      return result.error.hint ?? '';
    };
    expect(hintOf('b.py:first@nothing')).not.toMatch(/syntax errors/);
    expect(hintOf('b.py:second@nothing')).toMatch(/syntax errors \(line 12\)/);
    expect(hintOf('b.py:third@nothing')).not.toMatch(/syntax errors/);
  });

  it('NO_MATCH lists nearest lines with locate strings that resolve', () => {
    const result = resolve('shop.py:Cart@self.itemz.append(<|>');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const candidates = result.error.details?.candidates as { locate: string; display: string }[];
    expect(candidates.length).toBeGreaterThan(0);
    expect(result.error.hint).toContain(candidates[0]!.locate);
    for (const c of candidates) expect(ok(c.locate).display).toBe(c.display);
  });
});
