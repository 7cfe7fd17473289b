/**
 * Reverse positioning (docs/locate-strings.md, "Going back: describe"): the shortest locate string that resolves
 * back to exactly a given offset — the symbol path for a symbol's name; else the innermost enclosing symbol (or the file)
 * plus the shortest unique marker pattern; else a line scope.
 */
import { formatLocate, parseLocate } from './locate-string.js';
import {
  buildPattern,
  shortestPattern,
  WINDOW_CHARS,
  type Budget,
  type PatternQuery,
} from './describe-search.js';
import type { Locate, Scope } from './model.js';
import { enclosingSymbol, outlineIndex, type OutlineSymbol } from './outline.js';
import type { ScanMeter } from './matcher.js';
import { resolveCore, type FileView } from './resolve-core.js';
import { findSyntax, tokenize } from './tokens.js';

/** A locate string for an offset; `exact` is false when no locate string can name that exact point. */
export interface Description {
  locate: string;
  /** The offset the locate string resolves to (equals the input when exact). */
  offset: number;
  exact: boolean;
  /** Work spent: characters the find searches walked over (bounded by the budgets below). */
  steps: number;
}

/**
 * Work allowed for the symbol (or file) scope, counted in characters scanned: uniqueness in a big
 * region costs a scan of it per candidate, so past this the description falls back to a line scope,
 * whose searches stay within one line (docs/performance.md, "describe").
 */
export const SCOPE_SCAN_BUDGET = 250_000;
/** Work allowed for the line-scope search, per line (minified lines can be megabytes long). */
export const LINE_SCAN_BUDGET = 200_000;
/** The line-prefix pattern spans at most this many characters (a pattern is compiled and matched). */
const LINE_PREFIX_MAX = 2_000;
/** Regions up to this size are searched once more through resolution before a pattern is returned. */
export const VERIFY_MAX = 200_000;

/** Describes `offset` in `view` as a locate string (docs/locate-strings.md, "Going back: describe"). */
export function describeOffset(view: FileView, offset: number): Description {
  const at = Math.max(0, Math.min(offset, view.text.length));
  const meter: ScanMeter = { scanned: 0 };
  const exact = describeExact(view, at, meter);
  if (exact) return { locate: exact, offset: at, exact: true, steps: meter.scanned };
  const snapped = snapOutOfSpace(view.text, at);
  const fallback = snapped !== at ? describeExact(view, snapped, meter) : undefined;
  if (fallback) return { locate: fallback, offset: snapped, exact: false, steps: meter.scanned };
  const lineNumber = view.lines.lineOf(at) + 1;
  const lineOnly: Locate = {
    file_path: view.filePath,
    scope: { start_line: lineNumber, end_line: lineNumber },
  };
  const resolved = resolvedOffset(view, lineOnly) ?? at;
  return { locate: formatLocate(lineOnly), offset: resolved, exact: false, steps: meter.scanned };
}

function describeExact(view: FileView, offset: number, meter: ScanMeter): string | undefined {
  const named = symbolNamedAt(view, offset);
  if (named) return named;
  const symbol = expressibleEnclosing(view, offset);
  const scope = symbol ? symbolScope(view, symbol) : undefined;
  const region = symbol ? symbol.fullSpan : { start: 0, end: view.text.length };
  const scopeBudget: Budget = { scanned: 0, limit: SCOPE_SCAN_BUDGET };
  const viaScope = shortestPattern(patternQuery(view, scope, region, offset, true, scopeBudget), scopeBudget);
  meter.scanned += scopeBudget.scanned;
  if (viaScope) return viaScope;
  const line = view.lines.lineOf(offset);
  const lineScope: Scope = { start_line: line + 1, end_line: line + 1 };
  const lineSpan = { start: view.lines.lineStart(line), end: view.lines.lineEnd(line) };
  const lineBudget: Budget = { scanned: 0, limit: LINE_SCAN_BUDGET };
  const viaLine = shortestPattern(
    patternQuery(view, lineScope, lineSpan, offset, false, lineBudget),
    lineBudget,
  );
  meter.scanned += lineBudget.scanned;
  return viaLine ?? linePrefix(view, lineScope, lineSpan, offset, meter);
}

/**
 * The innermost enclosing symbol whose path the string syntax can express (a name such as
 * `[:digit:]` cannot be written as a segment; its parent, or the file, then serves as scope).
 */
