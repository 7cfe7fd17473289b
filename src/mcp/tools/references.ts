/** The `references` tool: every reference to the symbol at a position, grouped by file, paginated. */
import { z } from 'zod';
import { renderReferences } from '../../render/locations.js';
import { OUTPUT } from '../output-schemas.js';
import { compactUnless, respond } from '../result.js';
import { COMPACT } from '../compact-data.js';
import { budgetArg, budgetOf, locateArg, detailArg, detailOf } from '../schemas.js';
import { defineTool, READ_ONLY } from '../tool-spec.js';

/** Largest page an agent may ask for. */
export const MAX_PAGE_SIZE = 500;

export const referencesTool = defineTool({
  name: 'references',
  title: 'Find references',
  description:
    'Ask the language server for every reference to the symbol at the located position, grouped by file; one line per hit with a locate string that names its enclosing symbol (source lines with `snippets: true`). Large sets are paginated to fit the answer budget; the answer says how many pages there are and how to get the next one.',
  inputSchema: {
    locate: locateArg('position'),
    include_declaration: z
      .boolean()
      .optional()
      .describe('Include the declaration itself among the references (default true).'),
    page: z.number().int().min(1).optional().describe('Page to return, 1-based (default 1).'),
    page_size: z
      .number()
      .int()
      .min(1)
      .max(MAX_PAGE_SIZE)
      .optional()
      .describe(
        `At most this many references per page (default 100, at most ${MAX_PAGE_SIZE}); pages are also cut to the budget.`,
      ),
    snippets: z
      .boolean()
      .optional()
      .describe('Show the source line of every hit (default false: one line per hit).'),
    budget: budgetArg,
    detail: detailArg,
  },
  outputSchema: OUTPUT.references,
  annotations: READ_ONLY,
  run: async (locus, { locate, include_declaration, page, page_size, snippets, budget, detail }, call) =>
    respond(
      await locus.references(locate, {
        ...call,
        includeDeclaration: include_declaration ?? true,
        budget: budgetOf(locus, budget),
        ...(snippets === undefined ? {} : { snippets }),
        ...(page === undefined ? {} : { page }),
        ...(page_size === undefined ? {} : { pageSize: page_size }),
      }),
      'references',
      (ok, word) => renderReferences(ok, word, detailOf(detail)),
      compactUnless(detail, (ok) => COMPACT.references(ok, snippets === true)),
    ),
});
