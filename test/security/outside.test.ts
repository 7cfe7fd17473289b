/**
 * Outside files (issue 10): a location outside the root is listed with its path but no content
 * unless `showOutsideContent` is configured, and a file that is not regular is never read.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createLocus } from '../../src/ops/locus.js';
import type { OpsContext } from '../../src/ops/context/context.js';
import { ViewCache } from '../../src/ops/context/locations.js';
import { createLocator } from '../../src/ops/locating/locator.js';
import { FreshnessTracker } from '../../src/ops/context/freshness.js';
import { createReferenceAnswers } from '../../src/ops/context/context.js';
import { describeWithServer } from '../helpers/require-server.js';
import { scratch } from './support.js';

const outside = scratch({ 'secret.h': 'int leaked_secret_fn(void); /* TOP SECRET LINE */\n' });
const header = path.join(outside.root, 'secret.h');
const ws = scratch({
  'main.c': `#include "${header}"\nint main(void) { return leaked_secret_fn(); }\n`,
  'compile_commands.json': '',
});
writeFileSync(
  path.join(ws.root, 'compile_commands.json'),
  JSON.stringify([{ directory: ws.root, file: path.join(ws.root, 'main.c'), command: 'cc -c main.c' }]),
);
afterAll(() => {
  ws.cleanup();
  outside.cleanup();
});

describeWithServer('clangd', 'definition into a file outside the root (clangd)', () => {
  it('path only by default; the lines with showOutsideContent', async () => {
    for (const show of [false, true]) {
      const locus = createLocus({ root: ws.root, lspConfig: { showOutsideContent: show } });
      try {
        const result = await locus.definition('main.c@return leaked_<|>secret_fn');
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const text = JSON.stringify(result);
        expect(text).toContain(header);
        expect(text.includes('TOP SECRET LINE')).toBe(show);
      } finally {
        await locus.close();
      }
    }
  });
});

it('a FIFO outside the root is never opened, even with showOutsideContent', async () => {
  const fifo = path.join(outside.root, 'pipe.h');
  execFileSync('mkfifo', [fifo]);
  const lsp = { config: { showOutsideContent: true } };
  const context = {
    locator: createLocator({ root: ws.root }),
    lsp: lsp as unknown as OpsContext['lsp'],
    freshness: new FreshnessTracker(),
    referenceAnswers: createReferenceAnswers(),
  };
  // Reading a FIFO with no writer would block forever; a null view proves it was not read.
  expect(await new ViewCache(context).get(fifo)).toBeNull();
  expect(await new ViewCache(context).get(header)).not.toBeNull();
});
