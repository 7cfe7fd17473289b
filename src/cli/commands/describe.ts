/** `locus describe <path>:<line>:<col> [--root DIR] [--json]` */
import type { DescribeResult } from '../../ops/locating/locator.js';
import { codeSpan } from '../../render/markdown.js';
import { report, UsageError } from '../io.js';
import type { CommandSpec } from '../command.js';
import { withLocator } from '../with-workspace.js';

type DescribeSuccess = Extract<DescribeResult, { ok: true }>;

/** The describe command (reverse positioning). */
export const describeCommand: CommandSpec = {
  name: 'describe',
  usage: 'locus describe <path>:<line>:<col> [--root DIR] [--json]   (1-based line, column in characters)',
  summary: 'Give the shortest locate string for a position.',
  options: {},
  async run(context) {
    const { positionals, json, io } = context;
    const [target, ...extra] = positionals;
    const m = target === undefined ? null : /^(.+):(\d+):(\d+)$/s.exec(target);
    if (!m || extra.length > 0) throw new UsageError('describe takes one <path>:<line>:<col> (1-based).');
    return withLocator(
      context,
      async (locator) => {
        const result = await locator.describe(m[1] as string, { line: Number(m[2]), column: Number(m[3]) });
        return report<DescribeSuccess>(io, result, json, (ok) => {
          const symbol = ok.symbol ? ` (in ${ok.symbol.kind} ${ok.symbol.path})` : '';
          const exactness = ok.exact
            ? ''
            : `\nNote: no locate string names ${target} exactly (it is inside whitespace); this one lands on ${ok.display}.`;
          return `${codeSpan(ok.locate)} → ${ok.display}${symbol}${exactness}`;
        });
      },
      { trust: true },
    );
  },
};
