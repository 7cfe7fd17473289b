/** The `completion` tool: what may be typed at a position (`obj.<|>`). */
import { z } from 'zod';
import { renderCompletion } from '../../render/answers.js';
import { OUTPUT } from '../output-schemas.js';
import { respond } from '../result.js';
import { budgetArg, budgetOf, locateArg, detailArg, detailOf } from '../schemas.js';
import { defineTool, READ_ONLY } from '../tool-spec.js';

/** Most items an agent may ask for at once. */
export const MAX_COMPLETION_LIMIT = 1000;

export const completionTool = defineTool({
  name: 'completion',
  title: 'Completions',
  description:
    'Ask the language server what can be written at the located position: members after a dot (`src/cart.py:Cart.total@self.<|>`), names in scope, keywords. Returns the top items (label, kind, detail) and the total, so you know what was left out; raise limit to see more.',
  inputSchema: {
    locate: locateArg('position'),
    detail: detailArg,
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_COMPLETION_LIMIT)
      .optional()
      .describe(
        `At most this many items, best first (default: every item that fits the budget; at most ${MAX_COMPLETION_LIMIT}).`,
      ),
    budget: budgetArg,
  },
  outputSchema: OUTPUT.completion,
  annotations: READ_ONLY,
  run: async (locus, { locate, limit, budget, detail }, call) =>
    respond(
      await locus.completion(locate, {
        ...call,
        budget: budgetOf(locus, budget),
        ...(limit === undefined ? {} : { limit }),
      }),
      'completion',
      (ok, word) => renderCompletion(ok, word, detailOf(detail)),
    ),
});
