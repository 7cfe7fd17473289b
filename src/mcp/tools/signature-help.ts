/** The `signature_help` tool: the signature of the call around a position. */
import { renderSignatureHelp } from '../../render/answers.js';
import { OUTPUT } from '../output-schemas.js';
import { respond } from '../result.js';
import { locateArg, detailArg, detailOf } from '../schemas.js';
import { defineTool, READ_ONLY } from '../tool-spec.js';

/** signature_help */
export const signatureHelpTool = defineTool({
  name: 'signature_help',
  title: 'Signature help',
  description:
    "Ask the language server for the signature of the call the located position is in, with the active parameter: put the cursor inside the call's parentheses, e.g. `src/cart.py:main@add_tax(<|>`.",
  inputSchema: { locate: locateArg('position'), detail: detailArg },
  outputSchema: OUTPUT.signature_help,
  annotations: READ_ONLY,
  run: async (locus, { locate, detail }, call) =>
    respond(await locus.signatureHelp(locate, call), 'signature_help', (ok, word) =>
      renderSignatureHelp(ok, word, detailOf(detail)),
    ),
});
