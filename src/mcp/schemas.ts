/**
 * Input schemas shared by the MCP tools, with descriptions written for an agent. The locate object form is
 * typed for the client but loose at run time, so semantic mistakes (both scope kinds, unknown fields, a
 * negative `find_index`) reach the locator and come back as INVALID_LOCATE with a hint instead of a bare
 * schema error.
 */
import type { LocateInput } from '../ops/locating/locator.js';
import { z } from 'zod';
import { DEFAULT_BUDGET_CHARS, MIN_BUDGET_CHARS } from '../core/budget.js';
import { LocusError } from '../core/errors.js';
import type { Locus } from '../ops/locus.js';
import type { EditOptions } from '../ops/edits/edits.js';
import type { Detail } from '../render/cursor.js';

/**
 * Descriptions of the locate argument, as a position (most tools) or as a range (code actions, format). The syntax
 * itself is explained once, in the server's instructions (src/mcp/server.ts): `tools/list` stays small.
 */
export const LOCATE_DESCRIPTION = {
  position:
    'Where the cursor goes: a locate string `path[:scope][@find]` (syntax in the server instructions), e.g. `src/cart.py:Cart.total@return <|>subtotal`, or its object form.',
  range:
    'Which code, as a range: a locate string `path[:scope][@find]` (syntax in the server instructions) or its object form; a symbol scope alone is the whole declaration, a line scope those full lines, a find the matched text (a marker is ignored).',
} as const;

/**
 * The object form of a locate. Its fields are explained in the server's instructions, not here (every position
 * tool takes one: listing the fields in each made `tools/list` grow by 6 KB), and they are checked by the locator
 * (validateLocate), whose INVALID_LOCATE names the mistake and the fix.
 */
export const locateObject = z.looseObject({ file_path: z.string() }).meta({
  description: 'The object form: {file_path, scope?, find?, find_index?} (see the server instructions).',
  properties: undefined, // drops the generated field list; `required` stays
});

/** The locate argument: string syntax or object form. */
export function locateArg(kind: keyof typeof LOCATE_DESCRIPTION): z.ZodType<LocateInput> {
  // Typed as the library's input: the object's fields are checked again by the operation (validateLocate),
  // which gives the coded error and hint an agent needs; the schema here only shapes the tool's description.
  return z.union([z.string(), locateObject]).describe(LOCATE_DESCRIPTION[kind]) as z.ZodType<LocateInput>;
}

/** The answer budget argument of every tool whose answer can grow. */
export const budgetArg = z
  .number()
  .int()
  .min(MIN_BUDGET_CHARS)
  .optional()
  .describe(
    `Markdown characters this answer may use (default ${DEFAULT_BUDGET_CHARS} or answerBudgetChars); larger answers are paged or summarised.`,
  );

/** How much of the answer to render (docs/mcp.md, "Compact answers"). */
export const detailArg = z
  .enum(['compact', 'full'])
  .optional()
  .describe(
    'full: also source lines, diff context, call sites, and positions in the data (default compact).',
  );

/** The detail of a call: compact unless the agent asks for the full form. */
export function detailOf(detail: 'compact' | 'full' | undefined): Detail {
  return detail ?? 'compact';
}

/** The budget of a call: the argument, else the workspace configuration. */
export function budgetOf(locus: Locus, budget: number | undefined): number {
  return budget ?? locus.context.lsp.config.answerBudgetChars;
}

/** Preview/apply arguments of the editing tools. */
export const editArgs = {
  apply: z.boolean().optional().describe('Write the edit (default false: a preview, nothing written).'),
  fingerprint: z
    .string()
    .optional()
    .describe(
      "With apply: true, a preview's fingerprint: written only if no touched file changed since (else FILE_CHANGED).",
    ),
  full_diff: z
    .boolean()
    .optional()
    .describe('The whole diff even over the budget (default: per-file summary and first hunks).'),
  budget: budgetArg,
};

/** Library edit options from the tool arguments; a fingerprint without `apply: true` is refused, not applied. */
export function editOptions(
  locus: Locus,
  args: { apply?: boolean; fingerprint?: string; full_diff?: boolean; budget?: number },
): EditOptions {
  const { apply, fingerprint } = args;
  if (fingerprint !== undefined && apply !== true) {
    throw new LocusError('INVALID_ARGUMENT', 'A fingerprint is only used together with `apply: true`.', {
      details: { argument: 'fingerprint' },
      hint: 'Repeat the call with `apply: true` and the fingerprint to write the previewed edit, or drop the fingerprint to preview again.',
    });
  }
  const options: EditOptions = { budget: budgetOf(locus, args.budget) };
  if (args.full_diff === true) options.fullDiff = true;
  if (apply === true) options.apply = true;
  if (apply === true && fingerprint !== undefined) options.fingerprint = fingerprint;
  return options;
}
