/**
 * Data files as a new user meets them (docs/locate-strings.md, "Key paths"; docs/workspace.md): key paths locate
 * and `edit` config values by name; keys stay out of the workspace index (a bare `test` is the function, never a
 * package.json script) while the files stay searchable; lock files are not indexed at all.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocus, type Locus } from '../../src/ops/locus.js';
import { createLocator, type Locator } from '../../src/ops/locating/locator.js';
import { search } from '../../src/ops/workspace/search.js';
import { symbols } from '../../src/ops/workspace/symbols.js';
import { removeDir, tempDir, writeTree } from '../index/support.js';

let root: string;
let cacheDir: string;
let locator: Locator;
let locus: Locus;
const previousCache = process.env.LOCUS_CACHE_DIR;

const FILES: Record<string, string> = {
  'package.json': '{\n  "name": "shop",\n  "scripts": {\n    "test": "vitest run"\n  }\n}\n',
  'package-lock.json': '{ "name": "shop", "packages": { "lockonly": { "version": "1.0.0" } } }\n',
  '.github/workflows/ci.yml':
    'jobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm test\n',
  'Cargo.toml': '[package]\nname = "shop"\n\n[dependencies]\nserde = "1.0"\n',
  'pyproject.toml': '[tool.ruff]\nline-length = 88\n',
  'src/checks.py': 'def test():\n    return True\n',
};

beforeAll(() => {
  root = tempDir('data-files');
  cacheDir = tempDir('data-files-cache');
  process.env.LOCUS_CACHE_DIR = cacheDir;
  writeTree(root, FILES);
  locator = createLocator({ root });
  locus = createLocus({ root });
});

afterAll(async () => {
  await locator.close();
  await locus.close();
  if (previousCache === undefined) delete process.env.LOCUS_CACHE_DIR;
  else process.env.LOCUS_CACHE_DIR = previousCache;
  removeDir(root);
  removeDir(cacheDir);
});

/** The rest of the line at a locate string's position. */
async function restOfLine(locate: string): Promise<string> {
  const result = await locator.locate(locate);
  if (!result.ok) throw new Error(`${locate}: ${result.error.message}`);
  const line =
    readFileSync(path.join(root, result.file_path), 'utf8').split('\n')[result.position.line] ?? '';
  return line.slice(result.position.character);
}

describe('key paths of data files', () => {
  it.each([
    ['package.json:scripts.test', 'test": "vitest run"'],
    ['.github/workflows/ci.yml:jobs.test.runs-on', 'runs-on: ubuntu-latest'],
    ['.github/workflows/ci.yml:jobs.test.steps.1.run', 'run: npm test'],
    ['Cargo.toml:dependencies.serde', 'serde = "1.0"'],
    ['pyproject.toml:tool.ruff.line-length', 'line-length = 88'],
  ])('%s', async (locate, expected) => {
    expect(await restOfLine(locate)).toBe(expected);
  });

  it('describe names a key by its path', async () => {
    const text = FILES['.github/workflows/ci.yml'] as string;
    const line = text.split('\n').findIndex((l) => l.includes('runs-on'));
    const described = await locator.describe('.github/workflows/ci.yml', {
      position: { line, character: 4 },
    });
    expect(described).toMatchObject({ ok: true, locate: '.github/workflows/ci.yml:jobs.test.runs-on' });
  });

  it('edit replaces a config value by its key path', async () => {
    const result = await locus.edit(
      [{ locate: 'pyproject.toml:tool.ruff.line-length', action: 'replace', text: 'line-length = 100' }],
      { apply: true },
    );
    expect(result.ok).toBe(true);
    expect(readFileSync(path.join(root, 'pyproject.toml'), 'utf8')).toBe('[tool.ruff]\nline-length = 100\n');
  });
});

describe('data files and the workspace index', () => {
  it('a bare name is the code symbol, never a data-file key', async () => {
    expect(await locator.locate('test')).toMatchObject({ ok: true, file_path: 'src/checks.py' });
    const found = await symbols(locator, 'test', { exact: true });
    expect(found.hits.map((h) => h.file_path)).toEqual(['src/checks.py']);
  });

  it('data files are searched; lock files are not indexed', async () => {
    const hits = await search(locator, '*@vitest');
    expect(hits.files.map((f) => f.file_path)).toEqual(['package.json']);
    expect((await search(locator, '*@lockonly')).total_hits).toBe(0);
  });
});
