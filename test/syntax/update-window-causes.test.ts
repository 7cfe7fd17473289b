/**
 * The causes the differential test (update-differential.test.ts) found of an outline update that differed
 * from a fresh extraction, one edit each (`window-growth.ts`, `incremental-parse.ts`): the edit is between
 * two `<|>` (replaced by `inserted`) or at one `<|>`, and goes through the tree cache like an agent's edit.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractOutline } from '../../src/syntax/outline.js';
import { treeTotals } from '../../src/syntax/runtime.js';
import { TreeCache } from '../../src/syntax/tree-cache.js';
import { anchors, offsetOf } from '../helpers/anchors.js';

const fixture = (language: string, file: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../fixtures', language, 'outline', file), 'utf8');

/** The text before the edit and after it (`inserted` at the anchor, or instead of the text between two). */
function edited(source: string, inserted: string): { before: string; after: string } {
  const { text, offsets } = anchors(source);
  const [start, end = start] = offsets as [number, number?];
  return { before: text, after: text.slice(0, start) + inserted + text.slice(end) };
}

/** The tree cache's outline after the edit, the fresh one, and the cache's counters. */
async function update(language: string, before: string, after: string) {
  const cache = new TreeCache();
  try {
    await cache.outline('file', language, before);
    const updated = await cache.outline('file', language, after);
    return { updated, fresh: await extractOutline(language, after), stats: cache.stats() };
  } finally {
    cache.close();
  }
}

async function expectWindowed(language: string, source: string, inserted: string): Promise<void> {
  const { before, after } = edited(source, inserted);
  const { updated, fresh, stats } = await update(language, before, after);
  expect(stats.windowedOutlines).toBe(1);
  expect(updated).toEqual(fresh);
}

describe('the outline update re-queries every symbol whose range the edit changed', () => {
  it('an old range the edit cut into, though it ends where the window starts (deleted last line)', async () => {
    const kotlin =
      'class Cart {\n    override val price: Int\n<|>        get() = total()\n<|>\n    fun total(): Int = 0\n}\n';
    await expectWindowed('kotlin', kotlin, '');
    await expectWindowed('go', 'package main\n\nfunc init() {\n\tx := 1\n<|>}\n<|>', '');
  });

  it('a class that now encloses the window but did not before (a method added after its last line)', async () => {
    const python =
      'class Item:\n    def label(self):\n        return 1\n<|>\n    # trailing comment at class-body indentation\n\n\ndef other():\n    pass\n';
    await expectWindowed('python', python, '    @staticmethod\n    def empty():\n        return 2\n');
  });

  it('a wrapper that now wraps a single node (a Go type group down to one spec)', async () => {
    const go = 'package main\n\ntype (\n\tCounter int\n<|>\tPair struct {\n\t\tKey string\n\t}\n<|>)\n';
    await expectWindowed('go', go, '');
  });

  it('a range a hook takes over following siblings (`Candidate.reach`)', async () => {
    // PHP `namespace X;` reaches to the last declaration after it: one appended at the end joins it.
    await expectWindowed('php', '<?php\nnamespace Shop;\n\nfunction a() {}\n<|>', 'function b() {}\n');
    // A Kotlin getter after a blank line still belongs to the property before it.
    const kotlin = 'class Cart {\n    val price: Int\n\n<|>    fun total() = 0\n}\n';
    await expectWindowed('kotlin', kotlin, '        get() = 1\n');
  });

  it('an attribute on the line before the window (a repaired one makes the one above it count too)', async () => {
    const rust = fixture('rust', 'sample.rs').replace('derive(Serialize))]', 'derive(Serialize)<|>]');
    await expectWindowed('rust', rust, ')');
  });
});

describe('a re-parse that leaves errors', () => {
  it('is parsed afresh: tree-sitter’s incremental error recovery differs from a fresh parse', async () => {
    const before = fixture('java', 'sample.java');
    const header = '    public double total() {\n';
    const at = offsetOf(before, header);
    const after = before.slice(0, at) + before.slice(at + header.length);
    const { updated, fresh, stats } = await update('java', before, after);
    expect(updated).toEqual(fresh);
    expect(stats).toMatchObject({ incrementalParses: 1, freshReparses: 1, windowedOutlines: 1 });
  });

  it('a text that had errors before the edit is parsed once, afresh: no incremental parse to throw away', async () => {
    const java = fixture('java', 'sample.java');
    const header = '    public double total() {\n';
    const at = offsetOf(java, header);
    const broken = java.slice(0, at) + java.slice(at + header.length);
    const edited = `${broken}\n// one more line\n`;
    const cache = new TreeCache();
    try {
      await cache.outline('file', 'java', broken);
      const before = treeTotals().created;
      const updated = await cache.outline('file', 'java', edited);
      expect(treeTotals().created - before).toBe(1);
      expect(updated).toEqual(await extractOutline('java', edited));
      expect(cache.stats()).toMatchObject({ incrementalParses: 1, freshReparses: 1, windowedOutlines: 1 });
    } finally {
      cache.close();
    }
  });
});
