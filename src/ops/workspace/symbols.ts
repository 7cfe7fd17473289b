/**
 * `symbols QUERY`: fuzzy search of the workspace index by name (and container path), ranked as in
 * docs/workspace.md, filtered by kind and glob; each hit with its declaration line and locate string.
 */
import { globMatcher } from '../locating/glob-files.js';
import { LocusError } from '../../core/errors.js';
import { limitExceeded } from '../../core/limits.js';
import { KINDS_LIST, TIER_NAMES } from '../locating/index-names.js';
import type { IndexStatus, WorkspaceIndex } from '../../index/index.js';
import { queryParts, querySegments } from '../../index/name-query.js';
import type { SymbolKindName } from '../../locate/outline.js';
import type { Locator } from '../locating/locator.js';
import { nearSymbols, symbolLocate } from '../locating/workspace-misses.js';
import { formatSymbolPath } from '../../locate/symbol-path.js';
import type { SymbolsOptions, SymbolsResult, IndexSummary } from '../results/symbols.js';
export type { SymbolsOptions, SymbolHit, SymbolsResult, IndexSummary } from '../results/symbols.js';

/** The summary of an index status. */
export function indexSummary(status: IndexStatus): IndexSummary {
  const summary: IndexSummary = {
    files: status.indexed,
    symbols: status.symbols,
    complete: status.complete,
    skipped: status.skipped,
    from_cache: status.fromCache,
    parsed: status.parsed,
  };
  if (status.covers) {
    summary.files = status.fromCache + status.parsed;
    summary.covers = status.covers;
  }
  return summary;
}

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 500;

/** Runs a symbols query. */
export async function symbols(
  locator: Locator,
  query: string,
  options: SymbolsOptions = {},
): Promise<SymbolsResult> {
  const text = query.trim();
  if (text.length === 0)
    throw badArgument('The query is empty.', 'Give a name or part of one, e.g. `total` or `Cart.tot`.');
  const { maxLocateLength } = locator.workspace.limits;
  if (text.length > maxLocateLength)
    throw limitExceeded('maxLocateLength', 'The query length', text.length, maxLocateLength);
  const kind = options.kind?.toLowerCase();
  if (kind !== undefined && !KINDS_LIST.includes(kind as SymbolKindName))
    throw badArgument(`Unknown kind "${options.kind}".`, `Kinds: ${KINDS_LIST.join(', ')}.`);
  const limit = options.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw badArgument(
      `The limit must be 1 to ${MAX_LIMIT}, got ${limit}.`,
      'Use a smaller limit and a more specific query.',
    );
  const glob = options.path ? globMatcher(options.path) : undefined;
  const wanted = queryParts(text).name;
  const { index, status, notes } = options.exact
    ? await locator.index.readyFor([wanted], options.onProgress, options.signal)
    : await locator.index.ready(options.onProgress, options.signal);
  const filter =
    kind === undefined && !glob
      ? undefined
      : (file: string, k: SymbolKindName) => (kind === undefined || k === kind) && (!glob || glob(file));
  const { total, hits } = index.store.query(text, filter, limit, options.exact === true);
  const result: SymbolsResult = {
    ok: true,
    query: text,
    total,
    hits: hits.map(({ symbol, tier }) => ({
      name: symbol.name,
      kind: symbol.kind,
      path: formatSymbolPath(symbol.path),
      container: formatSymbolPath(symbol.path.slice(0, -1)),
      file_path: symbol.file,
      line: symbol.line + 1,
      signature: lineOf(locator, symbol.file, symbol.line),
      locate: symbolLocate(symbol),
      match: TIER_NAMES[tier] ?? 'subsequence',
    })),
    index: indexSummary(status),
  };
  if (total === 0 && status.complete) notes.push(...nearNote(index, text, glob));
  if (notes.length > 0) result.notes = notes;
  return result;
}

/** For a query nothing matches (a misspelt name or container): the nearest paths, as a locate would suggest. */
function nearNote(
  index: WorkspaceIndex,
  text: string,
  glob: ((file: string) => boolean) | undefined,
): string[] {
  const near = nearSymbols(index, querySegments(text), glob);
  if (near.length === 0) return [];
  const listed = near.map((s) => `${formatSymbolPath(s.path)} → \`${symbolLocate(s)}\``);
  return [`did you mean: ${listed.join('; ')}?`];
}

function lineOf(locator: Locator, file: string, line: number): string {
  try {
    const { text } = locator.workspace.readText(file);
    let start = 0;
    for (let i = 0; i < line; i++) {
      const newline = text.indexOf('\n', start);
      if (newline < 0) return '';
      start = newline + 1;
    }
    const end = text.indexOf('\n', start);
    const raw = text.slice(start, end < 0 ? text.length : end).trim();
    return raw.length > 160 ? `${raw.slice(0, 157)}…` : raw;
  } catch {
    return '';
  }
}

function badArgument(message: string, hint: string): LocusError {
  return new LocusError('INVALID_ARGUMENT', message, { hint });
}
