/** `locus locate <locate> [--root DIR] [--range] [--json]` */
import type { LocateSuccess } from '../../locate/resolver.js';
import { renderLocateSuccess } from '../../render/locate.js';
import { report, UsageError } from '../io.js';
import type { CommandSpec } from '../command.js';
import { withLocator } from '../with-workspace.js';

/** The locate command. */
export const locateCommand: CommandSpec = {
  name: 'locate',
  usage: 'locus locate <locate> [--root DIR] [--range] [--json]',
  summary: 'Resolve a locate string to a position (or a range with --range), offline.',
  options: { range: { type: 'boolean' } },
  async run(context) {
    const { positionals, values, json, io } = context;
    const [input, ...extra] = positionals;
    if (input === undefined || extra.length > 0)
      throw new UsageError('locate takes exactly one locate string.');
    return withLocator(
      context,
      async (locator) => {
        const result = await locator.locate(input, { range: values.range === true });
        return report<LocateSuccess>(io, result, json, renderLocateSuccess);
      },
      // A workspace-wide locate string may build the index first: its progress goes to the status line.
      { trust: true, progress: true },
    );
  },
};
