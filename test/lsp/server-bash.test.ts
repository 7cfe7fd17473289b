import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { LspManager } from '../../src/lsp/manager.js';
import type { Session } from '../../src/lsp/session.js';
import { uriToPath } from '../../src/lsp/uri.js';
import { describeWithServer } from '../helpers/require-server.js';
import { serverSuite } from './server-suite.js';
import { at, copyProject, read, removeDir } from './support.js';

/** A script that calls `add_tax`, created (and deleted) by the tests below. */
const CHECKOUT =
  '#!/usr/bin/env bash\n# shellcheck source=lib.sh\nsource "$(dirname "$0")/lib.sh"\ntotal=$(add_tax 100)\n';

serverSuite({
  title: 'Bash (bash-language-server)',
  adapter: 'bash',
  fixture: 'bash',
  main: 'main.sh',
  lib: 'lib.sh',
  call: 'gross=$(<|>add_tax 1000)',
  definition: ['lib.sh', '<|>add_tax() {'],
  references: [
    ['lib.sh', '<|>add_tax() {'],
    ['main.sh', '    <|>add_tax "$(apply_discount'],
    ['main.sh', 'gross=$(<|>add_tax 1000)'],
  ],
  hoverIncludes: 'add_tax',
  symbol: 'cart_total',
  lineComment: '#',
  // bash-language-server keeps what it analysed of a deleted script: the suite's check that the created file's
  // call is gone after its deletion holds only because Locus leaves out places in files no longer on disk.
  created: {
    file: 'checkout.sh',
    text: CHECKOUT,
    anchor: 'total=$(<|>add_tax 100)',
  },
  encoding: 'utf-16',
});

describeWithServer('bash', 'bash-language-server after a script is deleted', () => {
  it('renames in the scripts that are still there, not in the deleted one it still remembers', async () => {
    const root = copyProject('bash');
    const manager = new LspManager({ workspaceRoot: root });
    try {
      const main = join(root, 'main.sh');
      const extra = join(root, 'checkout.sh');
      writeFileSync(extra, CHECKOUT);
      await manager.notifyFilesChanged([{ path: extra, kind: 'created' }]);
      const session = manager.forFile(main) as Session;
      const text = read(root, 'main.sh');
      const before = await session.rename(main, text, at(text, 'gross=$(<|>add_tax 1000)'), 'add_vat');
      expect(Object.keys(before.result?.changes ?? {}).map((uri) => uriToPath(uri))).toContain(extra);
      rmSync(extra);
      await manager.notifyFilesChanged([{ path: extra, kind: 'deleted' }]);
      const after = await session.rename(main, text, at(text, 'gross=$(<|>add_tax 1000)'), 'add_vat');
      const files = Object.keys(after.result?.changes ?? {}).map((uri) => uriToPath(uri));
      expect(files).toContain(main);
      expect(files).not.toContain(extra);
    } finally {
      await manager.closeAll();
      removeDir(root);
    }
  });
});
