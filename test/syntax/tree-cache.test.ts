/**
 * The tree cache: outline hits on unchanged text, incremental re-parses that agree with fresh
 * extraction after random edits, LRU eviction by bytes, and no leaked trees.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractOutline, parseText } from '../../src/syntax/outline.js';
import { loadLanguage, treeTotals } from '../../src/syntax/runtime.js';
import { fullExtraction, updateExtraction } from '../../src/syntax/incremental.js';
import { computeEdit } from '../../src/syntax/text-edit.js';
import { TreeCache } from '../../src/syntax/tree-cache.js';
import { seededRandom } from '../helpers/seeded-random.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const sample = (language: string, file: string) =>
  readFileSync(path.join(FIXTURES, language, 'outline', file), 'utf8');

const SNIPPETS = [
  'x',
  ' ',
  '\n',
  '\r\n',
  '\r',
  '😀',
  '中',
  'foo',
  '(',
  ')',
  '{',
  '}',
  ':',
  ';',
  '#',
  '"',
  'def ',
  '    ',
];
/** Whole lines that add or change declarations, attributes, decorators and comments. */
const LINES = [
  '#[derive(Debug)]\n',
  '@decorator\n',
  '// comment\n',
  '# comment\n',
  '/* block */\n',
  'def added(self):\n    return 1\n',
  'class Added:\n    x = 1\n',
  'export const added = 1;\n',
  'function added() {}\n',
  'type Added struct { X int }\n',
  'struct Added { x: u8 }\n',
  'int added = 1;\n',
  '    \n',
];

/** A small random edit that changes the text: characters, or a whole line inserted or removed. */
function randomEdit(text: string, next: () => number): string {
  for (;;) {
    const at = Math.floor(next() * (text.length + 1));
    let edited: string;
    if (next() < 0.3) {
      const lineStart = text.lastIndexOf('\n', at - 1) + 1;
      const lineEnd = text.indexOf('\n', at);
      edited =
        next() < 0.6
          ? text.slice(0, lineStart) +
            (LINES[Math.floor(next() * LINES.length)] ?? '') +
            text.slice(lineStart)
          : text.slice(0, lineStart) + text.slice(lineEnd < 0 ? text.length : lineEnd + 1);
    } else {
      const removed = next() < 0.5 ? Math.floor(next() * 4) : 0;
      const inserted = next() < 0.8 ? (SNIPPETS[Math.floor(next() * SNIPPETS.length)] ?? '') : '';
      edited = text.slice(0, at) + inserted + text.slice(at + removed);
    }
    if (edited !== text) return edited;
  }
}

// Counted by the runtime's own copy of web-tree-sitter (binding.ts), whoever parses.
const before = treeTotals();

