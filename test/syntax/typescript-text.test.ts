/**
 * The same-length rewrites tree-sitter-typescript parses instead of the real text (docs/performance.md,
 * "broken code"): escaped backticks and dollars blanked by the parity of their backslash run, and a `;` in
 * place of the last indentation character before a call signature with type parameters.
 */
import { describe, expect, it } from 'vitest';
import { blankUnknownSyntax } from '../../src/syntax/languages/typescript-text.js';

describe('blankUnknownSyntax', () => {
  it('blanks a backtick or dollar escaped by an odd run of backslashes only', () => {
    const text = [
      'type A = `\\`Self\\``;', // escaped: blanked
      'const b = "\\\\`";', // an escaped backslash, then a plain backtick: kept
      'const c = "\\\\\\$";', // an escaped backslash, then an escaped dollar: the last two blanked
      '',
    ].join('\n');
    const blanked = blankUnknownSyntax(text);
    expect(blanked).toHaveLength(text.length);
    expect(blanked.split('\n')).toEqual([
      'type A = `  Self  `;',
      'const b = "\\\\`";',
      'const c = "\\\\  ";',
      '',
    ]);
  });

  it('separates a call signature with type parameters from the member before it', () => {
    const text = [
      'interface Adapter {',
      '  (self: A): B',
      '  <A, E>(self: Effect<A, E>): Effect<A, E>',
      '  call<T>(x: T): T',
      '}',
      '',
    ].join('\n');
    const blanked = blankUnknownSyntax(text);
    expect(blanked).toHaveLength(text.length);
    expect(blanked.split('\n')[2]).toBe(' ;<A, E>(self: Effect<A, E>): Effect<A, E>');
    expect(blanked.split('\n')[3]).toBe('  call<T>(x: T): T');
  });
});
