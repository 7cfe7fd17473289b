/** The `rename` tool: a project-wide rename as a reviewable diff; written only with `apply: true`. */
import { z } from 'zod';
import { renderRename } from '../../render/edits.js';
import { verifyArgs, verifyOptions } from '../analysis-schemas.js';
import { OUTPUT } from '../output-schemas.js';
import { respond } from '../result.js';
import { editArgs, editOptions, locateArg } from '../schemas.js';
import { defineTool, MAY_WRITE } from '../tool-spec.js';

export const renameTool = defineTool({
  name: 'rename',
  title: 'Rename symbol',
  description:
    "Rename the symbol at the located position everywhere the language server knows of. By default returns a preview — a unified diff, the files touched and a fingerprint — and writes nothing. To write it, call again with apply: true and the preview's fingerprint (refused with FILE_CHANGED if a file changed meanwhile). The preview lists safety warnings — references or overrides the edits miss, other uses of the name in code or strings, name collisions, edits in strings or comments — each with a locate string and a confidence, most confident first; applying with warnings that are not advisories needs force: true. Point at the name, e.g. `src/cart.py:Cart.total`.",
  inputSchema: {
    locate: locateArg('position'),
    new_name: z.string().describe('The new identifier, e.g. `grand_total`.'),
    ...editArgs,
    ...verifyArgs,
  },
  outputSchema: OUTPUT.rename,
  annotations: MAY_WRITE,
  run: async (locus, { locate, new_name, verify, force, ...edit }, call) =>
    respond(
      await locus.rename(locate, new_name, {
        ...call,
        ...editOptions(locus, edit),
        ...verifyOptions(verify, force, true),
      }),
      'rename',
      renderRename,
    ),
});
