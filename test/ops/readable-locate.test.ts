/** readableLocate: for the first code character of every line of the fixtures, the string resolves back exactly. */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFile } from '../../src/ops/locating/file-view.js';
import { createLocator } from '../../src/ops/locating/locator.js';
import { readableLocate } from '../../src/ops/locating/readable-locate.js';

const root = path.resolve(__dirname, '../fixtures/edit');
const locator = createLocator({ root });
afterAll(() => locator.close());

describe('readableLocate', () => {
  for (const file of ['cart.py', 'cart.ts', 'cart.go']) {
    it(`round-trips every line start of ${file}`, async () => {
      const { view } = await loadFile(locator.workspace, locator.syntax, file);
      let readable = 0;
      for (let line = 0; line < view.lines.lineCount; line++) {
        const text = view.lines.lineText(line);
        const column = text.search(/\S/);
        if (column < 0) continue;
        const offset = view.lines.lineStart(line) + column;
        const locate = readableLocate(view, offset);
        const result = await locator.locate(locate);
        expect(result.ok && view.lines.toOffset(result.position), locate).toBe(offset);
        if (
          locate.endsWith(`@${text.trim().slice(0, 10)}`) ||
          locate.includes(`@${text.trim().slice(0, 10)}`)
        )
          readable++;
      }
      expect(readable).toBeGreaterThan(5);
    });
  }
});
