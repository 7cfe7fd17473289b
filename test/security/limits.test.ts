/**
 * Input limits and linear-time matching (docs/security.md): every long input of issue 10 is either
 * refused with LIMIT_EXCEEDED naming the limit or handled with work bounded by counted steps.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { isLocusError, LocusError } from '../../src/core/errors.js';
import { DEFAULT_LIMITS, clip } from '../../src/core/limits.js';
import { parseLocate } from '../../src/locate/locate-string.js';
import { compileFind, findAll, findAllByTokens, type WorkCounter } from '../../src/locate/matcher.js';
import { validateLocate } from '../../src/locate/validate.js';
import { createLocator } from '../../src/ops/locating/locator.js';
import { search } from '../../src/ops/workspace/search.js';
import { symbols } from '../../src/ops/workspace/symbols.js';
import { scratch } from './support.js';

function thrown(run: () => unknown): LocusError {
  try {
    run();
  } catch (error) {
    if (isLocusError(error)) return error;
    throw error;
  }
  throw new Error('expected a LocusError');
}

const ws = scratch({
  'a.py': 'def a():\n    return 1\n',
  'big.py': 'class Cart:\n    def total(self):\n        return 1\n',
});
afterAll(() => ws.cleanup());

describe('limits on locate strings', () => {
  it.each([
    ['maxLocateLength', `a.py@${'x'.repeat(40_000)}`],
    ['maxLocateLength', `a.py:(${' '.repeat(20_000)}a b)`],
    ['maxLocateLength', 'x@'.repeat(20_000)],
    ['maxAtSigns', `a.py@${'x@'.repeat(100)}`],
  ])('%s refuses %#', (limit, input) => {
    const error = thrown(() => parseLocate(input));
    expect(error.code).toBe('LIMIT_EXCEEDED');
    expect(error.details).toMatchObject({ limit });
    expect(error.message.length).toBeLessThan(300);
  });

  it('refuses a long find and a marker deeper than the deepest level', () => {
    const long = thrown(() =>
      validateLocate({ file_path: 'a.py', find: 'y'.repeat(DEFAULT_LIMITS.maxFindLength + 1) }),
    );
    expect(long.details).toMatchObject({ limit: 'maxFindLength' });
    const deep = thrown(() =>
      validateLocate({ file_path: 'a.py', find: `${'<'.repeat(12)}|${'>'.repeat(12)}` }),
    );
    expect(deep.details).toMatchObject({ limit: 'maxMarkerDepth', actual: 12 });
    expect(
      validateLocate({ file_path: 'a.py', find: `${'<'.repeat(10)}|${'>'.repeat(10)}` }).find,
    ).toBeDefined();
  });

  it('limits are configurable per locator', async () => {
    const input = `a.py@${'x@'.repeat(100)}`;
    const strict = createLocator({ root: ws.root });
    const loose = createLocator({ root: ws.root, limits: { maxAtSigns: 500 } });
    const refused = await strict.locate(input);
    expect(!refused.ok && refused.error.code).toBe('LIMIT_EXCEEDED');
    const answered = await loose.locate(input);
    expect(!answered.ok && answered.error.code).toBe('NO_MATCH');
    await strict.close();
    await loose.close();
  });

  it('workspace-wide forms, symbol queries and searches have the same limits, and quote long input clipped', async () => {
    const locator = createLocator({ root: ws.root });
    const bare = await locator.locate('a'.repeat(100_000));
    expect(!bare.ok && bare.error).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      details: { limit: 'maxLocateLength' },
    });
    const refusals = [
      [() => symbols(locator, 'a'.repeat(100_000)), 'maxLocateLength'],
      [() => search(locator, `*@${'a'.repeat(DEFAULT_LIMITS.maxFindLength + 1)}`), 'maxFindLength'],
      [() => search(locator, `*@${'x@'.repeat(100)}`), 'maxAtSigns'],
    ] as const;
    for (const [run, limit] of refusals)
      await expect(run()).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED', details: { limit } });
    const noFind = await search(locator, 'a'.repeat(16_000)).catch((error: unknown) => error);
    expect(noFind).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect((noFind as LocusError).message.length).toBeLessThan(300);
    const unknown = await locator.locate(`${'Zz'.repeat(8_000)}.q`);
    expect(!unknown.ok && unknown.error.code).toBe('SYMBOL_NOT_FOUND');
    expect(!unknown.ok && unknown.error.message.length).toBeLessThan(300);
    await locator.close();
  });

  it('the existing-file fallback tries a bounded number of splits', () => {
    let calls = 0;
    const exists = (): boolean => {
      calls++;
      return false;
    };
    const input = 'x@'.repeat(20_000);
    const parsed = parseLocate(input, { exists, limits: { maxLocateLength: 1e6, maxAtSigns: 1e6 } });
    expect(parsed.file_path).toBe('x');
    expect(calls).toBeLessThanOrEqual(4096);
  });

  it("the issue's long inputs, with the limits raised, still end in a coded answer", async () => {
    const locator = createLocator({ root: ws.root, limits: { maxLocateLength: 1e6, maxFindLength: 1e6 } });
    for (const input of [
      `big.py:${'A'.repeat(10_000)}`,
      `a.py:(${' '.repeat(40_000)}a b)`,
      `a.py@${'x'.repeat(40_000)}`,
    ]) {
      const result = await locator.locate(input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.message.length).toBeLessThan(600);
    }
    await locator.close();
  });

  it('quoted caller text is clipped in messages', () => {
    const path10mb = 'd/'.repeat(5_000_000);
    expect(clip(path10mb).length).toBeLessThan(200);
    const locator = createLocator({ root: ws.root });
    const error = thrown(() => locator.workspace.resolveFile(path10mb));
    expect(error.message.length).toBeLessThan(500);
  });
});

/** The bound: the budgeted fast path (4 steps per character) plus the token scan it may fall back to. */
const linear = (textLength: number, patternTokens: number): number => 8 * (textLength + patternTokens) + 100;

