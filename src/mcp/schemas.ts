/**
 * Input schemas shared by the MCP tools, with descriptions written for an agent. The locate object form is
 * typed for the client but loose at run time, so semantic mistakes (both scope kinds, unknown fields, a
 * negative `find_index`) reach the locator and come back as INVALID_LOCATE with a hint instead of a bare
 * schema error.
 */
import type { LocateInput } from '../ops/locating/locator.js';
import { z } from 'zod';
import { LOCATE_SYNTAX } from './locate-syntax.js';
import { DEFAULT_BUDGET_CHARS, MIN_BUDGET_CHARS } from '../core/budget.js';
import { LocusError } from '../core/errors.js';
import type { Locus } from '../ops/locus.js';
import type { EditOptions } from '../ops/edits/edits.js';

const OBJECT_FORM =
  'Object form (same meaning): {file_path, scope?: {symbol_path: ["Cart", "total"], symbol_index?} | {start_line, end_line?}, find?, find_index?}.';

/** Descriptions of the locate argument, as a position (most tools) or as a range (code actions, format). */
export const LOCATE_DESCRIPTION = {
  position: `Where the cursor goes. ${LOCATE_SYNTAX}\n${OBJECT_FORM}`,
  range: `Which code: resolved as a range — a symbol scope alone is the whole declaration, a line scope is those full lines, a find is the matched text (a marker is ignored). ${LOCATE_SYNTAX}\n${OBJECT_FORM}`,
} as const;

/** JSON-schema tightening for the client; the locator checks the same rules with better messages. */
const closed = { additionalProperties: false } as const;
const count = (minimum: number, description: string) =>
  z.number().meta({ type: 'integer', minimum, description });

const symbolScope = z
  .looseObject({
    symbol_path: z
      .array(z.string())
      .describe('Symbol path segments, outermost first: ["Cart", "total"] for Cart.total.'),
    symbol_index: count(
      0,
      'Which of several symbols with this path (overloads, getter/setter), 0-based.',
    ).optional(),
  })
  .meta({ ...closed, description: 'A symbol scope: the declaration with this path.' });

const lineScope = z
  .looseObject({
    start_line: count(1, 'First line, 1-based.'),
    end_line: count(1, 'Last line, 1-based and inclusive; defaults to start_line.').optional(),
  })
  .meta({ ...closed, description: 'A line scope: lines start_line..end_line.' });

/** The object form of a locate. */
export const locateObject = z
  .looseObject({
    file_path: z.string().describe('File relative to the workspace root.'),
    scope: z
      .union([symbolScope, lineScope])
      .optional()
      .describe('Where to search; optional if find is given.'),
    find: z
      .string()
      .optional()
      .describe(
        'Code text to find inside the scope; `<|>` marks the cursor (`<<|>>` if the code contains `<|>`).',
      ),
    find_index: count(0, 'Which match of find to use, 0-based (default 0, the first).').optional(),
  })
  .meta(closed);

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
    `Characters of markdown this answer may use (default ${DEFAULT_BUDGET_CHARS}, or answerBudgetChars in locus.config.json); larger answers are paged or summarised, and say how to get the rest.`,
  );

/** The budget of a call: the argument, else the workspace configuration. */
export function budgetOf(locus: Locus, budget: number | undefined): number {
  return budget ?? locus.context.lsp.config.answerBudgetChars;
}

/** Preview/apply arguments of the editing tools. */
export const editArgs = {
  apply: z
    .boolean()
    .optional()
    .describe(
      'Write the edit to disk. Default false: only a preview (unified diff + fingerprint) is returned and nothing is written.',
    ),
  fingerprint: z
    .string()
    .optional()
    .describe(
      'With apply: true, the fingerprint of an earlier preview: the edit is written only if every touched file is unchanged since that preview (else FILE_CHANGED, nothing written).',
    ),
  full_diff: z
    .boolean()
    .optional()
    .describe(
      'Return the whole diff even when it is over the budget (default false: per-file summary and first hunks).',
    ),
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
