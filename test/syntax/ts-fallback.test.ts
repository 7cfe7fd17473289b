/**
 * The TypeScript-compiler fallback (docs/locate-strings.md, "Which declarations are symbols"): files tree-sitter-typescript cannot parse still get
 * every symbol, and on error-free files the fallback agrees with the tree-sitter outline exactly.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenOutline } from '../../src/locate/outline.js';
import { extractOutline, parseText } from '../../src/syntax/outline.js';
import { loadLanguage } from '../../src/syntax/runtime.js';
import { hooks } from '../../src/syntax/languages/typescript.js';
import { typescriptOutline } from '../../src/syntax/ts-fallback.js';
import { renderOutline } from '../helpers/golden-outline.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

const VARIANCE = `export interface Producer<out T> {
  produce(): T;
}

export interface Consumer<in T> {
  consume(value: T): void;
}

export class Box<in out T> implements Producer<T>, Consumer<T> {
  #value!: T;
  produce(): T {
    return this.#value;
  }
  consume(value: T): void {
    this.#value = value;
  }
}

export function unbox<T>(box: Box<T>): T {
  return box.produce();
}

export default abstract class {
  abstract run(): void;
}
`;

describe('TypeScript fallback', () => {
  it('tree-sitter-typescript errors on variance annotations', async () => {
    const loaded = await loadLanguage('typescript');
    const tree = parseText(loaded, VARIANCE);
    expect(tree.rootNode.hasError).toBe(true);
    tree.delete();
  });

  it('still yields every symbol of a file with `<in T>`/`<out T>`', async () => {
    const outline = await extractOutline('typescript', VARIANCE);
    expect(renderOutline(outline, VARIANCE)).toBe(
      [
        'interface Producer 1:18',
        '  method Producer.produce 2:3',
        'interface Consumer 5:18',
        '  method Consumer.consume 6:3',
        'class Box 9:14',
        '  field Box.#value 10:3',
        '  method Box.produce 11:3',
        '  method Box.consume 14:3',
        'function unbox 19:17',
        'class default 23:8',
        '  method default.run 24:12',
        '',
      ].join('\n'),
    );
    expect(outline.errors).toEqual([]);
    const box = flattenOutline(outline.symbols).find((s) => s.path.join('.') === 'Box');
    expect(VARIANCE.slice(box?.fullSpan.start, box?.fullSpan.end)).toMatch(
      /^export class Box<in out T>[^]*\n}$/,
    );
  });

  it('agrees with tree-sitter on signatures: constructor overloads, accessor signatures', async () => {
    const text = [
      'declare class A {',
      '  constructor(a: string);',
      '  get x(): number;',
      '  set x(v: number);',
      '  static m(): void;',
      '}',
      'abstract class B {',
      '  abstract get y(): number;',
      '}',
      'interface I {',
      '  get z(): number;',
      '  n(): void;',
      '}',
      '',
    ].join('\n');
    const treeSitter = await extractOutline('typescript', text);
    expect(renderOutline(treeSitter, text)).toContain(
      '  constructor A.constructor 2:3\n  property A.x 3:7\n',
    );
    expect(await typescriptOutline('typescript', text, hooks)).toEqual(treeSitter);
  });

  for (const [language, file] of [
    ['typescript', 'sample.ts'],
    ['tsx', 'sample.tsx'],
    ['javascript', 'sample.js'],
  ] as const) {
    it(`${language}: agrees with the tree-sitter outline on the error-free fixture`, async () => {
      const text = readFileSync(path.join(FIXTURES, language, 'outline', file), 'utf8');
      const treeSitter = await extractOutline(language, text);
      expect(treeSitter.errors).toEqual([]);
      expect(await typescriptOutline(language, text, hooks)).toEqual(treeSitter);
    });
  }
});