function expressibleEnclosing(view: FileView, offset: number): OutlineSymbol | undefined {
  const symbols = view.outline?.symbols ?? [];
  let symbol = enclosingSymbol(symbols, offset);
  while (symbol && !tryFormat({ file_path: view.filePath, scope: symbolScope(view, symbol) }))
    symbol = outlineIndex(symbols).parentOf(symbol);
  return symbol;
}

/**
 * Last resort inside a line (runs of repeated punctuation, long literals): everything from the
 * line's first token to the offset. The first match of that pattern starts at the line's first
 * token, so it lands on the offset however often the pieces repeat.
 */
function linePrefix(
  view: FileView,
  scope: Scope,
  lineSpan: { start: number; end: number },
  offset: number,
  meter: ScanMeter,
): string | undefined {
  if (offset - lineSpan.start > LINE_PREFIX_MAX) return undefined;
  const end = Math.min(lineSpan.end, offset + WINDOW_CHARS);
  const tokens = tokenize(view.text, lineSpan.start, end, findSyntax(view.language)).filter(
    (t) => t.kind !== 'space',
  );
  const first = tokens[0];
  if (!first || first.start >= offset) return undefined;
  const straddled = tokens.find((t) => t.start < offset && offset < t.end);
  const find = buildPattern(view.text, offset, first, straddled);
  if (find === undefined) return undefined;
  const locate: Locate = { file_path: view.filePath, scope, find };
  meter.scanned += lineSpan.end - lineSpan.start;
  return resolvedOffset(view, locate) === offset ? tryFormat(locate) : undefined;
}

/** `file:Path` when the offset is the start of a symbol's name and that path leads back to it. */
function symbolNamedAt(view: FileView, offset: number): string | undefined {
  if (!view.outline) return undefined;
  const symbol = outlineIndex(view.outline.symbols).byNameStart.get(offset);
  if (!symbol) return undefined;
  const locate: Locate = { file_path: view.filePath, scope: symbolScope(view, symbol) };
  return resolvedOffset(view, locate) === offset ? tryFormat(locate) : undefined;
}

/** The scope naming exactly this symbol (with `[K]` when it is not the first of its path). */
function symbolScope(view: FileView, symbol: OutlineSymbol): Scope {
  const index = outlineIndex(view.outline?.symbols ?? []).pathIndexOf(symbol);
  return index > 0
    ? { symbol_path: [...symbol.path], symbol_index: index }
    : { symbol_path: [...symbol.path] };
}

/** The string form of a Locate, only when it parses back to the same Locate (names like `a.b` or `[x]` do not). */
function tryFormat(locate: Locate): string | undefined {
  try {
    const text = formatLocate(locate);
    const back = parseLocate(text, { exists: (p) => p === locate.file_path });
    return JSON.stringify(normalized(back)) === JSON.stringify(normalized(locate)) ? text : undefined;
  } catch {
    return undefined;
  }
}

function normalized(locate: Locate): unknown[] {
  const scope = locate.scope;
  const scopeKey = !scope
    ? null
    : 'symbol_path' in scope
      ? [scope.symbol_path, scope.symbol_index ?? 0]
      : [scope.start_line, scope.end_line];
  return [locate.file_path, scopeKey, locate.find ?? null];
}

function resolvedOffset(view: FileView, locate: Locate): number | undefined {
  try {
    const outcome = resolveCore(view, locate, 'position');
    return outcome.kind === 'found' && outcome.matches >= 1 ? outcome.offset : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The search for a pattern in `scope`; a found pattern is accepted when its string form parses back,
 * after one more resolution when the region is small (in big regions the search was that resolution).
 */
function patternQuery(
  view: FileView,
  scope: Scope | undefined,
  region: { start: number; end: number },
  offset: number,
  unique: boolean,
  budget: Budget,
): PatternQuery {
  const accept = (find: string): string | undefined => {
    const locate: Locate = scope
      ? { file_path: view.filePath, scope, find }
      : { file_path: view.filePath, find };
    if (region.end - region.start <= VERIFY_MAX) {
      budget.scanned += region.end - region.start;
      if (resolvedOffset(view, locate) !== offset) return undefined;
    }
    return tryFormat(locate);
  };
  return { text: view.text, region, offset, unique, accept, syntax: findSyntax(view.language) };
}

/** Moves an offset strictly inside a whitespace run to the run's end (the next token). */
function snapOutOfSpace(text: string, offset: number): number {
  let end = offset;
  while (end < text.length && /\p{White_Space}/u.test(text[end] as string)) end++;
  return end;
}
