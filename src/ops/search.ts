/**
 * `search "<glob>@<find>"`: every match of a find (token-aware, markers allowed) or of a regular
 * expression in the indexed files a glob matches, grouped by file, each with its enclosing symbol,
 * a numbered line and a locate string that selects exactly that hit. Paginated; totals exact.
 */
import picomatch from 'picomatch';
import { LocusError } from '../core/errors.js';
import type { FileEntry, ProgressListener, SymbolStore } from '../index/index.js';
import { outlineOfEntry } from '../index/index.js';
import { describeOffset } from '../locate/describe.js';
import { compileFind, findAll } from '../locate/matcher.js';
import { enclosingSymbol } from '../locate/outline.js';
import { fileView } from '../locate/resolve-core.js';
import type { Locator } from './locator.js';

/** Options of a search. */
export interface SearchOptions {
  regex?: boolean;
  /** 1-based. */
  page?: number;
  pageSize?: number;
  onProgress?: ProgressListener;
}

/** One hit. */
export interface SearchHit {
  line: number;
  column: number;
  display: string;
  /** `N | text` of the hit's line. */
  snippet: string;
  symbol?: { path: string; kind: string };
  locate: string;
}

/** Result of a search. */
export interface SearchResult {
  ok: true;
  glob: string;
  find: string;
  mode: 'tokens' | 'regex';
  total_hits: number;
  total_files: number;
  page: number;
  pages: number;
  files: { file_path: string; hits: SearchHit[] }[];
  notes?: string[];
}

const DEFAULT_PAGE_SIZE = 50;

/** Runs a search over the index's files. */
export async function search(
  locator: Locator,
  pattern: string,
  options: SearchOptions = {},
): Promise<SearchResult> {
  const at = pattern.indexOf('@');
  if (at < 0 || at === pattern.length - 1)
    throw bad(
      `\`${pattern}\` has no find part.`,
      'Write `<glob>@<find>`, e.g. `src/**/*.py@return <|>total` or `*@TODO`.',
    );
  const glob = at === 0 ? '*' : pattern.slice(0, at);
  const find = pattern.slice(at + 1);
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(page) || page < 1)
    throw bad(`The page must be 1 or more, got ${page}.`, 'Pages are 1-based.');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 500)
    throw bad(`The page size must be 1 to 500, got ${pageSize}.`, 'The default is 50.');
  const matcher = options.regex ? regexMatcher(find) : tokenMatcher(find);
  const accept = glob === '*' ? () => true : picomatch(glob, { dot: true });
  const { index, notes } = await locator.index.ready(options.onProgress);
  const scan = scanFiles(locator, index.store, accept, matcher, (page - 1) * pageSize, pageSize);
  const shown = scan.found.map(({ entry, text, offsets }) => ({
    file_path: entry.path,
    hits: hitsOf(entry, text, offsets),
  }));
  const total = scan.total;
  const totalFiles = scan.files;
  const result: SearchResult = {
    ok: true,
    glob,
    find,
    mode: options.regex ? 'regex' : 'tokens',
    total_hits: total,
    total_files: totalFiles,
    page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
    files: shown,
  };
  if (notes.length > 0) result.notes = notes;
  return result;
}

/** Every matching file in path order: exact totals, and the texts and offsets of one page's hits. */
function scanFiles(
  locator: Locator,
  store: SymbolStore,
  accept: (file: string) => boolean,
  matcher: (text: string) => number[],
  first: number,
  pageSize: number,
): { total: number; files: number; found: { entry: FileEntry; text: string; offsets: number[] }[] } {
  let total = 0;
  let files = 0;
  const found: { entry: FileEntry; text: string; offsets: number[] }[] = [];
  for (const file of store.paths().sort()) {
    const entry = store.entry(file);
    if (!entry || !accept(file)) continue;
    let text: string;
    try {
      text = locator.workspace.readText(file).text;
    } catch {
      continue; // gone or unreadable since the index saw it
    }
    const offsets = matcher(text);
    if (offsets.length === 0) continue;
    files++;
    const from = Math.max(0, first - total);
    const to = Math.min(offsets.length, first + pageSize - total);
    if (from < to) found.push({ entry, text, offsets: offsets.slice(from, to) });
    total += offsets.length;
  }
  return { total, files, found };
}

/** Numbered line, enclosing symbol and a unique locate string for each hit offset of a file. */
function hitsOf(entry: FileEntry, text: string, offsets: number[]): SearchHit[] {
  const view = fileView(entry.path, text, outlineOfEntry(entry));
  return offsets.map((offset) => {
    const position = view.lines.toDisplay(offset);
    const lineText = view.lines.lineText(position.line - 1);
    const hit: SearchHit = {
      line: position.line,
      column: position.column,
      display: `${entry.path}:${position.line}:${position.column}`,
      snippet: `${position.line} | ${lineText.length > 200 ? `${lineText.slice(0, 197)}…` : lineText}`,
      locate: describeOffset(view, offset).locate,
    };
    const symbol = view.outline ? enclosingSymbol(view.outline.symbols, offset) : undefined;
    if (symbol) hit.symbol = { path: symbol.path.join('.'), kind: symbol.kind };
    return hit;
  });
}

/** Token-aware matching: the cursor offset of every match (the marker's place, else the match start). */
function tokenMatcher(find: string): (text: string) => number[] {
  const compiled = compileFind(find, 'position');
  return (text) => findAll(compiled, text, { start: 0, end: text.length }).map((m) => m.cursor);
}

/** Regular-expression matching: the start of every match. */
function regexMatcher(source: string): (text: string) => number[] {
  let regex: RegExp;
  try {
    regex = new RegExp(source, 'gmu');
  } catch (cause) {
    throw new LocusError('INVALID_ARGUMENT', `\`${source}\` is not a valid regular expression.`, {
      hint: `JavaScript syntax, \`u\` and \`m\` flags on: ${(cause as Error).message}`,
    });
  }
  return (text) => {
    const offsets: number[] = [];
    for (const match of text.matchAll(regex)) offsets.push(match.index);
    return offsets;
  };
}

function bad(message: string, hint: string): LocusError {
  return new LocusError('INVALID_ARGUMENT', message, { hint });
}
