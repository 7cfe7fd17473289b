/** The `code_actions` tool: quick fixes and refactorings for a range; one can be previewed and applied. */
import { z } from 'zod';
import { renderCodeActions } from '../../render/edits.js';
import { verifyArgs, verifyOptions } from '../analysis-schemas.js';
import { OUTPUT } from '../output-schemas.js';
import { compactUnless, respond } from '../result.js';
import { COMPACT } from '../compact-data.js';
import { editArgs, editOptions, locateArg, detailArg, detailOf } from '../schemas.js';
import { defineTool, MAY_WRITE } from '../tool-spec.js';

/** code_actions */
export const codeActionsTool = defineTool({
  name: 'code_actions',
  title: 'Code actions',
  description:
    'List the code actions (quick fixes, refactorings such as extract or organize imports) the language server offers for the located range. Select one by index or title to preview its edit as a diff with a fingerprint; nothing is written unless you also pass apply: true.',
  inputSchema: {
    locate: locateArg('range'),
    detail: detailArg,
    select: z
      .union([z.number().int().min(0), z.string()])
      .optional()
      .describe('The action to preview (or apply): its index in the list, or its exact title.'),
    only: z
      .array(z.string())
      .optional()
      .describe(
        'Only actions of these kinds, e.g. ["quickfix"], ["refactor.extract"], ["source.organizeImports"].',
      ),
    ...editArgs,
    ...verifyArgs,
  },
  outputSchema: OUTPUT.code_actions,
  annotations: MAY_WRITE,
  run: async (locus, { locate, select, only, verify, force, detail, ...edit }, call) =>
    respond(
      await locus.codeActions(locate, {
        ...call,
        ...editOptions(locus, edit),
        ...verifyOptions(verify, force, false),
        ...(select === undefined ? {} : { select }),
        ...(only === undefined ? {} : { only }),
      }),
      'code_actions',
      (ok, word) => renderCodeActions(ok, word, detailOf(detail)),
      compactUnless(edit.full_diff === true ? 'full' : detail, COMPACT.codeActions),
    ),
});
