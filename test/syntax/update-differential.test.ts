/**
 * Differential test of the outline update after an edit (docs/performance.md, "broken code"): for every
 * grammar of `grammars/manifest.json`, a seeded series of realistic edits (renames, inserted and deleted
 * lines, copied and deleted declarations, syntax breaks and their repairs) goes through the tree cache —
 * incremental re-parse, windowed re-query — and after every edit its outline must equal a fresh
 * `extractOutline` of the same text. `LOCUS_DIFF_SEEDS=1,2,3 LOCUS_DIFF_EDITS=200` hunts further.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Outline, OutlineSymbol } from '../../src/locate/outline.js';
import { flattenOutline } from '../../src/locate/outline.js';
import { extractOutline } from '../../src/syntax/outline.js';
import { treeTotals } from '../../src/syntax/runtime.js';
import { TreeCache } from '../../src/syntax/tree-cache.js';
import { applyEdit, describeEdit, EditScript } from '../helpers/edit-script.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FIXTURES = path.join(ROOT, 'test/fixtures');
const LANGUAGES = Object.keys(
  JSON.parse(readFileSync(path.join(ROOT, 'grammars/manifest.json'), 'utf8')) as object,
);
const SEEDS = (process.env.LOCUS_DIFF_SEEDS ?? '1,2').split(',').map(Number);
const EDITS = Number(process.env.LOCUS_DIFF_EDITS ?? 25);

/** The golden sample of a language (`test/fixtures/<lang>/outline/sample.*`). */
function sample(language: string): { file: string; text: string } {
  const dir = path.join(FIXTURES, language, 'outline');
  const file = readdirSync(dir).find((name) => name.startsWith('sample.') && !name.endsWith('.outline'));
  if (!file) throw new Error(`no sample under ${dir}`);
  return { file, text: readFileSync(path.join(dir, file), 'utf8') };
}

const show = (symbol: OutlineSymbol | undefined): string =>
  symbol
    ? `${symbol.kind} ${symbol.path.join('.')} name ${symbol.nameSpan.start}-${symbol.nameSpan.end} ` +
      `full ${symbol.fullSpan.start}-${symbol.fullSpan.end} (${symbol.children.length} children)`
    : '(none)';

/** The first symbol (document pre-order) or error span where the outlines differ, or undefined. */
function firstDifference(updated: Outline, fresh: Outline): string | undefined {
  const a = flattenOutline(updated.symbols);
  const b = flattenOutline(fresh.symbols);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const [x, y] = [a[i], b[i]];
    const same =
      x &&
      y &&
      JSON.stringify({ ...x, children: x.children.length }) ===
        JSON.stringify({ ...y, children: y.children.length });
    if (!same) return `symbol #${i}: updated ${show(x)}, fresh ${show(y)}`;
  }
  if (JSON.stringify(updated.errors) !== JSON.stringify(fresh.errors))
    return `errors: updated ${JSON.stringify(updated.errors)}, fresh ${JSON.stringify(fresh.errors)}`;
  return undefined;
}

/** The lines of `text` around `offset`, numbered. */
function around(text: string, offset: number): string {
  const line = text.slice(0, offset).split('\n').length - 1;
  const lines = text.split('\n');
  const first = Math.max(0, line - 4);
  return lines
    .slice(first, line + 6)
    .map((content, i) => `${String(first + i + 1).padStart(5)}| ${content}`)
    .join('\n');
}

const trees = treeTotals();

describe('outline after an edit equals a fresh extraction', () => {
  for (const language of LANGUAGES) {
    it(`${language}: ${EDITS} edits per seed (${SEEDS.join(', ')})`, async () => {
      const { file, text: original } = sample(language);
      let applied = 0;
      for (const seed of SEEDS) {
        const cache = new TreeCache();
        const script = new EditScript(seed * 7919 + language.length);
        let text = original;
        let fresh = await cache.outline(file, language, text);
        for (let n = 1; n <= EDITS; n++) {
          const edit = script.edit(text, fresh);
          const before = text;
          // A text the script has deleted to nothing starts again from the sample (itself one big edit).
          text = edit ? applyEdit(text, edit) : original;
          const updated = await cache.outline(file, language, text);
          fresh = await extractOutline(language, text);
          const difference = firstDifference(updated, fresh);
          if (difference) {
            expect.fail(
              `${language} seed ${seed} edit ${n}: ${edit ? describeEdit(before, edit) : 'the sample again'}\n` +
                `${difference}\nlines around the edit, after it:\n${around(text, edit?.at ?? 0)}`,
            );
          }
          applied++;
        }
        const { windowedOutlines } = cache.stats();
        cache.close();
        // Not vacuous: the edits went through the windowed update (C/C++/Bash recover some trees in full).
        expect(windowedOutlines, `${language} seed ${seed}: windowed outlines`).toBeGreaterThan(0);
      }
      expect(applied).toBe(EDITS * SEEDS.length);
    });
  }

  afterAll(() => {
    const { created, deleted } = treeTotals();
    expect(deleted - trees.deleted).toBe(created - trees.created);
  });
});
