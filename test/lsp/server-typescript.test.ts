import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { LspManager } from '../../src/lsp/manager.js';
import type { Session } from '../../src/lsp/session.js';
import { describeWithServer } from '../helpers/require-server.js';
import { serverSuite, type ServerCase } from './server-suite.js';
import { at, copyProject, read, removeDir, spot, spots } from './support.js';

const typescript: ServerCase = {
  title: 'TypeScript (TS 7 native)',
  adapter: 'typescript',
  fixture: 'typescript',
  main: 'src/cart.ts',
  lib: 'src/pricing.ts',
  call: 'gross = <|>addTax(10)',
  definition: ['src/pricing.ts', 'export function <|>addTax('],
  references: [
    ['src/cart.ts', 'import { Discount, <|>addTax }'],
    ['src/cart.ts', 'return <|>addTax(subtotal)'],
    ['src/cart.ts', 'gross = <|>addTax(10)'],
    ['src/pricing.ts', 'export function <|>addTax('],
  ],
  hoverIncludes: 'addTax',
  symbol: 'Cart',
  lineComment: '//',
  created: {
    file: 'src/checkout.ts',
    text: "import { addTax } from './pricing.js';\n\nexport const total = addTax(1);\n",
    anchor: 'total = <|>addTax(1)',
  },
  encoding: 'utf-8',
};

serverSuite(typescript);

serverSuite({
  ...typescript,
  title: 'TypeScript (typescript-language-server, classic)',
  adapter: 'typescript-classic',
  config: { languages: { typescript: { server: 'typescript-classic' } } },
  encoding: 'utf-16',
});

serverSuite({
  ...typescript,
  title: 'JavaScript (TS 7 native)',
  fixture: 'javascript',
  main: 'src/cart.js',
  lib: 'src/pricing.js',
  definition: ['src/pricing.js', 'export function <|>addTax('],
  references: [
    ['src/cart.js', 'import { Discount, <|>addTax }'],
    ['src/cart.js', 'return <|>addTax(subtotal)'],
    ['src/cart.js', 'gross = <|>addTax(10)'],
    ['src/pricing.js', 'export function <|>addTax('],
  ],
  // No project file: TypeScript's inferred project holds the open files and what they import, not a new file.
  created: undefined,
});

describeWithServer('typescript-classic', 'typescript-language-server after a change of many files', () => {
  it('answers from the new texts at once: no wait on the diagnostics of files it was handed', async () => {
    const root = copyProject('typescript');
    const manager = new LspManager({
      workspaceRoot: root,
      config: { languages: { typescript: { server: 'typescript-classic' } } },
    });
    try {
      const main = join(root, typescript.main);
      const session = manager.forFile(main) as Session;
      const before = read(root, typescript.main);
      await session.references(main, before, at(before, typescript.call));
      // More changed files than stay open (64): each is handed over and most are closed again before the server
      // could publish diagnostics for them; waiting for those used to cost the 5 s cap and a "possibly incomplete".
      const extra = Array.from({ length: 100 }, (_, i) => join(root, 'src', `extra${i}.ts`));
      for (const [i, file] of extra.entries()) writeFileSync(file, `export const extra${i} = ${i};\n`);
      const lib = join(root, typescript.lib);
      writeFileSync(lib, `// moved down a line\n${read(root, typescript.lib)}`);
      await manager.notifyFilesChanged([...extra, lib].map((path) => ({ path, kind: 'created' as const })));
      const text = read(root, typescript.main);
      const answer = await session.definition(main, text, at(text, typescript.call));
      expect(answer.possiblyIncomplete, answer.incompleteReason).toBe(false);
      expect(spots(root, answer.result)).toContain(spot(root, ...typescript.definition));
    } finally {
      await manager.closeAll();
      removeDir(root);
    }
  });
});
