/**
 * Reverse positioning (docs/locate-strings.md, "Going back"): the shortest locate string that resolves back to exactly a given
 * offset — the symbol path for a symbol's name; else the innermost enclosing symbol (or the file)
 * plus the shortest unique marker pattern; else a line scope.
 */
import { byNamePosition } from './symbol-match.js';
import { formatLocate, parseLocate } from './locate-string.js';
import { joinWithMarker } from './markers.js';
import type { Locate, Scope } from './model.js';
import { enclosingSymbol, flattenOutline, type OutlineSymbol } from './outline.js';
import { compileFind, findAll } from './matcher.js';
import { resolveCore, type FileView } from './resolve-core.js';
import { tokenize, type Token } from './tokens.js';

/** A locate string for an offset; `exact` is false when no locate string can name that exact point. */
export interface Description {
  locate: string;
  /** The offset the locate string resolves to (equals the input when exact). */
  offset: number;
  exact: boolean;
}

// Patterns grow to NEAR_TOKENS a side first (the common case, cheap), then to FAR_TOKENS.
const NEAR_TOKENS = 8;
const FAR_TOKENS = 14;
const WINDOW_CHARS = 400;

/** Describes `offset` in `view` as a locate string (docs/locate-strings.md, "Going back"). */
export function describeOffset(view: FileView, offset: number): Description {
  const at = Math.max(0, Math.min(offset, view.text.length));
  const exact = describeExact(view, at);
  if (exact) return { locate: exact, offset: at, exact: true };
  const snapped = snapOutOfSpace(view.text, at);
  const fallback = snapped !== at ? describeExact(view, snapped) : undefined;
  if (fallback) return { locate: fallback, offset: snapped, exact: false };
  const lineNumber = view.lines.lineOf(at) + 1;
  const lineOnly: Locate = {
    file_path: view.filePath,
    scope: { start_line: lineNumber, end_line: lineNumber },
  };
  return { locate: formatLocate(lineOnly), offset: resolvedOffset(view, lineOnly) ?? at, exact: false };
}

function describeExact(view: FileView, offset: number): string | undefined {
  const named = symbolNamedAt(view, offset);
  if (named) return named;
  const symbol = expressibleEnclosing(view, offset);
  const scope = symbol ? symbolScope(view, symbol) : undefined;
  const region = symbol ? symbol.fullSpan : { start: 0, end: view.text.length };
  const viaScope = shortestPattern(view, scope, region, offset, true);
  if (viaScope) return viaScope;
  const line = view.lines.lineOf(offset);
  const lineScope: Scope = { start_line: line + 1, end_line: line + 1 };
  const lineSpan = { start: view.lines.lineStart(line), end: view.lines.lineEnd(line) };
  return (
    shortestPattern(view, lineScope, lineSpan, offset, false) ?? linePrefix(view, lineScope, lineSpan, offset)
  );
}

/**
 * The innermost enclosing symbol whose path the string syntax can express (a name such as
 * `[:digit:]` cannot be written as a segment; its parent, or the file, then serves as scope).
 */
function expressibleEnclosing(view: FileView, offset: number): OutlineSymbol | undefined {
  const symbols = view.outline?.symbols ?? [];
  let symbol = enclosingSymbol(symbols, offset);
  while (symbol && !tryFormat({ file_path: view.filePath, scope: symbolScope(view, symbol) })) {
    const child: OutlineSymbol = symbol;
    symbol = flattenOutline(symbols).find((s) => s.children.includes(child));
  }
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
): string | undefined {
  const tokens = tokenize(view.text, lineSpan.start, lineSpan.end).filter((t) => t.kind !== 'space');
  const first = tokens[0];
  if (!first || first.start >= offset) return undefined;
  const straddled = tokens.find((t) => t.start < offset && offset < t.end);
  const find = buildPattern(view.text, offset, first, straddled);
  if (find === undefined) return undefined;
  const locate: Locate = { file_path: view.filePath, scope, find };
  return resolvedOffset(view, locate) === offset ? tryFormat(locate) : undefined;
}

