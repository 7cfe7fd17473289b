/**
 * The outline update after a one-line edit that breaks the code (docs/performance.md, "broken code"):
 * the narrow window settles after an edit among consecutive functions, an error that turns the root into
 * ERROR re-queries the whole file (every module-level symbol changes), and every update equals a fresh
 * extraction of the same text.
 */
import { describe, expect, it } from 'vitest';
import type { Tree } from 'web-tree-sitter';
import { extractOutline, parseText } from '../../src/syntax/outline.js';
import type { PreviousExtraction } from '../../src/syntax/extraction.js';
import { fullExtraction, updateExtraction } from '../../src/syntax/incremental.js';
import { editedLines, narrowUpdate } from '../../src/syntax/narrow-window.js';
import { requireSymbolQuery } from '../../src/syntax/runtime.js';
import { computeEdit } from '../../src/syntax/text-edit.js';
import { TreeCache } from '../../src/syntax/tree-cache.js';
import { anchors } from '../helpers/anchors.js';

const enumIife = (name: string, members: string[]): string =>
  `var ${name} = /* @__PURE__ */ ((${name}2) => {\n${members
    .map((m, i) => `  ${name}2[${name}2["${m}"] = ${i}] = "${m}";\n`)
    .join('')}  return ${name}2;\n})(${name} || {});\n`;

const functions = (names: string[]): string =>
  names.map((n) => `function ${n}(value) {\n  return value.${n};\n}\n`).join('');

// A bundle in the shape of typescript's _tsc.js: functions, a class, enum IIFEs, a namespace IIFE.
const BUNDLE = [
  functions(['first', 'second', 'third']),
  'class Store {\n  get(key) {\n    return this.map.get(key);\n  } // by key\n  set(key, value) {\n    this.map.set(key, value);\n  }\n}\n',
  enumIife('Flags', ['None', 'Read', 'Write', 'Both']),
  enumIife('Kind', ['Unknown', 'Identifier', 'Keyword', 'Literal']),
  'var Debug;\n((Debug2) => {\n  function fail(message) {\n    throw new Error(message);\n  }\n  Debug2.fail = fail;\n})(Debug || (Debug = {}));\n',
  functions(['getCount', 'getDuration', 'forEachMeasure', 'forEachMark', 'clearMarks', 'isEnabled']),
  functions(['enable', 'disable', 'mark', 'measure', 'clearMeasures', 'now']),
  enumIife('Mode', ['Off', 'On']),
].join('');

interface Reparsed {
  tree: Tree;
  previous: PreviousExtraction;
  text: string;
}

/** The incremental re-parse of `edited` from a parse of `text`, as the tree cache does it. */
async function reparse(language: string, text: string, edited: string): Promise<Reparsed> {
  const { loaded } = await requireSymbolQuery(language);
  const old = parseText(loaded, text);
  const extraction = fullExtraction(loaded, old, text);
  const edit = computeEdit(text, edited);
  if (!edit) throw new Error('no edit');
  old.edit(edit);
  const tree = parseText(loaded, edited, old);
  const changed = old.getChangedRanges(tree);
  old.delete();
  return { tree, previous: { extraction, edit, changed }, text: edited };
}

/** The text with ` )(` inserted at the anchor. */
function breakAt(source: string): string {
  const { text, offsets } = anchors(source);
  const at = offsets[0] as number;
  return text.slice(0, at) + ' )(' + text.slice(at);
}

describe('re-locate after an edit that breaks the code', () => {
  it('an edit that turns the root into ERROR updates the module-level symbols of the whole file', async () => {
    const edited = breakAt(BUNDLE.replace('Kind2["Keyword"]', 'Kind2<|>["Keyword"]'));
    const { tree, previous, text } = await reparse('javascript', BUNDLE, edited);
    try {
      const { loaded } = await requireSymbolQuery('javascript');
      // No `(program …)` pattern matches under an ERROR root: `var Flags`, far from the edit, is gone too.
      expect(tree.rootNode.type).toBe('ERROR');
      const fresh = fullExtraction(loaded, tree, text).outline;
      expect(fresh.symbols.map((s) => s.name)).not.toContain('Flags');
      expect(updateExtraction(loaded, tree, text, previous).outline).toEqual(fresh);
    } finally {
      tree.delete();
    }
  });

  // Before, the window took in one more following function per round and gave up after 8.
  it('the narrow window settles after breaking a function header among consecutive functions', async () => {
    const edited = breakAt(BUNDLE.replace('function getCount(', 'function getCount<|>('));
    const { tree, previous, text } = await reparse('javascript', BUNDLE, edited);
    try {
      const { loaded, query } = await requireSymbolQuery('javascript');
      const seed = editedLines(text, previous.edit, []);
      expect(narrowUpdate(query, loaded.hooks, tree, text, previous, seed)).toBeDefined();
      const updated = updateExtraction(loaded, tree, text, previous);
      expect(updated.outline).toEqual(fullExtraction(loaded, tree, text).outline);
    } finally {
      tree.delete();
    }
  });

  for (const language of ['javascript', 'typescript'] as const) {
    it(`${language}: breaking each line of a bundle, the cached outline equals a fresh one`, async () => {
      const cache = new TreeCache();
      await cache.outline('bundle', language, BUNDLE);
      const lineStarts = [0, ...[...BUNDLE.matchAll(/\n/g)].map((m) => (m.index as number) + 1)];
      for (const start of lineStarts.slice(0, -1)) {
        // After the first identifier of the line: `function name )((…`, `Kind2 )([…`, `return Kind2 )(`.
        const word = /[A-Za-z_$][\w$]*/.exec(BUNDLE.slice(start, BUNDLE.indexOf('\n', start)));
        if (!word) continue;
        const at = start + word.index + word[0].length;
        const edited = BUNDLE.slice(0, at) + ' )(' + BUNDLE.slice(at);
        const cached = await cache.outline('bundle', language, edited);
        expect(cached, JSON.stringify(edited.slice(start, at + 12))).toEqual(
          await extractOutline(language, edited),
        );
        await cache.outline('bundle', language, BUNDLE);
      }
      cache.close();
    });
  }
});
