/** `locus outline <path> [--root DIR] [--json]` */
import { preferFastStartup } from '../../syntax/runtime.js';
import { createLocator } from '../../ops/locator.js';
import type { OutlineResult } from '../../ops/outline.js';
import { renderOutline } from '../../render/outline.js';
import { report, UsageError } from '../io.js';
import type { CommandSpec } from '../command.js';

/** The outline command. */
export const outlineCommand: CommandSpec = {
  name: 'outline',
  usage: 'locus outline <path> [--root DIR] [--json]',
  summary: 'List the symbols of a file with positions and locate strings.',
  options: {},
  async run({ positionals, root, json }) {
    const [filePath, ...extra] = positionals;
    if (filePath === undefined || extra.length > 0)
      throw new UsageError('outline takes exactly one file path.');
    preferFastStartup(); // one-shot process: baseline WASM compiles faster than it would tier up
    const locator = createLocator({ root });
    try {
      return report<OutlineResult>(await locator.outline(filePath), json, renderOutline);
    } finally {
      await locator.close();
    }
  },
};
