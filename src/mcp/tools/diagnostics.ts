/** The `diagnostics` tool: errors and warnings of files, globs or a located scope, paginated. */
import { z } from 'zod';
import { SEVERITIES } from '../../ops/analysis/diagnostics.js';
import { renderDiagnostics } from '../../render/diagnostics.js';
import { ANALYSIS_OUTPUT } from '../analysis-schemas.js';
import { respond } from '../result.js';
import { budgetArg, budgetOf } from '../schemas.js';
import { defineTool, READ_ONLY } from '../tool-spec.js';

export const diagnosticsTool = defineTool({
  name: 'diagnostics',
  title: 'Diagnostics',
  description:
    "Errors and warnings the language servers report for a file (`src/app.py`), a glob (`src/**/*.py`), a located scope (`src/app.py:Cart.total`) or a list of these: pulled, or the server's pushed set once settled. Each with severity, code, message, enclosing symbol and a locate string; totals per file and severity; paginated.",
  inputSchema: {
    targets: z
      .union([z.string(), z.array(z.string()).min(1)])
      .describe('A file, glob or locate string, or a list of them.'),
    severity: z
      .enum(SEVERITIES)
      .optional()
      .describe('Keep this severity and the more severe ones (default: all).'),
    page: z.number().int().min(1).optional().describe('Page to return, 1-based (default 1).'),
    page_size: z.number().int().min(1).max(500).optional().describe('Diagnostics per page (default 100).'),
    budget: budgetArg,
  },
  outputSchema: ANALYSIS_OUTPUT.diagnostics,
  annotations: READ_ONLY,
  run: async (locus, { targets, severity, page, page_size, budget }) =>
    respond(
      await locus.diagnostics(typeof targets === 'string' ? [targets] : targets, {
        budget: budgetOf(locus, budget),
        ...(severity === undefined ? {} : { severity }),
        ...(page === undefined ? {} : { page }),
        ...(page_size === undefined ? {} : { pageSize: page_size }),
      }),
      'diagnostics',
      renderDiagnostics,
    ),
});
