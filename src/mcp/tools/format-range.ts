/** The `format_range` tool: the language server's formatting of a range, as a diff. */
import { renderFormat } from '../../render/edits.js';
import { verifyArgs, verifyOptions } from '../analysis-schemas.js';
import { OUTPUT } from '../output-schemas.js';
import { compactUnless, respond } from '../result.js';
import { COMPACT } from '../compact-data.js';
import { editArgs, editOptions, locateArg, detailArg, detailOf } from '../schemas.js';
import { defineTool, MAY_WRITE } from '../tool-spec.js';

/** format_range */
export const formatRangeTool = defineTool({
  name: 'format_range',
  title: 'Format range',
  description:
    "Format the located range with the language server's formatter: a symbol (`src/cart.ts:Cart.total`) or lines (`src/cart.ts:10-20`); a range covering the whole file formats the document. Returns a diff and a fingerprint; nothing is written unless you pass apply: true.",
  inputSchema: { locate: locateArg('range'), ...editArgs, ...verifyArgs, detail: detailArg },
  outputSchema: OUTPUT.format_range,
  annotations: MAY_WRITE,
  run: async (locus, { locate, verify, force, detail, ...edit }, call) =>
    respond(
      await locus.formatRange(locate, {
        ...call,
        ...editOptions(locus, edit),
        ...verifyOptions(verify, force, false),
      }),
      'format_range',
      (ok, word) => renderFormat(ok, word, detailOf(detail)),
      compactUnless(edit.full_diff === true ? 'full' : detail, COMPACT.format),
    ),
});
