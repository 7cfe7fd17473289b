/** The `rename` tool: a project-wide rename as a reviewable diff; written only with `apply: true`. */
import { z } from 'zod';
import { renderRename } from '../../render/edits.js';
import { verifyArgs, verifyOptions } from '../analysis-schemas.js';
import { OUTPUT } from '../output-schemas.js';
import { compactUnless, respond } from '../result.js';
import { COMPACT } from '../compact-data.js';
import { editArgs, editOptions, locateArg, detailArg, detailOf } from '../schemas.js';
import { defineTool, MAY_WRITE } from '../tool-spec.js';

export const renameTool = defineTool({
  name: 'rename',
  title: 'Rename symbol',
  description:
    'Rename the symbol at the located position everywhere the language server knows of. Returns a preview (the changed lines, counts per file, a fingerprint, and safety warnings: missed references or overrides, other uses of the name in code or strings, name collisions, each with a locate string and a confidence, most confident first) and writes nothing; apply: true with the fingerprint writes it (force: true past warnings that are not advisories). Point at the name, e.g. `src/cart.py:Cart.total`.',
  inputSchema: {
    locate: locateArg('position'),
    new_name: z.string().describe('The new identifier, e.g. `grand_total`.'),
    ...editArgs,
    ...verifyArgs,
    detail: detailArg,
  },
  outputSchema: OUTPUT.rename,
  annotations: MAY_WRITE,
  run: async (locus, { locate, new_name, verify, force, detail, ...edit }, call) =>
    respond(
      await locus.rename(locate, new_name, {
        ...call,
        ...editOptions(locus, edit),
        ...verifyOptions(verify, force, false),
      }),
      'rename',
      (ok, word) => renderRename(ok, word, detailOf(detail)),
      compactUnless(edit.full_diff === true ? 'full' : detail, COMPACT.rename),
    ),
});