describe('matching is linear in counted steps', () => {
  it('the indexOf fast path and the KMP token scan agree (seeded random texts)', () => {
    let seed = 42;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pieces = ['a', 'b', 'ab', ' ', '\n', '(', ')', '.', 'é', '😀', '_', 'x1', '\t'];
    const random = (n: number): string =>
      Array.from({ length: n }, () => pieces[Math.floor(next() * pieces.length)]).join('');
    for (let i = 0; i < 400; i++) {
      const text = random(60);
      let find = random(1 + Math.floor(next() * 5));
      if (find.trim() === '') find = 'a';
      if (next() < 0.5) {
        const at = Math.floor(next() * (find.length + 1));
        find = `${find.slice(0, at)}<|>${find.slice(at)}`;
      }
      let compiled;
      try {
        compiled = compileFind(find, 'position');
      } catch {
        continue;
      }
      const scope = { start: Math.floor(next() * 5), end: text.length - Math.floor(next() * 5) };
      expect(findAll(compiled, text, scope), JSON.stringify({ text, find })).toEqual(
        findAllByTokens(compiled, text, scope),
      );
    }
  });

  const run = (find: string, text: string): { hits: number; steps: number } => {
    const counter: WorkCounter = { steps: 0 };
    const hits = findAll(
      compileFind(find, 'position'),
      text,
      { start: 0, end: text.length },
      Infinity,
      undefined,
      counter,
    );
    return { hits: hits.length, steps: counter.steps };
  };

  it('a 40,000-character word compiles and matches without a regex', () => {
    const word = 'x'.repeat(40_000);
    const { hits, steps } = run(word, `a = ${word}\nb = ${word}y\n`);
    expect(hits).toBe(1);
    expect(steps).toBeLessThanOrEqual(linear(word.length * 3, 1));
  });

  it('the KMP worst case: almost-matches everywhere', () => {
    const n = 20_000;
    const text = `${'x '.repeat(n)}y`;
    const pattern = `${'x '.repeat(500)}z`;
    const { hits, steps } = run(pattern, text);
    expect(hits).toBe(0);
    expect(steps).toBeLessThanOrEqual(linear(text.length, 1001));
  });

  it('`x@` × 20,000 as a find in a file full of them', () => {
    const find = 'x@'.repeat(2_000);
    const text = 'x@'.repeat(20_000);
    const { hits, steps } = run(find, text);
    expect(hits).toBe(10);
    expect(steps).toBeLessThanOrEqual(linear(text.length, 4000));
  });

  it('a 1M-line file is scanned once', () => {
    const text = `${'x = 1\n'.repeat(1_000_000)}return 2\n`;
    const { hits, steps } = run('return <|>2', text);
    expect(hits).toBe(1);
    expect(steps).toBeLessThanOrEqual(linear(text.length, 3));
  });
});

describe('a repository config may only tighten limits (issue 25 §4)', () => {
  it('an untrusted maxFileBytes above the default is ignored with a warning: a bigger file is refused unread', async () => {
    const { truncateSync, writeFileSync } = await import('node:fs');
    const path = await import('node:path');
    const repo = scratch({ 'a.py': 'def a():\n    return 1\n' });
    try {
      // Sparse: 33 MiB by its size, nothing on disk; refused by the size the open file reports.
      writeFileSync(path.join(repo.root, 'huge.py'), '');
      truncateSync(path.join(repo.root, 'huge.py'), DEFAULT_LIMITS.maxFileBytes + 1);
      writeFileSync(
        path.join(repo.root, 'locus.config.json'),
        JSON.stringify({ limits: { maxFileBytes: 200 * 1024 * 1024, maxFindLength: 10 } }),
      );
      const locator = createLocator({ root: repo.root });
      try {
        expect(locator.workspace.limits.maxFileBytes).toBe(DEFAULT_LIMITS.maxFileBytes);
        expect(locator.workspace.limits.maxFindLength).toBe(10);
        expect(locator.configWarnings.join('\n')).toMatch(/limits\.maxFileBytes .* may only lower limits/);
        const result = await locator.locate('huge.py:1');
        expect(result.ok || result.error.code).toBe('LIMIT_EXCEEDED');
      } finally {
        await locator.close();
      }
    } finally {
      repo.cleanup();
    }
  });
});
