/**
 * The building blocks of the output schemas (output-schemas.ts, analysis-schemas.ts): places, ranges, the error
 * and cursor blocks every answer shares, edit fields, and `answer`, which states an answer's two shapes for the
 * client. MCP takes one object schema per tool, and a failed call carries `{ ok: false, error }` under the same
 * schema, so the zod objects are loose with optional success fields (docs/mcp.md, "Answers").
 */
import { z } from 'zod';
import type { ErrorCode } from '../core/errors.js';

export const position = z
  .looseObject({ line: z.number(), character: z.number() })
  .describe('0-based line, 0-based character in UTF-16 code units (LSP).');
export const range = z.looseObject({ start: position, end: position }).describe('End exclusive.');
export const symbolRef = z.looseObject({ path: z.string(), kind: z.string() });
export const display = z.string().describe('`path:line:col`, 1-based, col in characters.');
export const locate = z.string().describe('A locate string that resolves back to this place.');
export const place = z.looseObject({ position, display, snippet: z.string(), locate });

const ERROR_CODES = [
  'INVALID_LOCATE',
  'FILE_NOT_FOUND',
  'OUTSIDE_WORKSPACE',
  'NOT_TEXT',
  'UNSUPPORTED_LANGUAGE',
  'SYMBOL_NOT_FOUND',
  'SYMBOL_AMBIGUOUS',
  'LINE_OUT_OF_RANGE',
  'NO_MATCH',
  'MATCH_INDEX_OUT_OF_RANGE',
  'SERVER_NOT_INSTALLED',
  'SERVER_FAILED',
  'TIMEOUT',
  'CAPABILITY_MISSING',
  'FILE_CHANGED',
  'INVALID_ARGUMENT',
  'CONFIG_INVALID',
  'WRITE_FAILED',
  'CANCELLED',
  'NOT_READABLE',
  'LIMIT_EXCEEDED',
  'READ_ONLY',
  'UNSAFE_EDIT',
  'INTERNAL',
] as const satisfies readonly ErrorCode[];
/** Fails to compile when a code of core/errors.ts is missing above. */
const _everyCode: Exclude<ErrorCode, (typeof ERROR_CODES)[number]> extends never ? true : never = true;

const adviceItem = z
  .looseObject({ kind: z.string() })
  .describe(
    'next-page {page, pages} · see-outline {file} · deeper {depth, hidden} · raise-limit {more} · apply-preview {fingerprint} · full-diff · check-root · force',
  );

const error = z
  .object({
    code: z.enum(ERROR_CODES).describe('Stable error code.'),
    message: z.string(),
    hint: z.string().optional().describe('What to do about it.'),
    details: z.record(z.string(), z.unknown()).optional().describe('Candidates, suggestions, …'),
    advice: z.array(adviceItem).optional().describe('What to do next, as data (the text words it).'),
  })
  .describe('Present exactly when ok is false; the other fields of the answer are then absent.');

const cursor = z
  .looseObject({
    operation: z.string().optional().describe('detail: full (the answer names it).'),
    file_path: z.string().optional().describe('detail: full (`display` names the file).'),
    position: position.optional().describe('0-based; detail: full (`display` has it 1-based).'),
    display,
    symbol: z
      .looseObject({
        name: z.string(),
        role: z.string(),
        kind: z.string().optional(),
        path: z.string().optional(),
        enclosing: symbolRef.optional(),
      })
      .nullable()
      .describe('The identifier under the cursor; null on whitespace or punctuation.'),
    snippet: z
      .string()
      .optional()
      .describe(
        'The cursor line around the cursor, `|` at the cursor (detail: full; always in locate answers).',
      ),
  })
  .describe('What the locate pointed at.');

const advice = z
  .array(adviceItem)
  .optional()
  .describe(
    'What to do next as data (next-page, deeper, raise-limit, full-diff, apply-preview …); the text words it.',
  );

const base = {
  ok: z.boolean().describe('true: the fields below describe the answer; false: only `error` is set.'),
  error: error.optional(),
  advice,
};
export const paging = {
  page: z.number().optional().describe('This page, 1-based.'),
  pages: z.number().optional().describe('Pages in all; ask for the next with page.'),
};

const opBase = {
  ...base,
  operation: z.string().optional(),
  cursor: cursor.optional(),
  possibly_incomplete: z.boolean().optional().describe('The server answered before it finished loading.'),
  incomplete_reason: z
    .string()
    .optional()
    .describe('Why the answer may be incomplete (server and its state).'),
  notes: z.array(z.string()).optional(),
};

/** A reported place; compact answers carry `display` and `locate` (else `symbol`), detail: full the rest. */
export const locationRef = z.looseObject({
  file_path: z.string().optional(),
  position: position.optional(),
  display,
  declares: symbolRef.optional(),
  symbol: symbolRef.optional(),
  snippet: z.string().optional().describe('Numbered source line (first hits, or all with snippets: true).'),
  locate: locate.optional(),
  outside_workspace: z.boolean().optional(),
});

export const editFields = {
  files: z.array(z.looseObject({ file_path: z.string(), edits: z.number() })).optional(),
  diff: z.string().optional().describe('Unified diff of the edit (detail: full).'),
  changed_lines: z
    .array(z.string())
    .optional()
    .describe('Compact preview: each file, then its removed (`12-`) and added (`12+`) lines, numbered.'),
  more_changed_lines: z.number().optional().describe('Changed lines left out of changed_lines.'),
  fingerprint: z.string().optional().describe('Pass back with apply: true to apply exactly this preview.'),
  applied: z.boolean().optional(),
  skipped: z.array(z.string()).optional(),
  diff_complete: z.boolean().optional().describe('false: the diff was cut to the budget (see diff_summary).'),
  diff_summary: z
    .array(
      z.looseObject({ file_path: z.string(), hunks: z.number(), added: z.number(), removed: z.number() }),
    )
    .optional()
    .describe('Every file of a cut diff; ask with full_diff: true for all of it.'),
  diff_coarse: z.array(z.string()).optional().describe('Files whose change is shown as one replace hunk.'),
};

type Shape = Record<string, z.ZodType>;

/**
 * The schema with its two shapes stated in the JSON Schema (`oneOf`): a success has `ok: true`, every field
 * in `required` and no `error`; a failure has `ok: false` and `error`.
 */
export function answer<T extends z.ZodObject>(schema: T, required: readonly string[]): T {
  return schema.meta({
    oneOf: [
      { properties: { ok: { const: true } }, required: ['ok', ...required], not: { required: ['error'] } },
      { properties: { ok: { const: false } }, required: ['ok', 'error'] },
    ],
  });
}

/** The answer of a tool without a cursor: the shared fields plus `shape`, `required` on success. */
export const result = (shape: Shape, required: readonly string[]) =>
  answer(z.looseObject({ ...base, ...shape }), required);
/** The answer of a cursor operation: also `operation` and `cursor` (and the incompleteness notes) on success. */
export const opResult = (shape: Shape, required: readonly string[]) =>
  answer(z.looseObject({ ...opBase, ...shape }), ['operation', 'cursor', ...required]);
/** An optional field (every success field is optional in zod: a failure carries none of them). */
export const opt = <T extends z.ZodType>(schema: T) => schema.optional();