describe('TreeCache', () => {
  it('returns the cached outline for the same text without re-parsing or re-querying', async () => {
    const cache = new TreeCache();
    const text = sample('python', 'sample.py');
    const first = await cache.outline('a.py', 'python', text);
    const before = cache.stats();
    const second = await cache.outline('a.py', 'python', text);
    expect(second).toBe(first);
    expect(cache.stats()).toMatchObject({
      fullParses: before.fullParses,
      incrementalParses: 0,
      outlineComputations: before.outlineComputations,
      outlineHits: before.outlineHits + 1,
    });
    cache.close();
  });

  for (const [language, file, steps] of [
    ['python', 'sample.py', 80],
    ['typescript', 'sample.ts', 25],
    ['javascript', 'sample.js', 25],
    ['go', 'sample.go', 60],
    ['rust', 'sample.rs', 60],
    ['java', 'sample.java', 60],
    ['c', 'sample.c', 60],
    ['cpp', 'sample.cpp', 60],
  ] as const) {
    it(`${language}: after random edits the (windowed) outline equals a fresh extraction`, async () => {
      const cache = new TreeCache();
      const next = seededRandom(language.length * 7919);
      let text = sample(language, file);
      await cache.outline(file, language, text);
      for (let step = 0; step < steps; step++) {
        const before = text;
        text = randomEdit(text, next);
        const cached = await cache.outline(file, language, text);
        const fresh = await extractOutline(language, text);
        if (JSON.stringify(cached) !== JSON.stringify(fresh)) {
          expect(cached, `step ${step}: ${JSON.stringify(before)} → ${JSON.stringify(text)}`).toEqual(fresh);
        }
      }
      expect(cache.stats()).toMatchObject({ entries: 1, trees: 1, fullParses: 1, incrementalParses: steps });
      // TS/JS fall back to the TypeScript parser, C/C++ to the macro-masked re-parse (docs/languages.md),
      // when an edit leaves errors: those outlines are computed whole, not windowed.
      if (!['typescript', 'javascript', 'c', 'cpp'].includes(language)) {
        expect(cache.stats().windowedOutlines).toBe(steps);
      }
      cache.close();
      expect(cache.stats().trees).toBe(0);
    });
  }

  for (const [language, file] of [
    ['python', 'sample.py'],
    ['rust', 'sample.rs'],
    ['cpp', 'sample.cpp'],
    ['tsx', 'sample.tsx'],
  ] as const) {
    it(`${language}: the windowed update equals a full extraction of the same tree`, async () => {
      const loaded = await loadLanguage(language);
      const next = seededRandom(language.length * 104729);
      let text = sample(language, file);
      let tree = parseText(loaded, text);
      let extraction = fullExtraction(loaded, tree, text);
      for (let step = 0; step < 60; step++) {
        const edited = randomEdit(text, next);
        const edit = computeEdit(text, edited);
        if (!edit) continue;
        tree.edit(edit);
        const newTree = parseText(loaded, edited, tree);
        const changed = tree.getChangedRanges(newTree);
        tree.delete();
        const updated = updateExtraction(loaded, newTree, edited, { extraction, edit, changed });
        extraction = fullExtraction(loaded, newTree, edited);
        expect(updated.outline, `step ${step}`).toEqual(extraction.outline);
        text = edited;
        tree = newTree;
      }
      tree.delete();
    });
  }

  it('incremental trees equal full parses (CR, CRLF and surrogate pairs at the edit)', async () => {
    const loaded = await loadLanguage('python');
    const next = seededRandom(42);
    let text = 'x = "😀"\r\ny = 1\rz = 2\n';
    for (let step = 0; step < 40; step++) {
      const old = parseText(loaded, text);
      const newText = randomEdit(text, next);
      const edit = computeEdit(text, newText);
      if (edit) old.edit(edit);
      const incremental = parseText(loaded, newText, old);
      const fresh = parseText(loaded, newText);
      expect(incremental.rootNode.toString(), JSON.stringify(newText)).toBe(fresh.rootNode.toString());
      for (const tree of [old, incremental, fresh]) tree.delete();
      text = newText;
    }
  });

  it('evicts least recently used files beyond the byte bound and deletes their trees', async () => {
    const text = (name: string) => `${name} = 1\n`.repeat(10);
    const cache = new TreeCache({ maxBytes: 130 });
    await cache.outline('a.py', 'python', text('a'));
    await cache.outline('b.py', 'python', text('b'));
    await cache.outline('a.py', 'python', text('a'));
    await cache.outline('c.py', 'python', text('c'));
    expect(cache.stats()).toMatchObject({ entries: 2, trees: 2, evictions: 1, bytes: 120, fullParses: 3 });
    await cache.outline('a.py', 'python', text('a'));
    expect(cache.stats().fullParses).toBe(3);
    await cache.outline('b.py', 'python', text('b'));
    expect(cache.stats().fullParses).toBe(4);
    cache.delete('b.py');
    cache.delete('a.py');
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('a path whose language changes is parsed afresh', async () => {
    const cache = new TreeCache();
    await cache.outline('x', 'python', 'def f():\n    pass\n');
    const outline = await cache.outline('x', 'javascript', 'function f() {}\n');
    expect(outline.language).toBe('javascript');
    expect(cache.stats()).toMatchObject({ fullParses: 2, incrementalParses: 0, trees: 1 });
    cache.close();
  });

  it('answers identifierAt from the cached tree', async () => {
    const cache = new TreeCache();
    const text = 'def total(items):\n    return sum(items)\n';
    const info = await cache.identifierAt('t.py', 'python', text, text.indexOf('sum') + 1);
    expect(info).toMatchObject({ text: 'sum', role: 'call' });
    expect(cache.stats().fullParses).toBe(1);
    cache.close();
  });

  it('answers identifiersAt as identifierAt would, in order, from one parse; no offsets, no parse', async () => {
    const cache = new TreeCache();
    const text = 'def total(items):\n    # items sum\n    return sum(items, "items")\n';
    expect(await cache.identifiersAt('n.py', 'python', text, [])).toEqual([]);
    expect(cache.stats().fullParses).toBe(0);
    const offsets = [...text.matchAll(/items|sum/g)].map((m) => m.index + 1).reverse();
    const batch = await cache.identifiersAt('n.py', 'python', text, offsets);
    const single = [];
    for (const offset of offsets) single.push(await cache.identifierAt('n.py', 'python', text, offset));
    expect(batch).toEqual(single);
    expect(batch.map((t) => t?.role)).toEqual(
      expect.arrayContaining(['string', 'call', 'variable', 'comment', 'parameter']),
    );
    expect(cache.stats().fullParses).toBe(1);
    cache.close();
  });

  it('leaks no trees: every created tree was deleted', () => {
    const { created, deleted } = treeTotals();
    expect(created).toBeGreaterThan(before.created);
    expect(deleted - before.deleted).toBe(created - before.created);
  });
});
