import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeOffset } from '../../src/locate/describe.js';
import { compileFind, findAll } from '../../src/locate/matcher.js';
import { parseLocate } from '../../src/locate/locate-string.js';
import { fileView } from '../../src/locate/resolve-core.js';
import { resolveLocate } from '../../src/locate/resolver.js';
import { validateLocate } from '../../src/locate/validate.js';
import { miniOutline } from '../helpers/mini-outline.js';

const LINE = fc.constantFrom(
  'class Cart:',
  'class Shop(Base):',
  '    def total(self):',
  '    def add(self, item):',
  'def helper(x, y):',
  '        return x + y',
  '        self.items.append(item)',
  '    value = 1',
  '    x = -1',
  '',
  '    ',
  '# 😀 中文 comment <|> not a marker',
  '    s = "a@b.com"  # é',
  '\tfoo( x,y )',
  '        return subtotal',
);
const BREAK = fc.constantFrom('\n', '\r\n', '\r');
const TEXT = fc
  .array(fc.tuple(LINE, BREAK), { minLength: 1, maxLength: 14 })
  .map((lines) => lines.map(([l, b]) => l + b).join(''));

/** Positions no locate string can name exactly: inside a whitespace run, or between the halves of \r\n or a surrogate pair. */
function insideSpace(text: string, offset: number): boolean {
  const isSpace = (c: string | undefined): boolean => c !== undefined && /\p{White_Space}/u.test(c);
  return isSpace(text[offset - 1]) && isSpace(text[offset]);
}
function splitsUnit(text: string, offset: number): boolean {
  const prev = text.charCodeAt(offset - 1);
  return prev >= 0xd800 && prev <= 0xdbff;
}

