/** The `outline` tool: every symbol of a file, with kinds and locate strings. */
import { z } from 'zod';
import { renderOutline } from '../../render/outline.js';
import { OUTPUT } from '../output-schemas.js';
import { respond } from '../result.js';
import { defineTool, READ_ONLY } from '../tool-spec.js';

/** outline */
export const outlineTool = defineTool({
  name: 'outline',
  title: 'Outline a file',
  description:
    'List every symbol of a file (classes, functions, methods, fields …) as a tree with kind, `path:line:col` and a locate string for each — the quickest way to learn what symbol paths a file has. Offline (syntax trees only).',
  inputSchema: {
    file_path: z.string().describe('File relative to the workspace root, e.g. `src/cart.py`.'),
  },
  outputSchema: OUTPUT.outline,
  annotations: READ_ONLY,
  run: async (locus, { file_path }) => respond(await locus.outline(file_path), 'outline', renderOutline),
});
