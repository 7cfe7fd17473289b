/**
 * One language detection for outline and LSP operations, against the real servers (issue 13 item 6,
 * docs/languages.md): an extension-less bash script (neofetch, cut) is served by bash-language-server
 * instead of UNSUPPORTED_LANGUAGE, and tinyxml2.h (a C++ header with a `.h` name) by clangd as C++.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLocus, type Locus } from '../../src/ops/locus.js';
import { describeWithServer } from '../helpers/require-server.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

for (const [server, fixture, locate] of [
  ['bash', 'bash/real/neofetch', 'neofetch@get_<|>theme'],
  ['clangd', 'cpp/real/tinyxml2', 'tinyxml2.h:XMLElement.QueryIntAttribute'],
] as const) {
  describeWithServer(server, `language detection shared with LSP operations (${fixture})`, () => {
    let root: string;
    let locus: Locus;
    beforeAll(() => {
      root = mkdtempSync(path.join(tmpdir(), 'locus-detect-'));
      cpSync(path.join(FIXTURES, fixture), root, { recursive: true });
      locus = createLocus({ root });
    });
    afterAll(async () => {
      await locus.close();
      rmSync(root, { recursive: true, force: true });
    });

    it(`hover on ${locate} is answered by ${server}`, async () => {
      const result = await locus.hover(locate);
      if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
      // clangd reads the header as C++ only if told so: a C reading has no methods.
      expect(JSON.stringify(result)).toMatch(server === 'bash' ? /get_theme/ : /instance-method/);
    });
  });
}
