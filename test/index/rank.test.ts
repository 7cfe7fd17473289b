/** Ranking rules of the workspace operations: match tiers and the file order. */
import { describe, expect, it } from 'vitest';
import { compareFiles, humpMatch, isDemotedPath, TIER, tierMatcher, words } from '../../src/index/rank.js';

const tier = (name: string, query: string) => tierMatcher(query)(name);

describe('name tiers', () => {
  it.each([
    ['getUserById', 'getuserbyid', TIER.exact],
    ['getUserById', 'getUser', TIER.prefix],
    ['getUserById', 'gUB', TIER.hump],
    ['get_user_by', 'g_u_b', TIER.hump],
    ['get_user_by', 'getub', TIER.hump],
    ['getUserById', 'UserBy', TIER.substring],
    ['getUserById', 'gtusr', TIER.subsequence],
    ['getUserById', 'xyz', undefined],
    ['HTTPServer', 'hs', TIER.hump],
    ['HTTPServer', 'HTTPSERVER', TIER.exact],
    ['a.b$c', 'A.B$', TIER.prefix], // regular-expression characters in the query are literal
    ['axbxc', 'a.c', undefined],
    ['Straße', 'STRASSE', undefined],
    ['Größe', 'grö', TIER.prefix],
  ])('%s for %s', (name, query, expected) => {
    expect(tier(name, query)).toBe(expected);
  });

  it('splits identifiers into words', () => {
    expect(words('getUserById')).toEqual(['get', 'user', 'by', 'id']);
    expect(words('HTTPServer2')).toEqual(['http', 'server', '2']);
    expect(words('get_user_by')).toEqual(['get', 'user', 'by']);
    expect(humpMatch('getUserBy', 'ub')).toBe(false); // must start at the first word
    expect(humpMatch('HTTPServer', 'hse')).toBe(true);
    expect(humpMatch('__init__', 'i')).toBe(true);
  });
});

describe('file order', () => {
  it('puts test, vendored and generated files last, then shorter paths, then path order', () => {
    const files = [
      'tests/cart.py',
      'src/deep/a/cart.py',
      'vendor/x/cart.py',
      'src/cart.py',
      'cart_test.go',
      'b.py',
      'a.py',
    ];
    expect([...files].sort(compareFiles)).toEqual([
      'a.py',
      'b.py',
      'src/cart.py',
      'src/deep/a/cart.py',
      'cart_test.go',
      'tests/cart.py',
      'vendor/x/cart.py',
    ]);
    expect(isDemotedPath('src/app.test.ts')).toBe(true);
    expect(isDemotedPath('src/latest/app.ts')).toBe(false);
    expect(isDemotedPath('lib/site-packages/click/core.py')).toBe(true); // installed third-party code
    expect(isDemotedPath('typeshed/stdlib/subprocess.pyi')).toBe(true); // a stub, like a .d.ts
  });
});
