/**
 * `search "<glob>@<find>"`: every match of a find (token-aware, markers allowed) or of a regular
 * expression in the indexed files a glob matches, grouped by file, each with its enclosing symbol,
 * a numbered line and a locate string that selects exactly that hit. Paginated; totals exact.
 */
import { globMatcher } from '../locating/glob-files.js';
import { checkBudget, pageByBudget } from '../../core/budget.js';
import { throwIfCancelled } from '../../core/call.js';
import { LocusError } from '../../core/errors.js';
import { clip } from '../../core/limits.js';
import { checkInputLimits } from '../../locate/locate-string.js';
import { checkFindLength } from '../../locate/validate.js';
import type { FileEntry, SymbolStore } from '../../index/index.js';
import { outlineOfEntry } from '../../index/index.js';
import { describeOffset } from '../../locate/describe.js';
import { outsideComments } from '../../locate/find-comments.js';
import { compileFind, findAll, type CompiledFind } from '../../locate/matcher.js';
import { findSyntax } from '../../locate/tokens.js';
import type { Span } from '../../core/positions.js';
import type { TextFile } from '../../workspace/workspace.js';
import { enclosingSymbol } from '../../locate/outline.js';
import { fileView } from '../../locate/resolve-core.js';
import type { Locator } from '../locating/locator.js';
import { compileLinearRegex } from './linear-regex.js';
import { formatSymbolPath } from '../../locate/symbol-path.js';
import type { SearchOptions, SearchHit, SearchResult } from '../results/search.js';
export type { SearchOptions, SearchHit, SearchResult } from '../results/search.js';

/** Options of a search. */

const DEFAULT_PAGE_SIZE = 50;

/** Runs a search over the index's files. */
export async function search(
  locator: Locator,
  pattern: string,
  options: SearchOptions = {},
): Promise<SearchResult> {
  checkInputLimits(pattern, locator.workspace.limits);
  const at = pattern.indexOf('@');
  if (at < 0 || at === pattern.length - 1)
    throw bad(
      `\`${clip(pattern)}\` has no find part.`,
      'Write `<glob>@<find>`, e.g. `src/**/*.py@return <|>total` or `*@TODO`.',
    );
  const glob = at === 0 ? '*' : pattern.slice(0, at);
  const find = pattern.slice(at + 1);
  checkFindLength(find, locator.workspace.limits);
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(page) || page < 1)
    throw bad(`The page must be 1 or more, got ${page}.`, 'Pages are 1-based.');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 500)
    throw bad(`The page size must be 1 to 500, got ${pageSize}.`, 'The default is 50.');
  checkBudget(options.budget);
  const matcher = options.regex ? regexMatcher(await compileLinearRegex(find)) : tokenMatcher(find);
  const accept = globMatcher(glob);
  const { index, notes } = await locator.index.ready(options.onProgress, options.signal);
  const scan = await scanFiles(locator, index.store, index.unreadable(), {
    accept,
    matcher,
    signal: options.signal,
  });
  // Every hit is measured before any is described, so page boundaries do not move between calls.
  const sliced = pageByBudget(scan.hits, estimateHit, {
    page,
    maxItems: pageSize,
    overhead: 300 + pattern.length,
    ...(options.budget === undefined ? {} : { budget: options.budget }),
  });
  const shown = groupByFile(sliced.items).map(({ entry, text, offsets }) => ({
    file_path: entry.path,
    hits: hitsOf(entry, text, offsets),
  }));
  const total = scan.hits.length;
  const totalFiles = scan.files;
  const result: SearchResult = {
    ok: true,
    glob,
    find,
    mode: options.regex ? 'regex' : 'tokens',
    total_hits: total,
    total_files: totalFiles,
    page,
    pages: sliced.pages,
    files: shown,
  };
  if (notes.length > 0) result.notes = notes;
  return result;
}

interface ScannedFile {
  entry: FileEntry;
  text: string;
}

interface ScannedHit {
  file: ScannedFile;
  offset: number;
}

/** Finds the offsets of hits in one file's text (its language decides the tokens). */
type Matcher = (
  text: string,
  language: string,
  comments: () => Promise<readonly Span[]>,
) => Promise<number[]>;

/** How long the scan works before it lets other calls run (ms); it checks the caller's cancel then. */
const SLICE_MS = 20;

