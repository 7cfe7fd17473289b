/** `locus outline <path> [--depth N] [--page N] [--budget CHARS] [--root DIR] [--json]` */
import type { OutlineResult } from '../../ops/locating/outline.js';
import { pageOutline } from '../../ops/locating/outline-page.js';
import { outlineLine, renderOutline } from '../../render/outline.js';
import { cliWording } from '../wording.js';
import { report, UsageError } from '../io.js';
import type { CommandSpec } from '../command.js';
import { withLocator } from '../with-workspace.js';

/** The outline command. */
export const outlineCommand: CommandSpec = {
  name: 'outline',
  usage: 'locus outline <path> [--depth N] [--page N] [--budget CHARS] [--all] [--root DIR] [--json]',
  summary:
    'List the symbols of a file with positions and locate strings (paged to a budget; --all for everything).',
  options: {
    depth: { type: 'string' },
    page: { type: 'string' },
    budget: { type: 'string' },
    all: { type: 'boolean' },
  },
  async run(context) {
    const { positionals, values, json, io } = context;
    const [filePath, ...extra] = positionals;
    if (filePath === undefined || extra.length > 0)
      throw new UsageError('outline takes exactly one file path.');
    return withLocator(
      context,
      async (locator) => {
        const outline = await locator.outline(filePath);
        const view = {
          ...numberFlag(values, 'depth'),
          ...numberFlag(values, 'page'),
          ...numberFlag(values, 'budget'),
        };
        const shown =
          outline.ok && values.all !== true
            ? pageOutline(outline, view, (e, level, hidden) => outlineLine(e, level, hidden).length)
            : outline;
        return report<OutlineResult>(io, shown, json, renderOutline, cliWording('outline'));
      },
      { trust: true },
    );
  },
};

function numberFlag(values: Record<string, unknown>, name: string): Record<string, number> {
  const raw = values[name];
  if (raw === undefined) return {};
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || Number(raw) < 1)
    throw new UsageError(`--${name} takes a whole number >= 1.`);
  return { [name]: Number(raw) };
}
