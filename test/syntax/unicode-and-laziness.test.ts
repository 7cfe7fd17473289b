/**
 * Name spans are UTF-16 offsets (JS string indices) even after emoji and CJK text, in the query
 * engine and in the TypeScript fallback; and only the grammars a run needs are loaded.
 * @own-process: which grammars are loaded is counted from a process that has loaded none.
 */
import { describe, expect, it } from 'vitest';
import { flattenOutline } from '../../src/locate/outline.js';
import { extractOutline } from '../../src/syntax/outline.js';
import { loadedLanguageIds } from '../../src/syntax/runtime.js';

async function nameStart(language: string, text: string, path: string): Promise<number | undefined> {
  const outline = await extractOutline(language, text);
  return flattenOutline(outline.symbols).find((s) => s.path.join('.') === path)?.nameSpan.start;
}

describe('unicode', () => {
  it('loads only the grammar that is used', async () => {
    await extractOutline('go', 'package p\n');
    expect(loadedLanguageIds()).toEqual(['go']);
  });

  it.each([
    ['python', 's = "😀中文"; target = 1\n', 'target'],
    ['go', 'package p\n\nvar s = "🎉🎉"; var target = 1\n', 'target'],
    ['rust', 'const S: &str = "🦀 蟹"; const TARGET: u8 = 1;\n', 'TARGET'],
    ['c', 'const char *s = "😀"; int target = 1;\n', 'target'],
    ['typescript', 'const s = "😀中"; export const target = 1;\n', 'target'],
    ['typescript', 'interface P<out T> { x: T }\nconst s = "😀中"; export const target = 1;\n', 'target'],
  ])('%s: the name span is a UTF-16 index (%s)', async (language, text, path) => {
    expect(await nameStart(language, text, path)).toBe(text.indexOf(path));
  });
});