/**
 * Every hit of every matching file in path order (exact totals; the texts are kept to describe one page). The scan
 * yields to the event loop between files every `SLICE_MS`, so a long search never holds up cheap calls, and stops
 * with CANCELLED once the caller cancels.
 */
async function scanFiles(
  locator: Locator,
  store: SymbolStore,
  /** Files the index could not parse: searched as text, in the language of their extension. */
  unparsed: readonly string[],
  scan: {
    accept: (file: string) => boolean;
    matcher: Matcher;
    signal?: AbortSignal | undefined;
  },
): Promise<{ files: number; hits: ScannedHit[] }> {
  let files = 0;
  const hits: ScannedHit[] = [];
  let slice = Date.now();
  for (const path of [...store.paths(), ...unparsed].sort()) {
    if (Date.now() - slice > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      throwIfCancelled(scan.signal);
      slice = Date.now();
    }
    if (!scan.accept(path)) continue;
    const entry = store.entry(path) ?? unparsedEntry(locator, path);
    if (!entry) continue;
    let file: TextFile;
    try {
      file = locator.workspace.readText(path);
    } catch {
      continue; // gone or unreadable since the index saw it
    }
    const { text } = file;
    const comments = () => locator.syntax.comments(file.absPath, entry.language, text);
    const offsets = await scan.matcher(text, entry.language, comments);
    if (offsets.length === 0) continue;
    files++;
    const scanned = { entry, text };
    for (const offset of offsets) hits.push({ file: scanned, offset });
  }
  throwIfCancelled(scan.signal);
  return { files, hits };
}

/**
 * A cheap, deterministic upper estimate of a hit's rendered size: its file heading, place and locate string each
 * name the path, its snippet is its line (cut at 200), plus a symbol path and the markup around them.
 */
function estimateHit({ file, offset }: ScannedHit): number {
  const { text, entry } = file;
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const newline = text.indexOf('\n', offset);
  const line = Math.min(200, (newline < 0 ? text.length : newline) - start);
  return 3 * Math.max(entry.path.length, 8) + line + 100;
}

/** Consecutive hits of one file as one group (hits are in file order). */
function groupByFile(hits: readonly ScannedHit[]): { entry: FileEntry; text: string; offsets: number[] }[] {
  const groups: { entry: FileEntry; text: string; offsets: number[] }[] = [];
  let last: { entry: FileEntry; text: string; offsets: number[] } | undefined;
  let lastFile: ScannedFile | undefined;
  for (const hit of hits) {
    if (hit.file !== lastFile || !last) {
      last = { entry: hit.file.entry, text: hit.file.text, offsets: [] };
      lastFile = hit.file;
      groups.push(last);
    }
    last.offsets.push(hit.offset);
  }
  return groups;
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
    if (symbol) hit.symbol = { path: formatSymbolPath(symbol.path), kind: symbol.kind };
    return hit;
  });
}

/**
 * Token-aware matching with the file's language's operators: the cursor offset of every match (the marker's
 * place, else the match start), none begun in a line comment and run on past it (docs/locate-strings.md, "Find").
 */
function tokenMatcher(find: string): Matcher {
  const compiled = new Map<string, CompiledFind>();
  return async (text, language, comments) => {
    let pattern = compiled.get(language);
    if (!pattern) compiled.set(language, (pattern = compileFind(find, 'position', findSyntax(language))));
    let matches = findAll(pattern, text, { start: 0, end: text.length });
    if (matches.some((m) => /[\n\r]/.test(text.slice(m.span.start, m.span.end))))
      matches = outsideComments(matches, text, await comments());
    return matches.map((m) => m.cursor);
  };
}

/** Regular-expression matching (the start of every match), whatever the file's language. */
function regexMatcher(regex: (text: string) => number[]): Matcher {
  return async (text) => regex(text);
}

function bad(message: string, hint: string): LocusError {
  return new LocusError('INVALID_ARGUMENT', message, { hint });
}

/** A file the index could not parse, as an entry without symbols: its hits are found in its text all the same. */
function unparsedEntry(locator: Locator, path: string): FileEntry | undefined {
  try {
    const { absPath } = locator.workspace.locate(path);
    const language = locator.workspace.languages.languageOf(absPath) ?? 'text';
    return { path, size: 0, mtimeMs: 0, hash: '', language, names: [], data: new Int32Array(0) };
  } catch {
    return undefined;
  }
}
