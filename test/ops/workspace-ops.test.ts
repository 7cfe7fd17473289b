/**
 * symbols, search and source in process: ranking tiers and filters, exact totals across pages, regex
 * mode, hit locate strings that resolve back to the hit, bounded source with continuation, bad arguments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocator, type Locator } from '../../src/ops/locating/locator.js';
import { search } from '../../src/ops/workspace/search.js';
import { source } from '../../src/ops/workspace/source.js';
import { symbols } from '../../src/ops/workspace/symbols.js';
import { removeDir, tempDir, writeTree } from '../index/support.js';

let root: string;
let cacheDir: string;
let locator: Locator;
const previousCache = process.env.LOCUS_CACHE_DIR;

beforeAll(() => {
  root = tempDir('wops');
  cacheDir = tempDir('wops-cache');
  process.env.LOCUS_CACHE_DIR = cacheDir;
  writeTree(root, {
    'src/users.ts':
      'export class Users {\n  getUserById(id: number) {\n    return id;\n  }\n  getUsers() {\n    return [];\n  }\n}\nexport function findUser() {\n  return getUserByIdLegacy();\n}\n',
    'src/legacy.ts': 'export function getUserByIdLegacy() {\n  return 1;\n}\n',
    'test/users.test.ts': 'export function getUserById() {\n  return 2;\n}\n',
    'src/long.py': `def long():\n${Array.from({ length: 30 }, (_, i) => `    x${i} = ${i}\n`).join('')}    return 0\n`,
  });
  locator = createLocator({ root });
});

afterAll(async () => {
  await locator.close();
  if (previousCache === undefined) delete process.env.LOCUS_CACHE_DIR;
  else process.env.LOCUS_CACHE_DIR = previousCache;
  removeDir(root);
  removeDir(cacheDir);
});

describe('symbols', () => {
  it('ranks exact > prefix > hump > substring, non-test files first, and filters by kind and glob', async () => {
    const exact = await symbols(locator, 'getUserById');
    expect(exact.hits.map((h) => `${h.match} ${h.locate}`)).toEqual([
      'exact src/users.ts:Users.getUserById',
      'exact test/users.test.ts:getUserById',
      'prefix src/legacy.ts:getUserByIdLegacy',
    ]);
    expect(exact.hits[0]).toMatchObject({
      container: 'Users',
      kind: 'method',
      line: 2,
      signature: 'getUserById(id: number) {',
    });
    const hump = await symbols(locator, 'gUBI');
    expect(hump.hits.map((h) => h.match)).toEqual(['hump', 'hump', 'hump']);
    expect((await symbols(locator, 'UserBy')).hits.every((h) => h.match === 'substring')).toBe(true);
    expect(
      (await symbols(locator, 'getUserById', { kind: 'function' })).hits.map((h) => h.file_path),
    ).toEqual(['test/users.test.ts', 'src/legacy.ts']);
    expect((await symbols(locator, 'getUserById', { path: 'src/**' })).total).toBe(2);
    expect((await symbols(locator, 'Users.get', { limit: 1 })).total).toBe(2); // getUserById, getUsers
  });

  it('refuses bad arguments with INVALID_ARGUMENT', async () => {
    await expect(symbols(locator, '  ')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(symbols(locator, 'x', { kind: 'gizmo' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    await expect(symbols(locator, 'x', { limit: 0 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});

describe('search', () => {
  it('counts every hit across pages and gives each a locate string that lands on it', async () => {
    const first = await search(locator, '**/*.ts@return', { pageSize: 2 });
    expect(first).toMatchObject({ total_hits: 5, total_files: 3, pages: 3 });
    const second = await search(locator, '**/*.ts@return', { pageSize: 2, page: 2 });
    const hits = [...first.files, ...second.files].flatMap((f) => f.hits);
    expect(hits).toHaveLength(4);
    for (const hit of hits) {
      const back = await locator.locate(hit.locate);
      expect(back.ok && back.display, hit.locate).toBe(hit.display);
    }
    expect(first.files[0]?.hits[0]?.symbol).toEqual({ path: 'getUserByIdLegacy', kind: 'function' });
  });

  it('--regex, and bad input', async () => {
    const result = await search(locator, '*@getUser\\w+\\(', { regex: true });
    expect(result.total_hits).toBe(5); // 2 declarations in users.ts, the legacy call and declaration, the test's
    await expect(search(locator, '*@(', { regex: true })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(search(locator, 'no-find-part')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});

describe('source', () => {
  it('is bounded, with the locate string of the rest', async () => {
    const cut = await source(locator, 'long', { maxLines: 10 });
    expect(cut).toMatchObject({
      file_path: 'src/long.py',
      start_line: 1,
      end_line: 10,
      continuation: 'src/long.py:11-32',
    });
    expect(cut.lines[0]).toBe('def long():');
    const rest = await source(locator, cut.continuation as string);
    expect(rest.lines.at(-1)).toBe('    return 0');
  });
});
