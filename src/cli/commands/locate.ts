/** `locus locate <locate> [--root DIR] [--range] [--json]` */
import type { LocateSuccess } from '../../locate/resolver.js';
import { preferFastStartup } from '../../syntax/runtime.js';
import { createLocator } from '../../ops/locator.js';
import { renderLocateSuccess } from '../../render/locate.js';
import { report, UsageError } from '../io.js';
import type { CommandSpec } from '../command.js';

/** The locate command. */
export const locateCommand: CommandSpec = {
  name: 'locate',
  usage: 'locus locate <locate> [--root DIR] [--range] [--json]',
  summary: 'Resolve a locate string to a position (or a range with --range), offline.',
  options: { range: { type: 'boolean' } },
  async run({ positionals, values, root, json }) {
    const [input, ...extra] = positionals;
    if (input === undefined || extra.length > 0)
      throw new UsageError('locate takes exactly one locate string.');
    preferFastStartup(); // one-shot process: baseline WASM compiles faster than it would tier up
    const locator = createLocator({ root });
    try {
      const result = await locator.locate(input, { range: values.range === true });
      return report<LocateSuccess>(result, json, renderLocateSuccess);
    } finally {
      await locator.close();
    }
  },
};
