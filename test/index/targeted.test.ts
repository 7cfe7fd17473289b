/**
 * Answers before the first build (docs/workspace.md, "Before the first build"): an exact name or a
 * workspace symbol path is answered by parsing only the files that spell the name — complete for
 * that name, persisted for the build that follows — and Go methods keep their receiver in the index.
 */
import { realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheDirectory, cacheFile, WorkspaceIndex } from '../../src/index/index.js';
import { loadCache } from '../../src/index/cache.js';
import { createLocator } from '../../src/ops/locating/locator.js';
import { symbols } from '../../src/ops/workspace/symbols.js';
import { generateFiles, removeDir, tempDir, writeTree, useTempCacheDir } from './support.js';

useTempCacheDir('targeted-cache');

const GO_READERS = {
  'bufio/bufio.go':
    'package bufio\n\ntype Reader struct{}\n\nfunc (b *Reader) ReadRune() (rune, int, error) { return 0, 0, nil }\n',
  'strings/reader.go':
    'package strings\n\ntype Reader struct{}\n\nfunc (r *Reader) ReadRune() (rune, int, error) { return 0, 0, nil }\n\nfunc (r Reader) Len() int { return 0 }\n',
  'fmt/scan.go':
    'package fmt\n\ntype ScanState interface {\n\tReadRune() (rune, int, error)\n}\n\ntype ss struct{}\n\nfunc (s *ss) ReadRune() (rune, int, error) { return 0, 0, nil }\n',
};

describe('before the first build', () => {
  let root: string;
  afterEach(() => removeDir(root));

  it('parses only the files that spell the name, answers completely, and the build reuses them', async () => {
    root = tempDir('targeted');
    generateFiles(root, 200);
    writeTree(root, {
      'shop/cart.py': 'class Cart:\n    def total(self):\n        return 1\n',
      'shop/other.ts': 'export class Basket {\n  total(): number {\n    return 2;\n  }\n}\n',
      // Spells the name but declares nothing of that name: parsed, and not a hit.
      'shop/notes.py': 'def describe():\n    return "total"\n',
    });
    const index = new WorkspaceIndex(root);
    const status = await index.freshFor(['total']);
    expect(status).toMatchObject({ complete: false, covers: ['total'], parsed: 3, fromCache: 0 });
    expect(index.store.fileCount).toBe(3);
    const found = index.store.lookup(['total']).symbols.map((s) => `${s.file}:${s.path.join('.')}`);
    expect(found.sort()).toEqual(['shop/cart.py:Cart.total', 'shop/other.ts:Basket.total']);

    // What the pass parsed is persisted: the next instance's build parses only the rest.
    const file = cacheFile(cacheDirectory(root), realpathSync.native(root));
    expect(loadCache(file, realpathSync.native(root))?.entries.size).toBe(3);
    const next = new WorkspaceIndex(root);
    expect(await next.fresh()).toMatchObject({ complete: true, fromCache: 3, parsed: 200 });
    expect(next.store.fileCount).toBe(203);
    expect((await index.fresh()).covers).toBeUndefined();
  });

  it('sees a file created or edited since the cache was written', async () => {
    root = tempDir('targeted-fresh');
    writeTree(root, { 'a.py': 'def alpha(): pass\n' });
    await new WorkspaceIndex(root).fresh();
    writeTree(root, { 'b.py': 'def alpha(): pass\n' });
    writeFileSync(path.join(root, 'a.py'), 'def beta(): pass\n');
    const index = new WorkspaceIndex(root);
    await index.freshFor(['alpha']);
    expect(index.store.lookup(['alpha']).symbols.map((s) => s.file)).toEqual(['b.py']);
  });

  it('`symbols --exact` and `*:Path` answer from the pass; a miss waits for the whole index', async () => {
    root = tempDir('targeted-ops');
    generateFiles(root, 150);
    writeTree(root, GO_READERS);
    const locator = createLocator({ root, index: { noCache: true } });
    const exact = await symbols(locator, 'ReadRune', { exact: true });
    expect(exact.index.complete).toBe(false);
    expect(exact.notes).toBeUndefined(); // complete for this name: no "still being built" note
    expect(exact.hits.map((h) => `${h.kind} ${h.path}  ${h.file_path}`).sort()).toEqual([
      'method Reader.ReadRune  bufio/bufio.go',
      'method Reader.ReadRune  strings/reader.go',
      'method ScanState.ReadRune  fmt/scan.go',
      'method ss.ReadRune  fmt/scan.go',
    ]);

    const located = await locator.locate('*:(*Reader).ReadRune');
    expect(located.ok).toBe(false);
    if (!located.ok) expect(located.error.code).toBe('SYMBOL_AMBIGUOUS');
    const one = await locator.locate('strings/**:Reader.ReadRune');
    expect(one.ok && one.locate).toBe('strings/reader.go:Reader.ReadRune');
    expect(locator.index.peek()?.status().complete).toBe(false);

    const missing = await locator.locate('*:Reader.ReadRunes');
    expect(missing.ok).toBe(false);
    if (!missing.ok) {
      expect(missing.error.code).toBe('SYMBOL_NOT_FOUND');
      expect(missing.error.hint).toMatch(/Did you mean: \S*ReadRune /);
    }
    expect(locator.index.peek()?.status().complete).toBe(true);
    await locator.close();
  });
});