describe('reverse positioning (docs/locate-strings.md, "Going back")', () => {
  it('resolve(describe(p)) == p for every nameable position of random files', () => {
    fc.assert(
      fc.property(TEXT, (text) => {
        const view = fileView('r.py', text, miniOutline(text));
        for (let offset = 0; offset <= text.length; offset++) {
          if (splitsUnit(text, offset)) continue;
          const description = describeOffset(view, offset);
          const result = resolveLocate(view, validateLocate(parseLocate(description.locate)), 'position');
          if (!result.ok) throw new Error(`${description.locate} failed: ${result.error.message}`);
          const landed = view.lines.toOffset(result.position);
          expect(landed).toBe(description.offset);
          if (!insideSpace(text, offset)) {
            if (!description.exact || landed !== offset) {
              throw new Error(
                `offset ${offset} of ${JSON.stringify(text)} → ${description.locate} → ${landed}`,
              );
            }
          } else {
            expect(description.exact).toBe(offset === view.lines.lineStart(view.lines.lineOf(offset)));
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('describes a symbol name by its path alone', () => {
    const text = 'class Cart:\n    def total(self):\n        return 1\n';
    const view = fileView('c.py', text, miniOutline(text));
    expect(describeOffset(view, text.indexOf('total')).locate).toBe('c.py:Cart.total');
    expect(describeOffset(view, text.indexOf('1')).locate).toBe('c.py:Cart.total@<|>1');
  });
});

describe('whitespace perturbations never move a marker match (docs/locate-strings.md, "Find")', () => {
  const WORD = fc.constantFrom('a', 'b', 'foo', 'bar', 'x1', '$y', 'é');
  const PUNCT = fc.constantFrom('(', ')', '.', ',', '+', '=', '-', ';', ':');
  const TOKENS = fc.array(fc.oneof(WORD, PUNCT), { minLength: 3, maxLength: 30 });
  const isWord = (t: string): boolean => /^[\p{L}\p{N}_$]+$/u.test(t);

  function render(tokens: string[], gaps: string[]): { text: string; starts: number[] } {
    let text = '';
    const starts: number[] = [];
    tokens.forEach((token, i) => {
      if (i > 0) {
        const needsSpace = isWord(token) && isWord(tokens[i - 1] as string);
        const gap = gaps[i] ?? '';
        text += needsSpace && gap === '' ? ' ' : gap;
      }
      starts.push(text.length);
      text += token;
    });
    return { text, starts };
  }

  it('lands on the same token after spaces are added around punctuation', () => {
    fc.assert(
      fc.property(
        TOKENS,
        fc.array(fc.constantFrom('', ' ', '  ', '\n', '\t '), { minLength: 30, maxLength: 30 }),
        fc.nat(),
        fc.nat(),
        (tokens, gaps, from, width) => {
          const tight = render(tokens, []);
          const loose = render(
            tokens,
            gaps.map((g, i) => (isWord(tokens[i] ?? '') && isWord(tokens[i - 1] ?? '') ? g || ' ' : g)),
          );
          const start = from % tokens.length;
          const end = Math.min(tokens.length, start + 1 + (width % 4));
          const cursorToken = start + ((from >> 3) % (end - start));
          const before = render(tokens.slice(start, cursorToken), []).text;
          const after = render(tokens.slice(cursorToken, end), []).text;
          const sep =
            cursorToken > start &&
            isWord(tokens[cursorToken - 1] as string) &&
            isWord(tokens[cursorToken] as string)
              ? ' '
              : '';
          const find = `${before}${sep}<|>${after}`;
          const compiled = compileFind(find, 'position');
          const tightHits = findAll(compiled, tight.text, { start: 0, end: tight.text.length }).map((m) =>
            tight.starts.indexOf(m.cursor),
          );
          const looseHits = findAll(compiled, loose.text, { start: 0, end: loose.text.length }).map((m) =>
            loose.starts.indexOf(m.cursor),
          );
          expect(looseHits).toEqual(tightHits);
          expect(tightHits.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 1500 },
    );
  });
});

describe('describe never gives up where a locate string exists', () => {
  const resolveBack = (view: ReturnType<typeof fileView>, locate: string): number => {
    const result = resolveLocate(
      view,
      validateLocate(parseLocate(locate, { exists: (p) => p === view.filePath })),
      'position',
    );
    if (!result.ok) throw new Error(`${locate}: ${result.error.message}`);
    return view.lines.toOffset(result.position);
  };

  it('symbols whose names are no plain segments ([:digit:], a.b) are described exactly, quoted', () => {
    const text = "const posix = {\n  '[:digit:]': 1,\n  'a.b': 2,\n};\n";
    const child = (name: string, quoted: string) => {
      const start = text.indexOf(quoted);
      return {
        name,
        path: ['posix', name],
        kind: 'property' as const,
        nameSpan: { start, end: start + quoted.length },
        fullSpan: { start, end: text.indexOf(',', start) },
        children: [],
      };
    };
    const posix = {
      name: 'posix',
      path: ['posix'],
      kind: 'variable' as const,
      nameSpan: { start: 6, end: 11 },
      fullSpan: { start: 0, end: text.indexOf(';') + 1 },
      children: [child('[:digit:]', "'[:digit:]'"), child('a.b', "'a.b'")],
    };
    const view = fileView('p.ts', text, { language: 'typescript', symbols: [posix], errors: [] });
    for (let offset = text.indexOf("'[:"); offset < text.indexOf('};'); offset++) {
      if (/\s/.test(text[offset - 1] ?? '') && /\s/.test(text[offset] ?? '')) continue;
      const description = describeOffset(view, offset);
      expect(description.exact).toBe(true);
      expect(resolveBack(view, description.locate)).toBe(offset);
    }
  });

  it('runs of repeated punctuation are described exactly', () => {
    const banner = '/'.repeat(60);
    const text = `x = 1\n${banner}\n// title\n${banner}\ny = 2 // ${'='.repeat(30)}\n`;
    const view = fileView('b.ts', text, { language: 'typescript', symbols: [], errors: [] });
    for (let offset = 0; offset <= text.length; offset++) {
      if (/\s/.test(text[offset - 1] ?? '') && /\s/.test(text[offset] ?? '')) continue;
      const description = describeOffset(view, offset);
      expect(description.exact, `offset ${offset}`).toBe(true);
      expect(resolveBack(view, description.locate)).toBe(offset);
    }
  });
});
