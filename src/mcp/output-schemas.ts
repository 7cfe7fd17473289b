/**
 * Output schemas (the shape of `structuredContent`). MCP takes one object schema per tool, and a failed call
 * carries `{ ok: false, error }` under the same schema, so the zod objects are loose with optional success
 * fields; the JSON Schema a client sees adds both shapes precisely (`answer`): `ok: true` with every field a
 * success always carries, or `ok: false` with `error` (docs/mcp.md, "Answers").
 */
import { z } from 'zod';
import type { ErrorCode } from '../core/errors.js';

const position = z
  .looseObject({ line: z.number(), character: z.number() })
  .describe('0-based line, 0-based character in UTF-16 code units (LSP).');
const range = z.looseObject({ start: position, end: position }).describe('End exclusive.');
const symbolRef = z.looseObject({ path: z.string(), kind: z.string() });
const display = z.string().describe('`path:line:col`, 1-based, col in characters.');
const locate = z.string().describe('A locate string that resolves back to this place.');
const place = z.looseObject({ position, display, snippet: z.string(), locate });

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
    operation: z.string(),
    file_path: z.string(),
    position,
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
const paging = {
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
const locationRef = z.looseObject({
  file_path: z.string().optional(),
  position: position.optional(),
  display,
  declares: symbolRef.optional(),
  symbol: symbolRef.optional(),
  snippet: z.string().optional().describe('Numbered source line (first hits, or all with snippets: true).'),
  locate: locate.optional(),
  outside_workspace: z.boolean().optional(),
});

const editFields = {
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

const result = (shape: Shape, required: readonly string[]) =>
  answer(z.looseObject({ ...base, ...shape }), required);
const opResult = (shape: Shape, required: readonly string[]) =>
  answer(z.looseObject({ ...opBase, ...shape }), ['operation', 'cursor', ...required]);
const opt = <T extends z.ZodType>(schema: T) => schema.optional();

/** Output schema of each tool. */
export const OUTPUT = {
  locate: result(
    {
      file_path: opt(z.string()),
      position: opt(position),
      display: opt(display),
      matches: opt(z.number().describe('How many times find matched in the scope.')),
      symbol: opt(symbolRef.describe('Innermost symbol enclosing the position.')),
      range: opt(range),
      notes: opt(z.array(z.string())),
      alternatives: opt(z.array(place).describe('Other matches, each with its own locate string.')),
    },
    ['file_path', 'position', 'display', 'matches'],
  ),
  describe: result(
    {
      file_path: opt(z.string()),
      position: opt(position),
      display: opt(display),
      locate: opt(locate),
      exact: opt(
        z.boolean().describe('false: the position is inside whitespace; locate names the next token.'),
      ),
      symbol: opt(symbolRef),
    },
    ['file_path', 'position', 'display', 'locate', 'exact'],
  ),
  outline: result(
    {
      file_path: opt(z.string()),
      language: opt(z.string()),
      symbols: opt(z.array(z.looseObject({ name: z.string(), path: z.string(), kind: z.string(), locate }))),
      syntax_error_lines: opt(z.array(z.number())),
      outline_source: opt(z.string().describe('Set when a language server gave the symbols (no grammar).')),
      ...paging,
      total_symbols: opt(z.number().describe('Symbols in the file at every depth.')),
      shown: opt(z.number().describe('Symbols on this page.')),
      hidden_by_depth: opt(z.number().describe('Symbols left out by depth.')),
      depth: opt(z.number()),
    },
    ['file_path', 'language', 'symbols'],
  ),
  definition: opResult({ mode: opt(z.string()), targets: opt(z.array(locationRef)) }, ['mode', 'targets']),
  references: opResult(
    {
      total: opt(z.number()),
      ...paging,
      page_size: opt(z.number()),
      files: opt(z.array(z.looseObject({ file_path: z.string(), references: z.array(locationRef) }))),
    },
    ['total', 'page', 'pages', 'page_size', 'files'],
  ),
  rename: opResult({ new_name: opt(z.string()), ...editFields }, ['new_name']),
  hover: opResult({ contents: opt(z.string().describe('Markdown; empty when the server has nothing.')) }, [
    'contents',
  ]),
  completion: opResult(
    {
      items: opt(
        z.array(z.looseObject({ label: z.string(), kind: opt(z.string()), detail: opt(z.string()) })),
      ),
      total: opt(z.number().describe('Items matching the typed prefix; items holds the best that fit.')),
      is_incomplete: opt(z.boolean()),
      prefix: opt(z.string().describe('The identifier text before the cursor that items were filtered by.')),
    },
    ['items', 'total', 'is_incomplete', 'prefix'],
  ),
  signature_help: opResult(
    {
      signatures: opt(
        z.array(
          z.looseObject({
            label: z.string(),
            documentation: opt(z.string()),
            parameters: z.array(z.string()),
          }),
        ),
      ),
      active_signature: opt(z.number().nullable()),
      active_parameter: opt(z.number().nullable()),
    },
    ['signatures', 'active_signature', 'active_parameter'],
  ),
  code_actions: opResult(
    {
      range: opt(range),
      actions: opt(
        z.array(
          z.looseObject({
            index: z.number(),
            title: z.string(),
            kind: opt(z.string()),
            preferred: opt(z.boolean()),
            disabled: opt(z.string()),
            has_edit: z.boolean(),
          }),
        ),
      ),
      selected: opt(z.looseObject({ index: z.number(), title: z.string(), ...editFields })),
    },
    ['range', 'actions'],
  ),
  format_range: opResult({ range: opt(range), scope: opt(z.enum(['range', 'document'])), ...editFields }, [
    'range',
    'scope',
  ]),
  edit: result(
    {
      operation: opt(z.string()),
      notes: opt(z.array(z.string()).describe('Re-anchoring and other notes.')),
      edits: opt(
        z.array(
          z.looseObject({
            index: z.number(),
            action: z.string(),
            locate: z.string(),
            file_path: z.string(),
            target: z.looseObject({ kind: z.string(), display, symbol: opt(z.string()) }),
            reanchored: opt(
              z.looseObject({ from: z.string(), to: z.string(), kind: z.string(), detail: z.string() }),
            ),
            new_locate: opt(locate.describe('Where the new code starts (in the edited text).')),
            symbols: z.array(z.looseObject({ path: z.string(), kind: z.string(), locate })),
            enclosing: opt(z.looseObject({ path: z.string(), kind: z.string(), locate })),
          }),
        ),
      ),
      ...editFields,
    },
    ['operation', 'edits'],
  ),
  find_symbol: result(
    {
      query: opt(z.string()),
      total: opt(z.number().describe('Every hit; `hits` holds the best `limit`.')),
      hits: opt(
        z.array(
          z.looseObject({
            name: z.string(),
            kind: z.string(),
            path: z.string(),
            container: z.string(),
            file_path: z.string(),
            line: z.number().describe('1-based.'),
            signature: z.string().describe('The declaration line.'),
            locate,
            match: z.string().describe('exact, prefix, hump, substring or subsequence.'),
          }),
        ),
      ),
      index: opt(
        z
          .looseObject({ files: z.number(), symbols: z.number(), complete: z.boolean() })
          .describe(
            'What the workspace index covered; `covers` lists the names an exact query was answered for before the index was built.',
          ),
      ),
      notes: opt(z.array(z.string())),
    },
    ['query', 'total', 'hits', 'index'],
  ),
  search: result(
    {
      glob: opt(z.string()),
      find: opt(z.string()),
      mode: opt(z.enum(['tokens', 'regex'])),
      total_hits: opt(z.number()),
      total_files: opt(z.number()),
      ...paging,
      files: opt(
        z.array(
          z.looseObject({
            file_path: z.string(),
            hits: z.array(
              z.looseObject({
                line: opt(z.number()),
                column: opt(z.number()),
                display,
                snippet: z.string(),
                symbol: opt(symbolRef),
                locate,
              }),
            ),
          }),
        ),
      ),
      notes: opt(z.array(z.string())),
    },
    ['glob', 'find', 'mode', 'total_hits', 'total_files', 'page', 'pages', 'files'],
  ),
  read_symbol: result(
    {
      file_path: opt(z.string()),
      locate: opt(locate),
      symbol: opt(symbolRef),
      start_line: opt(z.number()),
      end_line: opt(z.number()),
      lines: opt(z.array(z.string()).describe('The numbered source lines.')),
      continuation: opt(locate.describe('Where the rest starts, when max_lines cut the text.')),
      children: opt(z.array(z.looseObject({ name: z.string(), kind: z.string(), line: z.number(), locate }))),
      notes: opt(z.array(z.string())),
    },
    ['file_path', 'locate', 'start_line', 'end_line', 'lines'],
  ),
} as const;
