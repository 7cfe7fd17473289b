/** The `locate` tool: a locate string (or object) to an exact position or range, offline. */
import { z } from 'zod';
import { renderLocateSuccess } from '../../render/locate.js';
import { OUTPUT } from '../output-schemas.js';
import { respond } from '../result.js';
import { locateArg } from '../schemas.js';
import { defineTool, READ_ONLY, signalOf } from '../tool-spec.js';

export const locateTool = defineTool({
  name: 'locate',
  title: 'Locate',
  description:
    'Resolve a locate string to an exact position (or, with range: true, a range) using syntax trees only — no language server, fast. Use it to check a locate before an operation; the answer names the enclosing symbol, how many times find matched, and other matches with their own locate strings.',
  inputSchema: {
    locate: locateArg('position'),
    range: z
      .boolean()
      .optional()
      .describe(
        'Resolve to a range instead of a position: a symbol scope alone is the whole declaration, a line scope the full lines, a find the matched text.',
      ),
  },
  outputSchema: OUTPUT.locate,
  annotations: READ_ONLY,
  run: async (locus, { locate, range }, call) =>
    respond(
      await locus.locate(locate, { range: range === true, ...signalOf(call) }),
      'locate',
      renderLocateSuccess,
    ),
});