describe('Go methods in the index', () => {
  let root: string;
  afterEach(() => removeDir(root));

  it('keep their receiver type as container, also through the persisted cache', async () => {
    root = tempDir('go-receivers');
    writeTree(root, GO_READERS);
    const paths = (index: WorkspaceIndex, name: string) =>
      index.store
        .lookup([name])
        .symbols.map((s) => `${s.file}:${s.path.join('.')}`)
        .sort();
    const built = new WorkspaceIndex(root);
    expect((await built.fresh()).parsed).toBe(3);
    expect(paths(built, 'Len')).toEqual(['strings/reader.go:Reader.Len']);
    const loaded = new WorkspaceIndex(root);
    expect((await loaded.fresh()).fromCache).toBe(3);
    expect(paths(loaded, 'ReadRune')).toEqual(paths(built, 'ReadRune'));
    expect(loaded.store.lookup(['Reader', 'ReadRune']).symbols).toHaveLength(2);
    expect(loaded.store.query('Reader.Len', () => true, 5).total).toBe(1);
  });
});

describe('C++ methods defined out of line in the index', () => {
  let root: string;
  afterEach(() => removeDir(root));

  it('keep their class between the namespace and the name, also through the persisted cache', async () => {
    root = tempDir('cpp-out-of-line');
    writeTree(root, {
      'foo.cpp':
        'namespace ns {\nclass Foo {\n  const char* bar() const;\n};\n\nconst char* Foo::bar() const { return "x"; }\n}\n',
    });
    const paths = (index: WorkspaceIndex) =>
      index.store.lookup(['bar']).symbols.map((s) => `${s.path.join('.')}[${s.sameIndex}]`);
    const built = new WorkspaceIndex(root);
    expect((await built.fresh()).parsed).toBe(1);
    expect(paths(built)).toEqual(['ns.Foo.bar[0]', 'ns.Foo.bar[1]']);
    const loaded = new WorkspaceIndex(root);
    expect((await loaded.fresh()).fromCache).toBe(1);
    expect(paths(loaded)).toEqual(paths(built));
  });

  it('come from a `.h` read as C++ by its text, as its own outline reads it, and reused from the cache', async () => {
    root = tempDir('cpp-header');
    writeTree(root, {
      'xml.h':
        'namespace xml {\nclass TINY_API Element {\npublic:\n  const Attr* FirstAttribute() const;\n};\n}\n',
      'plain.h': 'struct point { int x; };\nint distance(struct point a);\n',
    });
    const found = (index: WorkspaceIndex, name: string) =>
      index.store.lookup([name]).symbols.map((s) => `${s.file}:${s.kind} ${s.path.join('.')}`);
    const built = new WorkspaceIndex(root);
    await built.fresh();
    expect(found(built, 'FirstAttribute')).toEqual(['xml.h:method xml.Element.FirstAttribute']);
    expect(found(built, 'distance')).toEqual(['plain.h:function distance']);
    expect(built.store.entry('xml.h')?.language).toBe('cpp');
    expect(built.store.entry('plain.h')?.language).toBe('c');
    const loaded = new WorkspaceIndex(root);
    expect((await loaded.fresh()).fromCache).toBe(2);
    expect(found(loaded, 'FirstAttribute')).toEqual(found(built, 'FirstAttribute'));
  });
});

describe('the index reads files with the rules of their own outlines', () => {
  let root: string;
  afterEach(() => removeDir(root));

  it('`fileLanguages` globs, and a `.h` that its translation unit makes C++', async () => {
    root = tempDir('file-languages');
    writeTree(root, {
      'mod/greet.jsm': 'function hello() {\n  return 1;\n}\n',
      // No C++-only syntax in the text: only the translation unit beside it says C++.
      'lib/shape.h': 'struct shape { int sides; };\nint area(struct shape s);\n',
      'lib/shape.cpp': '#include "shape.h"\nint area(shape s) { return s.sides; }\n',
      'c/point.h': 'struct point { int x; };\n',
    });
    const overrides = { 'mod/**/*.jsm': 'javascript' };
    const index = new WorkspaceIndex(root, { languageOverrides: overrides });
    await index.fresh();
    expect(index.store.entry('mod/greet.jsm')?.language).toBe('javascript');
    expect(index.store.lookup(['hello']).symbols.map((s) => s.file)).toEqual(['mod/greet.jsm']);
    expect(index.store.entry('lib/shape.h')?.language).toBe('cpp');
    expect(index.store.entry('c/point.h')?.language).toBe('c');
    index.close();
    // What the file's own outline says, through the locator (config overrides reach both).
    const locator = createLocator({ root, languageOverrides: overrides });
    const outline = await locator.outline('lib/shape.h');
    expect(outline.ok && outline.language).toBe('cpp');
    const located = await locator.locate('hello');
    expect(located.ok && located.file_path).toBe('mod/greet.jsm');
    await locator.close();
    // Another override for the same file: its cached entry no longer fits and is read again.
    const changed = new WorkspaceIndex(root, { languageOverrides: { 'lib/*.h': 'c' } });
    await changed.fresh();
    expect(changed.store.entry('lib/shape.h')?.language).toBe('c');
    expect(changed.store.entry('mod/greet.jsm')).toBeUndefined();
    changed.close();
  });
});
