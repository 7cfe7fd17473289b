/** Parsing the workspace-wide locate forms (pure). */
import { describe, expect, it } from 'vitest';
import { isGlob, parseBareSymbol, parseWorkspaceLocate } from '../../src/locate/workspace-locate.js';

describe('explicit workspace forms', () => {
  it.each([
    ['*:Cart.total', { where: '*', scope: { symbol_path: ['Cart', 'total'] }, bare: false }],
    [
      '*:Cart.total@return <|>x',
      { where: '*', scope: { symbol_path: ['Cart', 'total'] }, find: 'return <|>x', bare: false },
    ],
    [
      'src/**/*.py:Cart.total@a:b@c',
      { where: 'src/**/*.py', scope: { symbol_path: ['Cart', 'total'] }, find: 'a:b@c', bare: false },
    ],
    ['*:(*Server).Start', { where: '*', scope: { symbol_path: ['Server', 'Start'] }, bare: false }],
    [
      '*:Shape.area[1]',
      { where: '*', scope: { symbol_path: ['Shape', 'area'], symbol_index: 1 }, bare: false },
    ],
    ['**/*.go@func <|>main', { where: '**/*.go', find: 'func <|>main', bare: false }],
    ['src/{a,b}.ts:run', { where: 'src/{a,b}.ts', scope: { symbol_path: ['run'] }, bare: false }],
  ])('%s', (input, expected) => {
    expect(parseWorkspaceLocate(input)).toEqual(expected);
  });

  it.each(['src/cart.py:Cart.total', 'Parser::new', '(*Server).Start@x', 'cart.py@foo', 'a.py:42'])(
    '%s is not an explicit workspace form',
    (input) => expect(parseWorkspaceLocate(input)).toBeUndefined(),
  );

  it.each(['*:12', 'src/*.py:10-20', '*:', '*:Cart@', '**/*.py@'])('%s is INVALID_LOCATE', (input) => {
    expect(() => parseWorkspaceLocate(input)).toThrow(expect.objectContaining({ code: 'INVALID_LOCATE' }));
  });

  it('tells globs from Go receivers', () => {
    expect(isGlob('src/**/*.py')).toBe(true);
    expect(isGlob('src/a?.py')).toBe(true);
    expect(isGlob('(*Server).Start')).toBe(false);
    expect(isGlob('src/cart.py')).toBe(false);
  });
});

describe('the bare form', () => {
  it.each([
    ['Cart.total', { symbol_path: ['Cart', 'total'] }, undefined],
    ['Parser::new', { symbol_path: ['Parser', 'new'] }, undefined],
    ['(*Server).Start@s.<|>', { symbol_path: ['Server', 'Start'] }, 's.<|>'],
    ['Shape.area[1]', { symbol_path: ['Shape', 'area'], symbol_index: 1 }, undefined],
    ['Cart.total@a/b', { symbol_path: ['Cart', 'total'] }, 'a/b'],
  ])('%s', (input, scope, find) => {
    expect(parseBareSymbol(input)).toEqual({ where: '*', scope, bare: true, ...(find ? { find } : {}) });
  });

  it.each(['src/cart.py', 'src/cart.py:Cart', 'a.py:42', 'cart.py:Parser::new', 'Cart total', '', '@x'])(
    '%s is not bare',
    (input) => {
      expect(parseBareSymbol(input)).toBeUndefined();
    },
  );
});
