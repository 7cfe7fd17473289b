/**
 * Recycling the tree-sitter runtime (docs/performance.md, "Memory"): each runtime is its own copy of
 * web-tree-sitter; a recycle never happens while a tree is alive or a grammar loads; callers get a fresh
 * runtime transparently, with identical outlines; the tree cache recycles when idle, before loading one
 * grammar too many and after a big parse, and keeps trees for a bounded amount of text.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshBinding } from '../../src/syntax/binding.js';
import { extractOutline, parseText } from '../../src/syntax/outline.js';
import { setRecyclePolicy } from '../../src/syntax/recycle-policy.js';
import { wasmBytes } from '../../src/syntax/registry.js';
import { loadLanguage, loadedLanguageIds, recycleRuntime, runtimeStats } from '../../src/syntax/runtime.js';
import { BIG_TREE_BYTES, TreeCache } from '../../src/syntax/tree-cache.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const sample = (language: string, file: string) =>
  readFileSync(path.join(FIXTURES, language, 'outline', file), 'utf8');
const PYTHON = sample('python', 'sample.py');
const GO = sample('go', 'sample.go');
const TYPESCRIPT = sample('typescript', 'sample.ts');

// The idle timer is off unless a test turns it on: nothing here may depend on the wall clock.
const defaults = setRecyclePolicy({ idleMs: 0 });
afterEach(() => {
  vi.useRealTimers();
  setRecyclePolicy({ ...defaults, idleMs: 0 });
});

describe('binding', () => {
  it('gives each call its own copy of web-tree-sitter, counting its live trees', async () => {
    const [a, b] = [await freshBinding(), await freshBinding()];
    expect(a.ts.Parser).not.toBe(b.ts.Parser);
    const parser = new a.ts.Parser();
    parser.setLanguage(await a.ts.Language.load(wasmBytes('go')));
    const tree = parser.parse('package p\n');
    const copy = tree?.copy();
    expect([a.liveTrees(), b.liveTrees()]).toEqual([2, 0]);
    tree?.delete();
    copy?.delete();
    expect(a.liveTrees()).toBe(0);
    expect(a.heapBytes()).toBeGreaterThan(0);
    parser.delete();
  });
});

describe('recycleRuntime', () => {
  it('refuses while a tree is alive; afterwards a fresh runtime gives identical outlines', async () => {
    const before = await extractOutline('python', PYTHON);
    const loaded = await loadLanguage('python');
    const tree = parseText(loaded, PYTHON);
    expect(recycleRuntime()).toBe(false);
    expect(loadedLanguageIds()).toContain('python');
    tree.delete();
    const { recycled } = runtimeStats();
    expect(recycleRuntime()).toBe(true);
    expect(runtimeStats()).toMatchObject({ recycled: recycled + 1, languages: [], heapBytes: 0 });
    const again = await loadLanguage('python');
    expect(again.language).not.toBe(loaded.language);
    expect(await extractOutline('python', PYTHON)).toEqual(before);
  });

  it('refuses while a grammar is loading', async () => {
    recycleRuntime();
    const loading = loadLanguage('go');
    expect(recycleRuntime()).toBe(false);
    await loading;
    expect(recycleRuntime()).toBe(true);
  });

  it('leaves a language loaded before a recycle working (its own copy lives while it is held)', async () => {
    const old = await loadLanguage('go');
    expect(recycleRuntime()).toBe(true);
    const tree = parseText(old, GO);
    try {
      expect(tree.rootNode.type).toBe('source_file');
    } finally {
      tree.delete();
    }
  });
});

describe('TreeCache recycling', () => {
  it('keeps outlines across a recycle; cursor lookups and edits after it match fresh results', async () => {
    const cache = new TreeCache();
    const first = await cache.outline('a.py', 'python', PYTHON);
    const offset = PYTHON.indexOf('class Cart') + 'class '.length;
    const identifier = await cache.identifierAt('a.py', 'python', PYTHON, offset);
    expect(cache.stats().trees).toBe(1);
    expect(cache.recycle()).toBe(true);
    expect(cache.stats()).toMatchObject({ trees: 0, treeBytes: 0, recycles: 1 });
    // The outline is plain data: it is served without loading anything.
    expect(await cache.outline('a.py', 'python', PYTHON)).toBe(first);
    expect(runtimeStats().languages).toEqual([]);
    expect(await cache.identifierAt('a.py', 'python', PYTHON, offset)).toEqual(identifier);
    const edited = PYTHON.replace('class Cart', 'class Basket');
    const { fullParses, incrementalParses } = cache.stats();
    const outline = await cache.outline('a.py', 'python', edited);
    expect(outline).toEqual(await extractOutline('python', edited));
    expect(cache.stats()).toMatchObject({ fullParses: fullParses + 1, incrementalParses });
    cache.close();
  });

  it('does not recycle while another caller holds a tree (its own trees are deleted)', async () => {
    const cache = new TreeCache();
    await cache.outline('a.go', 'go', GO);
    const held = parseText(await loadLanguage('go'), GO);
    try {
      expect(cache.recycle()).toBe(false);
      expect(cache.stats().trees).toBe(0);
      expect(runtimeStats().liveTrees).toBe(1);
      expect(loadedLanguageIds()).toContain('go');
    } finally {
      held.delete();
    }
    expect(cache.recycle()).toBe(true);
    cache.close();
  });

  it('starts a fresh runtime before loading one grammar more than maxLanguages', async () => {
    setRecyclePolicy({ maxLanguages: 2 });
    const cache = new TreeCache();
    recycleRuntime();
    await cache.outline('a.py', 'python', PYTHON);
    await cache.outline('a.go', 'go', GO);
    const { recycled } = runtimeStats();
    const outline = await cache.outline('a.ts', 'typescript', TYPESCRIPT);
    expect(runtimeStats()).toMatchObject({ recycled: recycled + 1, languages: ['typescript'] });
    expect(outline).toEqual(await extractOutline('typescript', TYPESCRIPT));
    expect(await cache.outline('a.go', 'go', GO)).toEqual(await extractOutline('go', GO));
    cache.close();
  });

  it('recycles after a big parse, before the next parse (not for cached outlines)', async () => {
    const cache = new TreeCache();
    // One string literal: a big parse with next to no symbols to extract.
    const big = `s = """${'x\n'.repeat(BIG_TREE_BYTES / 2)}"""\n`;
    await cache.outline('big.py', 'python', big);
    expect(cache.stats().trees).toBe(0);
    const { recycled } = runtimeStats();
    await cache.outline('big.py', 'python', big);
    expect(runtimeStats().recycled).toBe(recycled);
    expect(await cache.outline('a.py', 'python', PYTHON)).toEqual(await extractOutline('python', PYTHON));
    expect(runtimeStats().recycled).toBe(recycled + 1);
    cache.close();
  });

  it('keeps trees for at most maxTreeBytes of text, the most recently used first', async () => {
    const texts = [0, 1, 2, 3, 4].map((i) => `${PYTHON}# ${i}\n`);
    const size = Buffer.byteLength(texts[0] ?? '', 'utf8');
    const cache = new TreeCache({ maxTreeBytes: 2 * size + 10 });
    for (const [i, text] of texts.entries()) await cache.outline(`f${i}.py`, 'python', text);
    expect(cache.stats()).toMatchObject({ entries: 5, trees: 2, treeBytes: 2 * size });
    // An edit of a file without its tree is a full parse, with the same outline as a fresh extraction.
    const edited = (texts[0] ?? '').replace('class Cart', 'class Basket');
    expect(await cache.outline('f0.py', 'python', edited)).toEqual(await extractOutline('python', edited));
    cache.close();
  });

  it('recycles once a whole idle period passed without an operation', async () => {
    const cache = new TreeCache();
    await loadLanguage('go');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    setRecyclePolicy({ idleMs: 1000 });
    await cache.outline('a.go', 'go', GO);
    const { recycled } = runtimeStats();
    await vi.advanceTimersByTimeAsync(1000); // an operation ran during this period
    await cache.outline('a.go', 'go', GO);
    await vi.advanceTimersByTimeAsync(1000); // and during this one
    expect(runtimeStats().recycled).toBe(recycled);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runtimeStats().recycled).toBe(recycled + 1);
    expect(cache.stats().trees).toBe(0);
    cache.close();
  });
});
