/**
 * `locus diagnostics <locate|glob>... [--severity S] [--page N] [--page-size N] [--json]`: the errors and
 * warnings of files, globs, or a located scope.
 */
import type { Severity } from '../../ops/analysis/diagnostics.js';
import { renderDiagnostics } from '../../render/diagnostics.js';
import type { CommandSpec } from '../command.js';
import { report, UsageError } from '../io.js';
import { withLocus } from '../with-workspace.js';

const SEVERITY_NAMES = ['error', 'warning', 'information', 'hint'];

function wholeNumber(raw: string | boolean | undefined, name: string): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || Number(raw) < 1)
    throw new UsageError(`--${name} takes a whole number >= 1.`);
  return Number(raw);
}

export const diagnosticsCommand: CommandSpec = {
  name: 'diagnostics',
  usage:
    'locus diagnostics <file|locate|glob>... [--severity error|warning|information|hint] [--page N] [--page-size N] [--budget CHARS] [--json]',
  summary: 'Errors and warnings from the language servers for files, a glob, or a located scope.',
  flagHelp: {
    'page-size': { help: 'diagnostics per page', default: '100' },
    severity: { help: 'keep this severity and the more severe ones', default: 'hint (all)' },
  },
  options: {
    severity: { type: 'string' },
    page: { type: 'string' },
    'page-size': { type: 'string' },
    budget: { type: 'string' },
  },
  async run(context) {
    const { positionals, values, json, io } = context;
    if (positionals.length === 0)
      throw new UsageError('diagnostics takes at least one file, locate or glob.');
    const severity = values.severity;
    if (severity !== undefined && (typeof severity !== 'string' || !SEVERITY_NAMES.includes(severity)))
      throw new UsageError(`--severity is one of ${SEVERITY_NAMES.join(', ')} (that severity and worse).`);
    const page = wholeNumber(values.page, 'page');
    const pageSize = wholeNumber(values['page-size'], 'page-size');
    const budget = wholeNumber(values.budget, 'budget');
    return withLocus(context, async (locus) => {
      const result = await locus.diagnostics(positionals, {
        ...(severity === undefined ? {} : { severity: severity as Severity }),
        ...(page === undefined ? {} : { page }),
        ...(pageSize === undefined ? {} : { pageSize }),
        // The workspace's answerBudgetChars applies unless --budget is given.
        budget: budget ?? locus.context.lsp.config.answerBudgetChars,
      });
      return report(io, result, json, renderDiagnostics);
    });
  },
};
