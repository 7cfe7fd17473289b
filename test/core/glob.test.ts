/**
 * Linear-time globs (src/core/glob.ts, docs/security.md "Linear-time matching"): a table of the syntax, agreement
 * with picomatch (the matcher used before) on random globs of the syntax both read alike, and the inputs that made
 * picomatch stall answered — each would take seconds to hours there; here the test's own timeout is the only cap.
 */
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { compileGlob, compileGlobs, globBase } from '../../src/core/glob.js';
import { seededRandom } from '../helpers/seeded-random.js';

describe('globs', () => {
  it.each([
    ['*.py', 'a.py', true],
    ['*.py', 'src/a.py', false],
    ['src/**/*.py', 'src/a.py', true],
    ['src/**/*.py', 'src/x/y/a.py', true],
    ['**/*.py', 'a.py', true],
    ['src/**', 'src', true],
    ['src/**', 'src/a/b', true],
    ['?.py', 'ab.py', false],
    ['[ab].py', 'b.py', true],
    ['[!ab].py', 'b.py', false],
    ['[^ab].py', 'c.py', true],
    ['[a-c]x', 'bx', true],
    ['*.{py,ts}', 'a.ts', true],
    ['{src,lib}/{a,b{c,d}}.py', 'lib/bd.py', true],
    ['{src,lib}/{a,b{c,d}}.py', 'lib/b.py', false],
    ['a{b}c', 'a{b}c', true],
    ['\\*.py', '*.py', true],
    ['\\*.py', 'a.py', false],
    ['!*.py', 'a.ts', true],
    ['./src/*.py', 'src/a.py', true],
    ['a/**/**/b', 'a/b', true],
  ])('%s ~ %s → %s', (glob, path, expected) => {
    expect(compileGlob(glob, { dot: true })(path)).toBe(expected);
  });

  it('keeps dot files out of wildcards unless `dot` is set', () => {
    expect(compileGlob('*.py')('.a.py')).toBe(false);
    expect(compileGlob('*.py', { dot: true })('.a.py')).toBe(true);
    expect(compileGlob('**/*.py')('.hidden/a.py')).toBe(false);
    expect(compileGlob('**/*.py', { dot: true })('.hidden/a.py')).toBe(true);
    expect(compileGlob('.hidden/*.py')('.hidden/a.py')).toBe(true);
  });

  it('matches any of a list; names the folder before the first wildcard', () => {
    expect(compileGlobs(['*.md', 'docs/**'])('docs/x/y.txt')).toBe(true);
    expect(compileGlobs([])('a')).toBe(false);
    expect(globBase('src/lib/**/*.py')).toBe('src/lib');
    expect(globBase('*.py')).toBe('');
  });

  it('agrees with picomatch on random globs both read alike', () => {
    const random = seededRandom(7);
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)] as T;
    const pieces = ['a', 'b', '.', '*', '?', '[ab]', '[^a]', '{a,b}', '{a,*.b}', '{,x}', 'a*', '*.b'];
    const segment = () => Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(pieces)).join('');
    const names = ['a', 'b', '.a', 'ab', 'ba', 'a.b', '.b', 'x', 'aa'];
    const differences: string[] = [];
    for (let i = 0; i < 800; i++) {
      const glob = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
        random() < 0.2 ? '**' : segment(),
      ).join('/');
      // picomatch reads `**` beside other characters and `*/**` its own way; bash-like globs do not.
      if (/\*\/\*\*|\*\*[^/]|[^/]\*\*/.test(glob)) continue;
      for (const dot of [true, false]) {
        const theirs = picomatch(glob, { dot });
        const ours = compileGlob(glob, { dot });
        for (let j = 0; j < 10; j++) {
          const path = Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(names)).join('/');
          if (theirs(path) !== ours(path)) differences.push(`${glob} ${path} dot=${dot}`);
        }
      }
    }
    expect(differences).toEqual([]);
  });

  it('answers the globs that stalled picomatch', () => {
    const braces = '{a,b}'.repeat(3_200);
    expect(compileGlob(braces)('a'.repeat(3_200))).toBe(true);
    expect(compileGlob(braces)(`src/${'a'.repeat(50)}`)).toBe(false);
    const stars = `${'*a'.repeat(12)}*b`;
    expect(compileGlob(stars)('a'.repeat(4_000))).toBe(false);
    expect(compileGlob(`${'{'.repeat(5_000)}a,b${'}'.repeat(5_000)}`)('a')).toBe(false);
    expect(compileGlob('**/'.repeat(2_000) + 'x')(`${'a/'.repeat(1_000)}x`)).toBe(true);
  });
});
