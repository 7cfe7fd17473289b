import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { grammarEntry, languageIds, queryPaths } from '../../src/syntax/registry.js';
import { compileAll, loadLanguage, preferFastStartup } from '../../src/syntax/runtime.js';

describe('grammar smoke test', () => {
  it('lists every manifest language', () => {
    expect(languageIds()).toEqual(
      expect.arrayContaining(['python', 'typescript', 'tsx', 'javascript', 'go', 'rust', 'java', 'c', 'cpp']),
    );
  });

  for (const id of languageIds()) {
    it(`${id}: grammar loads, parses, and its symbols.scm (if any) compiles`, async () => {
      const [result] = await compileAll([id]);
      expect(result?.error).toBeUndefined();
      expect(result?.hasQuery).toBe(queryPaths(id).every((file) => existsSync(file)));
      const loaded = await loadLanguage(id);
      const tree = loaded.parser.parse('\n');
      expect(tree).not.toBeNull();
      tree?.delete();
      expect(grammarEntry(id).extensions.length).toBeGreaterThan(0);
    });
  }

  it('has a symbols.scm for each of the first-group languages', () => {
    for (const id of ['python', 'typescript', 'tsx', 'javascript', 'go', 'rust', 'java', 'c', 'cpp']) {
      expect(
        queryPaths(id).every((file) => existsSync(file)),
        id,
      ).toBe(true);
    }
  });

  it('preferFastStartup is a no-op once the runtime is initialised', async () => {
    await loadLanguage('python');
    expect(preferFastStartup()).toBe(false);
  });

  it('loads a grammar only once', async () => {
    const a = await loadLanguage('python');
    const b = await loadLanguage('python');
    expect(a.language).toBe(b.language);
  });
});
