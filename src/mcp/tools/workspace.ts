/**
 * The workspace tools, answered from the symbol index: `find_symbol` (fuzzy name search), `search`
 * (every hit of `<glob>@<find>`) and `read_symbol` (the source a locate names). While the index is
 * built they send progress notifications when the client gave a progressToken.
 */
import { z } from 'zod';
import type { IndexProgress } from '../../ops/locating/index-access.js';
import { renderSearch, renderSource, renderSymbols } from '../../render/workspace.js';
import { OUTPUT } from '../output-schemas.js';
import { compactUnless, respond } from '../result.js';
import { COMPACT } from '../compact-data.js';
import { budgetArg, budgetOf, detailArg, locateArg } from '../schemas.js';
import type { CallScope } from '../../core/call.js';
import { defineTool, READ_ONLY, signalOf } from '../tool-spec.js';

/** Index-build progress as the call's progress events (sent when the client gave a progressToken). */
export function progressFor(call: CallScope): ((p: IndexProgress) => void) | undefined {
  const listener = call.onProgress;
  if (!listener) return undefined;
  let sent = -1;
  let at = 0;
  return ({ done, total }) => {
    const now = Date.now();
    if (done <= sent || (now - at < 100 && done < total)) return;
    sent = done;
    at = now;
    listener({ kind: 'index', message: `indexing: ${done} of ${total} files`, done, total });
  };
}

/** find_symbol */
export const findSymbolTool = defineTool({
  name: 'find_symbol',
  title: 'Find a symbol in the workspace',
  description:
    'Find classes, functions, methods, fields … by name anywhere in the workspace, without knowing the file: fuzzy and ranked (exact > prefix > initials like `gUB` for getUserById > substring > subsequence; non-test files first); `Cart.tot` also matches on the container. Each hit has kind, file:line, declaration line and a locate string. Offline (a syntax index kept fresh).',
  inputSchema: {
    query: z.string().describe('A name or part of one; `Container.name` narrows by container.'),
    kind: z.string().optional().describe('Only this kind: class, method, function, field, interface, …'),
    path: z
      .string()
      .optional()
      .describe('Only files this glob matches, relative to the root, e.g. `src/**/*.py`.'),
    limit: z.number().int().min(1).max(500).optional().describe('How many hits (default 20).'),
    exact: z
      .boolean()
      .optional()
      .describe(
        'Only symbols with exactly this name (case-sensitive). Fast even while the index is still being built.',
      ),
    detail: detailArg,
  },
  outputSchema: OUTPUT.find_symbol,
  annotations: READ_ONLY,
  run: async (locus, { query, kind, path, limit, exact, detail }, call) => {
    const onProgress = progressFor(call);
    const options = {
      ...(exact === true ? { exact } : {}),
      ...(kind === undefined ? {} : { kind }),
      ...(path === undefined ? {} : { path }),
      ...(limit === undefined ? {} : { limit }),
      ...(onProgress ? { onProgress } : {}),
      ...signalOf(call),
    };
    return respond(
      await locus.symbols(query, options),
      'find_symbol',
      renderSymbols,
      compactUnless(detail, COMPACT.symbols),
    );
  },
});

export const searchTool = defineTool({
  name: 'search',
  title: 'Search code in the workspace',
  description:
    'Every match of `<glob>@<find>` in the indexed source files, e.g. `src/**/*.py@raise <|>ValueError`, `*@TODO`: the find is code text as in a locate string (`<|>` marks where each hit points), or an RE2 regular expression with `regex: true`. Hits grouped by file, each with its enclosing symbol, line and a locate string; paginated with exact totals.',
  inputSchema: {
    pattern: z.string().describe('`<glob>@<find>`; the glob `*` (or nothing before `@`) means every file.'),
    regex: z.boolean().optional().describe('Treat the find as a regular expression.'),
    page: z.number().int().min(1).optional().describe('1-based page (default 1).'),
    page_size: z.number().int().min(1).max(500).optional().describe('Hits per page (default 50).'),
    budget: budgetArg,
    detail: detailArg,
  },
  outputSchema: OUTPUT.search,
  annotations: READ_ONLY,
  run: async (locus, { pattern, regex, page, page_size, budget, detail }, call) => {
    const onProgress = progressFor(call);
    const options = {
      regex: regex === true,
      budget: budgetOf(locus, budget),
      ...(page === undefined ? {} : { page }),
      ...(page_size === undefined ? {} : { pageSize: page_size }),
      ...(onProgress ? { onProgress } : {}),
      ...signalOf(call),
    };
    return respond(
      await locus.search(pattern, options),
      'search',
      renderSearch,
      compactUnless(detail, COMPACT.search),
    );
  },
});

/** read_symbol */
export const readSymbolTool = defineTool({
  name: 'read_symbol',
  title: 'Read the source of a symbol',
  description:
    'The source text a locate string names — a whole function/class/method declaration, a line range, or the lines of a match — numbered, bounded by max_lines (with the locate string of the rest when cut), and for a class or module the list of its members with locate strings. Works without a file: `Cart.total` or `*:Cart.total` finds it in the workspace. Read one function instead of a whole file.',
  inputSchema: {
    locate: locateArg('range'),
    max_lines: z
      .number()
      .int()
      .min(1)
      .max(5000)
      .optional()
      .describe('At most this many lines (default 200).'),
  },
  outputSchema: OUTPUT.read_symbol,
  annotations: READ_ONLY,
  run: async (locus, { locate, max_lines }, call) => {
    const onProgress = progressFor(call);
    const options = {
      ...(max_lines === undefined ? {} : { maxLines: max_lines }),
      ...(onProgress ? { onProgress } : {}),
      ...signalOf(call),
    };
    return respond(await locus.source(locate, options), 'read_symbol', renderSource);
  },
});
