/**
 * Output schemas (the shape of `structuredContent`) of each tool: loose objects with optional success fields,
 * each with the fields a success always carries stated for the client (`answer`, output-schema-parts.ts;
 * docs/mcp.md, "Answers").
 */
import { z } from 'zod';
import {
  display,
  editFields,
  locate,
  locationRef,
  opResult,
  opt,
  paging,
  place,
  position,
  range,
  result,
  symbolRef,
} from './output-schema-parts.js';

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
      symbols: opt(
        z.array(
          z.looseObject({
            name: opt(z.string().describe('detail: full (the last part of the path).')),
            path: opt(z.string().describe('Compact: only when the locate string is not `file:path`.')),
            kind: z.string(),
            locate,
          }),
        ),
      ),
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
    // Compact: page, pages and page_size only when there is more than one page.
    ['total', 'files'],
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
            display: opt(z.string().describe('`file:line` (compact; detail: full has file_path and line).')),
            path: opt(z.string()),
            container: opt(z.string()),
            file_path: opt(z.string()),
            line: opt(z.number().describe('1-based.')),
            signature: z.string().describe('The declaration line.'),
            locate,
            match: opt(z.string().describe('exact, prefix, hump, substring or subsequence (detail: full).')),
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
