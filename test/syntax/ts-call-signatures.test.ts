/**
 * Generic call signatures on their own line after a member with no separator (docs/performance.md,
 * "Broken code"): tree-sitter-typescript reads the `<` as type arguments and fails; Locus separates
 * them before parsing, without moving any offset, and leaves argument lists and expressions alone.
 */
import { describe, expect, it } from 'vitest';
import { extractOutline, parseText } from '../../src/syntax/outline.js';
import { loadLanguage } from '../../src/syntax/runtime.js';
import { renderOutline } from '../helpers/golden-outline.js';

const OVERLOADS = `export interface Adapter {
  <A, E>(self: Effect<A, E>): Effect<A, E>
  <A, _A>(a: A, ab: (a: A) => Effect<_A>): Effect<_A>
  unsafeValue(extraTags: ReadonlyArray<string>): Out
  /**
   * The doc comment of an overload.
   */
  <A extends In, E>(effect: Effect<A, E>): Effect<A, E>
  <
    const Key extends string,
    Make
  >(key: Key, make: Make): Tag<Key>
  readonly after: number
}

export const compose = dual(
  2,
  <A, B>(self: A, f: (a: A) => B): B => f(self)
)

export function lessThan(a: number, b: number): boolean {
  return a
    <b
}
`;

describe('generic call signatures after a member without a separator', () => {
  it('parse without errors and keep every member', async () => {
    const outline = await extractOutline('typescript', OVERLOADS);
    expect(outline.errors).toEqual([]);
    expect(renderOutline(outline, OVERLOADS)).toBe(
      [
        'interface Adapter 1:18',
        '  method Adapter.unsafeValue 4:3',
        '  property Adapter.after 13:12',
        'constant compose 16:14',
        'function lessThan 21:17',
        '',
      ].join('\n'),
    );
  });

  it('are what the grammar alone fails on, and the separation fixes', async () => {
    const loaded = await loadLanguage('typescript');
    const raw = loaded.parser.parse(OVERLOADS);
    expect(raw?.rootNode.hasError).toBe(true);
    raw?.delete();
    const prepared = parseText(loaded, OVERLOADS);
    expect(prepared.rootNode.hasError).toBe(false);
    prepared.delete();
  });
});