/** `file:Path` when the offset is the start of a symbol's name and that path leads back to it. */
function symbolNamedAt(view: FileView, offset: number): string | undefined {
  if (!view.outline) return undefined;
  const symbol = flattenOutline(view.outline.symbols).find((s) => s.nameSpan.start === offset);
  if (!symbol) return undefined;
  const locate: Locate = { file_path: view.filePath, scope: symbolScope(view, symbol) };
  return resolvedOffset(view, locate) === offset ? tryFormat(locate) : undefined;
}

/** The scope naming exactly this symbol (with `[K]` when it is not the first of its path). */
function symbolScope(view: FileView, symbol: OutlineSymbol): Scope {
  const same = flattenOutline(view.outline?.symbols ?? [])
    .filter((s) => s.path.length === symbol.path.length && s.path.every((seg, i) => seg === symbol.path[i]))
    .sort(byNamePosition);
  const index = same.indexOf(symbol);
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

/** Shortest `find` (by length) that lands on `offset` inside `region`; unique when `unique` is set. */
function shortestPattern(
  view: FileView,
  scope: Scope | undefined,
  region: { start: number; end: number },
  offset: number,
  unique: boolean,
): string | undefined {
  const tried = new Set<string>();
  for (const reach of [NEAR_TOKENS, FAR_TOKENS])
    for (const find of candidatePatterns(view.text, region, offset, reach)) {
      if (tried.has(find)) continue;
      tried.add(find);
      // Cheap test first: the scope's region is exactly what resolution searches (see describeExact).
      const matches = findAll(compileFind(find, 'position'), view.text, region, 2);
      if (matches[0]?.cursor !== offset || (unique && matches.length > 1)) continue;
      const locate: Locate = scope
        ? { file_path: view.filePath, scope, find }
        : { file_path: view.filePath, find };
      if (resolvedOffset(view, locate) === offset) {
        const formatted = tryFormat(locate);
        if (formatted) return formatted;
      }
    }
  return undefined;
}

/** Marker patterns around `offset` built from whole tokens, shortest first. */
function candidatePatterns(
  text: string,
  region: { start: number; end: number },
  offset: number,
  reach: number,
): string[] {
  if (offset < region.start || offset > region.end) return [];
  const tokens = windowTokens(text, region, offset);
  const left = tokens.filter((t) => t.start < offset).reverse();
  const right = tokens.filter((t) => t.end > offset);
  const straddles = left[0] !== undefined && left[0] === right[0];
  const atTokenStart = right[0] !== undefined && right[0].start === offset;
  const maxRight = straddles || atTokenStart ? Math.min(reach, right.length) : 0;
  const seen = new Set<string>();
  const out: string[] = [];
  for (let a = 0; a <= Math.min(reach, left.length); a++) {
    for (let b = 0; b <= maxRight; b++) {
      if (straddles && (a === 0 || b === 0)) continue;
      if (a === 0 && b === 0 && offset !== region.start) continue;
      const find = buildPattern(text, offset, left[a - 1], right[b - 1]);
      if (find !== undefined && !seen.has(find)) {
        seen.add(find);
        out.push(find);
      }
    }
  }
  return out.sort((x, y) => x.length - y.length);
}

/** Non-space tokens near the offset (a window is enough: patterns use at most FAR_TOKENS a side). */
function windowTokens(text: string, region: { start: number; end: number }, offset: number): Token[] {
  const start = Math.max(region.start, offset - WINDOW_CHARS);
  const end = Math.min(region.end, offset + WINDOW_CHARS);
  const tokens = tokenize(text, start, end);
  // Tokens cut by the window edge are not real tokens: drop them unless the edge is the region's.
  if (start > region.start) tokens.shift();
  if (end < region.end) tokens.pop();
  return tokens.filter((t) => t.kind !== 'space');
}

function buildPattern(
  text: string,
  offset: number,
  leftmost: Token | undefined,
  rightmost: Token | undefined,
): string | undefined {
  const before = collapseSpace(text.slice(leftmost ? leftmost.start : offset, offset));
  const after = collapseSpace(text.slice(offset, rightmost ? rightmost.end : offset));
  return joinWithMarker(before, after);
}

function collapseSpace(text: string): string {
  return text.replace(/\p{White_Space}+/gu, ' ');
}

/** Moves an offset strictly inside a whitespace run to the run's end (the next token). */
function snapOutOfSpace(text: string, offset: number): number {
  let end = offset;
  while (end < text.length && /\p{White_Space}/u.test(text[end] as string)) end++;
  return end;
}
