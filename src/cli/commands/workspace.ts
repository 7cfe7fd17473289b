/**
 * `locus symbols QUERY`, `locus search "<glob>@<find>"`, `locus source "<locate>"`: the workspace
 * operations answered from the symbol index. Index progress goes to stderr when it is a terminal
 * (or with --progress), never to stdout.
 */
import type { SearchResult } from '../../ops/workspace/search.js';
import { search } from '../../ops/workspace/search.js';
import { source, type SourceResult } from '../../ops/workspace/source.js';
import { symbols, type SymbolsResult } from '../../ops/workspace/symbols.js';
import { renderSearch, renderSource, renderSymbols } from '../../render/workspace.js';
import type { CommandContext, CommandSpec } from '../command.js';
import { report, UsageError } from '../io.js';
import { withLocator } from '../with-workspace.js';
import { isLocusError, type ErrorData } from '../../core/errors.js';

type Values = CommandContext['values'];

/** A LocusError as a failure result (without loading the LSP stack that ops/locus.ts imports). */
async function outcome<T>(run: () => Promise<T>): Promise<T | { ok: false; error: ErrorData }> {
  try {
    return await run();
  } catch (error) {
    if (isLocusError(error)) return { ok: false, error: error.toData() };
    throw error;
  }
}

function wholeNumber(values: Values, name: string): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || Number(raw) < 1)
    throw new UsageError(`--${name} takes a whole number >= 1.`);
  return Number(raw);
}

const PROGRESS = { progress: { type: 'boolean' } } as const;

/** The symbols command. */
export const symbolsCommand: CommandSpec = {
  name: 'symbols',
  usage:
    'locus symbols QUERY [--exact] [--kind K] [--path GLOB] [--limit N] [--progress] [--root DIR] [--json]',
  summary: 'Find symbols by name anywhere in the workspace (fuzzy, ranked), each with a locate string.',
  options: {
    exact: { type: 'boolean' },
    kind: { type: 'string' },
    path: { type: 'string' },
    limit: { type: 'string' },
    ...PROGRESS,
  },
  flagHelp: {
    limit: { help: 'most symbols to list', default: '20' },
    exact: {
      help: 'only this exact name (case-sensitive); answered before the first index build finishes',
      default: 'fuzzy',
    },
  },
  run: (context) => {
    const { positionals, values, json, io } = context;
    if (positionals.length !== 1) throw new UsageError('symbols takes exactly one query.');
    const limit = wholeNumber(values, 'limit');
    return withLocator(
      context,
      async (locator) =>
        report<SymbolsResult>(
          io,
          await outcome(() =>
            symbols(locator, positionals[0] as string, {
              ...(values.exact === true ? { exact: true } : {}),
              ...(typeof values.kind === 'string' ? { kind: values.kind } : {}),
              ...(typeof values.path === 'string' ? { path: values.path } : {}),
              ...(limit === undefined ? {} : { limit }),
            }),
          ),
          json,
          renderSymbols,
        ),
      { trust: true, progress: true },
    );
  },
};

/** The search command. */
export const searchCommand: CommandSpec = {
  name: 'search',
  usage:
    'locus search "<glob>@<find>" [--regex] [--page N] [--page-size N] [--budget CHARS] [--progress] [--root DIR] [--json]',
  summary:
    'Every match of a find (token-aware, or --regex) in the files a glob matches, with locate strings.',
  flagHelp: { 'page-size': { help: 'hits per page', default: '50' } },
  options: {
    regex: { type: 'boolean' },
    page: { type: 'string' },
    'page-size': { type: 'string' },
    budget: { type: 'string' },
    ...PROGRESS,
  },
  run: (context) => {
    const { positionals, values, json, io } = context;
    if (positionals.length !== 1) throw new UsageError('search takes exactly one "<glob>@<find>".');
    const page = wholeNumber(values, 'page');
    const pageSize = wholeNumber(values, 'page-size');
    const budget = wholeNumber(values, 'budget');
    return withLocator(
      context,
      async (locator) =>
        report<SearchResult>(
          io,
          await outcome(() =>
            search(locator, positionals[0] as string, {
              regex: values.regex === true,
              ...(page === undefined ? {} : { page }),
              ...(pageSize === undefined ? {} : { pageSize }),
              ...(budget === undefined ? {} : { budget }),
            }),
          ),
          json,
          renderSearch,
        ),
      { trust: true, progress: true },
    );
  },
};

/** The source command. */
export const sourceCommand: CommandSpec = {
  name: 'source',
  usage: 'locus source "<locate>" [--max-lines N] [--progress] [--root DIR] [--json]',
  summary:
    "Print the source of a symbol, line range or match (numbered, bounded), with a container's members.",
  options: { 'max-lines': { type: 'string' }, ...PROGRESS },
  run: (context) => {
    const { positionals, values, json, io } = context;
    if (positionals.length !== 1) throw new UsageError('source takes exactly one locate string.');
    const maxLines = wholeNumber(values, 'max-lines');
    return withLocator(
      context,
      async (locator) =>
        report<SourceResult>(
          io,
          await outcome(() =>
            source(locator, positionals[0] as string, maxLines === undefined ? {} : { maxLines }),
          ),
          json,
          renderSource,
        ),
      { trust: true, progress: true },
    );
  },
};
