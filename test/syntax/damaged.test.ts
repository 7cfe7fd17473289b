/**
 * Broken TS/JS code (docs/performance.md, "broken code"): syntax the grammar does not know is blanked
 * before parsing; a real syntax error sends only its top-level statement to the compiler fallback,
 * whose answer is cached by that statement's text.
 */
import { describe, expect, it } from 'vitest';
import { flattenOutline, type Outline } from '../../src/locate/outline.js';
import { fallbackStats } from '../../src/syntax/damaged.js';
import { extractOutline, parseText } from '../../src/syntax/outline.js';
import { loadLanguage } from '../../src/syntax/runtime.js';
import { TreeCache } from '../../src/syntax/tree-cache.js';

const functions = (from: number, to: number): string =>
  Array.from(
    { length: to - from },
    (_, i) => `export function f${from + i}(a: number): number {\n  return a + ${i};\n}\n`,
  ).join('');

const CLEAN = `${functions(0, 20)}export class Middle {\n  run(): void {\n    go();\n  }\n}\n${functions(20, 40)}`;
// Same length as CLEAN, so that every offset outside the damaged statement is the same.
const BROKEN = CLEAN.replace('    go();', '    go(;)');

const entries = (outline: Outline): string[] =>
  flattenOutline(outline.symbols).map((s) => `${s.kind} ${s.path.join('.')} ${s.nameSpan.start}`);

/** The outline entries of TypeScript `text`, checking that it parses without errors and needs no fallback. */
async function outlineWithoutFallback(text: string): Promise<string[]> {
  const tree = parseText(await loadLanguage('typescript'), text);
  expect(tree.rootNode.hasError).toBe(false);
  tree.delete();
  const before = fallbackStats();
  const outline = await extractOutline('typescript', text);
  expect(fallbackStats().calls).toBe(before.calls);
  return entries(outline);
}

describe('broken TypeScript', () => {
  it('parses variance annotations and `export type *` without errors (no fallback)', async () => {
    const text = [
      'export interface Box<',
      '  /** comment */ out T extends object = {},',
      '  in out U,',
      '> { get(): T }',
      "export type * from './types.js';",
      'const lessThan = a < out;',
      '',
    ].join('\n');
    const at = (anchor: string): number => text.indexOf(anchor);
    expect(await outlineWithoutFallback(text)).toEqual([
      `interface Box ${at('Box')}`,
      `method Box.get ${at('get()')}`,
      `constant lessThan ${at('lessThan')}`,
    ]);
  });

  it('parses overloads with type parameters on their own lines and escapes in template types (no fallback)', async () => {
    const text = [
      'export interface Adapter {',
      '  <A, E, R>(self: Effect<A, E, R>): Effect<A, E, R>',
      '  /** the second overload */',
      '  <A, B extends Array<A> = never>(a: A): B // no `;` before the next one',
      '  <const P,',
      '    Q>(',
      '    p: P',
      '  ): Q',
      '}',
      'export const dual: {',
      '  (self: number): string',
      '  <A>(self: A): A',
      '} = (x) =>',
      '  <T>(y: T): T => y',
      'type Missing<U extends string> = `use \\`class Self extends ${U}<Self>()\\``',
      'export const never: Effect<never> = core.never',
      '',
    ].join('\n');
    const at = (anchor: string): number => text.indexOf(anchor);
    expect(await outlineWithoutFallback(text)).toEqual([
      `interface Adapter ${at('Adapter')}`,
      `function dual ${at('dual')}`,
      `type Missing ${at('Missing')}`,
      `constant never ${at('never:')}`,
    ]);
  });

  it('leaves alone what only looks like an overload: continued lines, `;`-ended members, JSX text', async () => {
    const tsx = 'const Note = () => (\n  <p>\n    <Tip>(hint: see below)</Tip>\n  </p>\n);\n';
    expect((await extractOutline('tsx', tsx)).errors).toEqual([]);
    const members = 'interface I {\n  a: string;\n  <B>(b: B): B\n}\n';
    expect((await extractOutline('typescript', members)).errors).toEqual([]);
  });

  it('sends only the damaged top-level statement to the fallback; the rest is the query outline', async () => {
    const clean = await extractOutline('typescript', CLEAN);
    const before = fallbackStats();
    const broken = await extractOutline('typescript', BROKEN);
    const after = fallbackStats();
    expect(after.calls).toBe(before.calls + 1);
    const middle = BROKEN.slice(BROKEN.indexOf('export class Middle'));
    expect(after.chars - before.chars).toBeLessThanOrEqual(middle.indexOf('\n}\n') + 2);
    expect(entries(broken)).toEqual(entries(clean));
    expect(broken.errors.length).toBeGreaterThan(0);
  });

  it('re-uses the fallback answer after an edit elsewhere in the broken file', async () => {
    const cache = new TreeCache();
    await cache.outline('a.ts', 'typescript', BROKEN);
    const before = fallbackStats();
    const edited = BROKEN.replace('return a + 3;', 'return a + 33;');
    const outline = await cache.outline('a.ts', 'typescript', edited);
    expect(fallbackStats().calls).toBe(before.calls);
    expect(cache.stats().windowedOutlines).toBe(1);
    expect(entries(outline)).toEqual(entries(await extractOutline('typescript', edited)));
    cache.close();
  });
});
