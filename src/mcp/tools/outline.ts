/** The `outline` tool: the symbols of a file, with kinds and locate strings, by depth and page. */
import { z } from 'zod';
import { pageOutline } from '../../ops/locating/outline-page.js';
import { outlineLine, renderOutline } from '../../render/outline.js';
import { OUTPUT } from '../output-schemas.js';
import { compactUnless, respond } from '../result.js';
import { COMPACT } from '../compact-data.js';
import { budgetArg, budgetOf, detailArg } from '../schemas.js';
import { defineTool, READ_ONLY, signalOf } from '../tool-spec.js';

export const outlineTool = defineTool({
  name: 'outline',
  title: 'Outline a file',
  description:
    'List the symbols of a file (classes, functions, methods, fields …) as a tree with kind, `path:line:col` and a locate string for each — the quickest way to learn what symbol paths a file has. Offline (syntax trees only). Large files come in pages that fit the answer budget; `depth: 1` lists only top-level symbols (each says how many it hides).',
  inputSchema: {
    file_path: z.string().describe('File relative to the workspace root, e.g. `src/cart.py`.'),
    depth: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('Levels to list: 1 = top-level symbols only, 2 = also their members … (default: all).'),
    page: z.number().int().min(1).optional().describe('Page to return, 1-based (default 1).'),
    budget: budgetArg,
    detail: detailArg,
  },
  outputSchema: OUTPUT.outline,
  annotations: READ_ONLY,
  run: async (locus, { file_path, depth, page, budget, detail }, call) => {
    const outline = await locus.outline(file_path, signalOf(call));
    const paged = outline.ok
      ? pageOutline(
          outline,
          {
            budget: budgetOf(locus, budget),
            ...(depth === undefined ? {} : { depth }),
            ...(page === undefined ? {} : { page }),
          },
          (entry, level, hidden) => outlineLine(entry, level, hidden).length,
        )
      : outline;
    return respond(paged, 'outline', renderOutline, compactUnless(detail, COMPACT.outline));
  },
});
