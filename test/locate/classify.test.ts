/** Which reading of a locate input is meant (pure, table-driven): a file locate or a workspace-wide one. */
import { describe, expect, it } from 'vitest';
import { classify, type LocateReading } from '../../src/locate/classify.js';
import { DEFAULT_LIMITS } from '../../src/core/limits.js';

/** The files that exist in these cases. */
const FILES = new Set(['src/cart.py', 'README', 'Makefile', 'notes.txt@a', 'Cart.total', 'a:b.py']);
const exists = (path: string): boolean => FILES.has(path);

const file = (locate: object): LocateReading => ({ kind: 'file', locate }) as LocateReading;
const workspace = (form: object): LocateReading => ({ kind: 'workspace', form }) as LocateReading;

const CASES: [string, unknown, LocateReading][] = [
  [
    'a file locate',
    'src/cart.py:Cart.total',
    file({ file_path: 'src/cart.py', scope: { symbol_path: ['Cart', 'total'] } }),
  ],
  ['a file with a find', 'src/cart.py@return <|>x', file({ file_path: 'src/cart.py', find: 'return <|>x' })],
  [
    'a missing file stays a file locate',
    'src/gone.py:3',
    file({ file_path: 'src/gone.py', scope: { start_line: 3, end_line: 3 } }),
  ],
  [
    'a path with a colon that exists',
    'a:b.py:3',
    file({ file_path: 'a:b.py', scope: { start_line: 3, end_line: 3 } }),
  ],
  ['an object', { file_path: 'src/cart.py', find: 'x' }, file({ file_path: 'src/cart.py', find: 'x' })],
  [
    'every file',
    '*:Cart.total',
    workspace({ where: '*', scope: { symbol_path: ['Cart', 'total'] }, bare: false }),
  ],
  [
    'a glob and a scope',
    'src/**/*.py:total',
    workspace({ where: 'src/**/*.py', scope: { symbol_path: ['total'] }, bare: false }),
  ],
  [
    'a glob and a find',
    '**/*.go@func <|>main',
    workspace({ where: '**/*.go', find: 'func <|>main', bare: false }),
  ],
  [
    'a bare symbol',
    'Cart.tot',
    workspace({ where: '*', scope: { symbol_path: ['Cart', 'tot'] }, bare: true }),
  ],
  [
    'a bare symbol with a find',
    'Parser::new@self',
    workspace({ where: '*', scope: { symbol_path: ['Parser', 'new'] }, find: 'self', bare: true }),
  ],
  ['a bare-looking name that is a file', 'README@install', file({ file_path: 'README', find: 'install' })],
  ['a file named like a symbol', 'Cart.total@x', file({ file_path: 'Cart.total', find: 'x' })],
  ['a file whose name has an @', 'notes.txt@a@b', file({ file_path: 'notes.txt@a', find: 'b' })],
];

describe('classify', () => {
  it.each(CASES)('%s: %j', (_name, input, expected) => {
    expect(classify(input, exists, { limits: DEFAULT_LIMITS })).toEqual(expected);
  });

  it.each([
    ['a file named but nothing to locate in it', 'Makefile', 'INVALID_LOCATE'],
    ['a line scope over many files', '*:12', 'INVALID_LOCATE'],
    ['an empty find', 'src/cart.py@', 'INVALID_LOCATE'],
    ['an object without a file', { find: 'x' }, 'INVALID_LOCATE'],
    ['too many @', `a${'@x'.repeat(DEFAULT_LIMITS.maxAtSigns + 1)}`, 'LIMIT_EXCEEDED'],
  ])('%s is %s', (_name, input, code) => {
    expect(() => classify(input, exists, { limits: DEFAULT_LIMITS })).toThrow(
      expect.objectContaining({ code }),
    );
  });

  it('reads every string as a file locate for callers without workspace forms', () => {
    expect(classify('*:Cart.total', exists, { workspaceForms: false })).toEqual(
      file({ file_path: '*', scope: { symbol_path: ['Cart', 'total'] } }),
    );
    expect(() => classify('Cart.tot', exists, { workspaceForms: false })).toThrow(
      expect.objectContaining({ code: 'INVALID_LOCATE' }),
    );
  });

  it('asks about each path at most once', () => {
    const asked: string[] = [];
    classify('Cart.tot@a@b', (p) => (asked.push(p), false), { limits: DEFAULT_LIMITS });
    expect(new Set(asked).size).toBe(asked.length);
  });
});
