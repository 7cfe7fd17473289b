/** The `hover` tool: type and documentation at a position. */
import { renderHover } from '../../render/answers.js';
import { OUTPUT } from '../output-schemas.js';
import { COMPACT } from '../compact-data.js';
import { compactUnless, respond } from '../result.js';
import { locateArg, detailArg, detailOf } from '../schemas.js';
import { defineTool, READ_ONLY } from '../tool-spec.js';

export const hoverTool = defineTool({
  name: 'hover',
  title: 'Hover',
  description:
    "Ask the language server what the identifier at the located position is: its type or signature and its documentation, as markdown. E.g. `src/cart.ts:Cart.total@discount.<|>apply` for a method's signature.",
  inputSchema: { locate: locateArg('position'), detail: detailArg },
  outputSchema: OUTPUT.hover,
  annotations: READ_ONLY,
  run: async (locus, { locate, detail }, call) =>
    respond(
      await locus.hover(locate, call),
      'hover',
      (ok, word) => renderHover(ok, word, detailOf(detail)),
      compactUnless(detail, COMPACT.cursor),
    ),
});
