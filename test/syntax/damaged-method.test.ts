/**
 * A syntax error inside one method of a class (docs/performance.md, "broken code"): the compiler fallback
 * parses that method alone, not the whole class, and the other members keep the query outline.
 */
import { describe, expect, it } from 'vitest';
import { flattenOutline, type Outline } from '../../src/locate/outline.js';
import { fallbackStats } from '../../src/syntax/damaged.js';
import { extractOutline } from '../../src/syntax/outline.js';
import { TreeCache } from '../../src/syntax/tree-cache.js';
import { anchors } from '../helpers/anchors.js';

const entries = (outline: Outline): string[] =>
  flattenOutline(outline.symbols).map((s) => `${s.kind} ${s.path.join('.')} ${s.nameSpan.start}`);

const methods = (count: number): string =>
  Array.from(
    { length: count },
    (_, i) =>
      `  method${i}(a: number): number {\n    const local = a * ${i};\n    return local + ${i};\n  }\n`,
  ).join('');

// A class bigger than the fallback's region limit (4 KB), between two functions.
const CLASS = `export function before(): void {}\nexport class Big {\n  field = 1;\n${methods(60)}}\nexport function after(): void {}\n`;

/** The text with ` )(` inserted at each `<|>` of `source` (same text otherwise). */
function broken(source: string): string {
  const { text, offsets } = anchors(source);
  let out = text;
  for (const at of [...offsets].reverse()) out = out.slice(0, at) + ' )(' + out.slice(at);
  return out;
}

async function fallbackChars(text: string): Promise<{ outline: Outline; chars: number; calls: number }> {
  const before = fallbackStats();
  const outline = await extractOutline('typescript', text);
  const after = fallbackStats();
  return { outline, chars: after.chars - before.chars, calls: after.calls - before.calls };
}

describe('a syntax error in one method', () => {
  it('sends only that method to the fallback, also in a class over the region limit', async () => {
    expect(CLASS.length).toBeGreaterThan(4096);
    const clean = await extractOutline('typescript', CLASS);
    const text = broken(CLASS.replace('const local = a * 7;', 'const local<|> = a * 7;'));
    const method = text.slice(text.indexOf('method7('), text.indexOf('  method8('));
    const { outline, chars, calls } = await fallbackChars(text);
    expect(calls).toBe(1);
    expect(chars).toBe(method.trimEnd().length);
    const shifted = entries(clean).map((e) => {
      const [kind, path, at] = e.split(' ');
      const offset = Number(at);
      return `${kind} ${path} ${offset > text.indexOf(' )(') ? offset + 3 : offset}`;
    });
    expect(entries(outline)).toEqual(shifted);
    expect(outline.errors.length).toBeGreaterThan(0);
  });

  it('sends the whole class when the errors are in two members, or in a decorated method (its decorator is a sibling)', async () => {
    const small = `export class Small {\n${methods(3)}}\n`;
    const cases = [
      small.replace('a * 0', 'a<|> * 0').replace('a * 2', 'a<|> * 2'),
      small.replace('  method1(', '  @logged\n  method1(').replace('a * 1', 'a<|> * 1'),
    ];
    for (const source of cases) {
      const text = broken(source);
      const { calls, chars } = await fallbackChars(text);
      expect(calls, text).toBe(1);
      expect(chars, text).toBe(text.trimEnd().length);
    }
  });

  it('after each breaking edit of a method, the cached outline equals a fresh one', async () => {
    const cache = new TreeCache();
    await cache.outline('big.ts', 'typescript', CLASS);
    for (const needle of ['field = 1', 'method3(a', 'const local = a * 9', 'return local + 59', 'after()']) {
      const at = CLASS.indexOf(needle) + needle.indexOf(' ');
      const text = CLASS.slice(0, at) + ' )(' + CLASS.slice(at);
      expect(await cache.outline('big.ts', 'typescript', text), needle).toEqual(
        await extractOutline('typescript', text),
      );
      await cache.outline('big.ts', 'typescript', CLASS);
    }
    cache.close();
  });
});
