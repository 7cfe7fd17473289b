/** The `edit` tool: replace, insert or delete at locate-string targets, previewed first (docs/edit.md). */
import { z } from 'zod';
import { renderEditResult } from '../../render/edit.js';
import { OUTPUT } from '../output-schemas.js';
import { compactUnless, respond } from '../result.js';
import { COMPACT } from '../compact-data.js';
import { verifyArgs, verifyOptions } from '../analysis-schemas.js';
import { editArgs, editOptions, locateArg, detailArg, detailOf } from '../schemas.js';
import { defineTool, MAY_WRITE } from '../tool-spec.js';

const oneEdit = z.looseObject({
  locate: locateArg('range'),
  action: z
    .enum(['replace', 'insert_before', 'insert_after', 'delete'])
    .describe('replace the target, insert new code before/after it, or delete it.'),
  text: z
    .string()
    .optional()
    .describe(
      'The new code (not for delete). Send it at column 0 or with any indentation: Locus re-indents it to the target and uses the file line endings.',
    ),
  include_doc_comment: z
    .boolean()
    .optional()
    .describe('For a symbol target: replace/delete the comment block directly above it too (default false).'),
});

export const editTool = defineTool({
  name: 'edit',
  title: 'Edit code at locate strings',
  description:
    'Replace, insert before/after, or delete the code a locate string names: a symbol (`src/cart.py:Cart.total`: the whole declaration), lines (`src/cart.py:10-14`) or a find match (the matched text). Several edits form one plan (overlaps refused). Previews and writes nothing; apply: true with the fingerprint writes. The answer gives the new locate strings. Edits that add syntax errors are refused (UNSAFE_EDIT) unless force: true; a stale locate string is re-anchored only when unambiguous, and the answer says so.',
  inputSchema: {
    detail: detailArg,
    edits: z.array(oneEdit).min(1).describe('The edits, applied together as one plan.'),
    ...editArgs,
    ...verifyArgs,
    format: z
      .boolean()
      .optional()
      .describe("Format each edited span with the language server's range formatting."),
  },
  outputSchema: OUTPUT.edit,
  annotations: MAY_WRITE,
  run: async (locus, { edits, verify, force, format, detail, ...edit }, call) =>
    respond(
      await locus.edit(
        edits.map((e) => ({
          locate: e.locate,
          action: e.action,
          ...(e.text === undefined ? {} : { text: e.text }),
          ...(e.include_doc_comment === undefined ? {} : { include_doc_comment: e.include_doc_comment }),
        })),
        {
          ...call,
          ...editOptions(locus, edit),
          ...verifyOptions(verify, force, false),
          ...(format === true ? { format: true } : {}),
        },
      ),
      'edit',
      (ok, word) => renderEditResult(ok, word, detailOf(detail)),
      compactUnless(edit.full_diff === true ? 'full' : detail, COMPACT.edit),
    ),
});
