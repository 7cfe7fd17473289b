/**
 * The resolution matrix of docs/locate-strings.md, "What a locate string resolves to" over plain data: a file's text, its outline, and a Locate →
 * an offset (or span). Failures other than "no match" are thrown as LocusError; a miss comes back as
 * a value so the caller can attach nearest candidates.
 */
import { clip } from '../core/limits.js';
import { LocusError } from '../core/errors.js';
import { LineIndex } from '../core/line-index.js';
import type { Span } from '../core/positions.js';
import { outsideComments } from './find-comments.js';
import { compileFind, findAll, type FindMatch } from './matcher.js';
import { nearestLines, type NearMiss } from './near-miss.js';
import { isLineScope, isSymbolScope, type LineScope, type Locate, type SymbolScope } from './model.js';
import { enclosingSymbol, serverOutlineNote, type Outline, type OutlineSymbol } from './outline.js';
import { sameNamedTarget } from './overloads.js';
import { lookupSymbol } from './symbol-match.js';
import { formatSymbolPath } from './symbol-path.js';
import { findSyntax, isBlank } from './tokens.js';

/** Everything the resolver needs about one file. */
export interface FileView {
  filePath: string;
  text: string;
  lines: LineIndex;
  /** Undefined when the file's language has no grammar (symbol scopes are then unsupported). */
  outline: Outline | undefined;
  /** Why a file with a grammar has no outline (too big to parse), for the error a symbol scope gets. */
  noOutline?: string;
  /** The file's language (its operators are find tokens); the outline's when absent. */
  language?: string;
  /**
   * The file's comment spans, when a find could run from a line comment into the next line (the caller adds them
   * before resolving: `matchesAcrossLines`); absent, no match is dropped for it.
   */
  comments?: readonly Span[];
}

/** Builds a FileView (the line index is computed once and reused). */
export function fileView(
  filePath: string,
  text: string,
  outline: Outline | undefined,
  language = outline?.language,
): FileView {
  const view: FileView = { filePath, text, lines: new LineIndex(text), outline };
  if (language !== undefined) view.language = language;
  return view;
}

/** A successful core resolution. */
export interface CoreFound {
  kind: 'found';
  offset: number;
  span: Span;
  matches: number;
  symbol: OutlineSymbol | undefined;
  notes: string[];
  /** Cursor offsets of the other matches in the symbol or lines searched, in document order. */
  others: FindMatch[];
}

/** The find text matched nowhere in the scope. */
export interface CoreNoMatch {
  kind: 'no-match';
  scopeLabel: string;
  regions: Span[];
  near: NearMiss[];
}

/** The outcome of resolving a Locate in one file. */
export type CoreOutcome = CoreFound | CoreNoMatch;

/** A region to search, in the order of docs/locate-strings.md, "Scope" (same-path symbols one after another). */
interface Region {
  span: Span;
  symbol?: OutlineSymbol;
  label: string;
}

/** Resolves a validated Locate; mode `range` yields spans (LocateRange). */
export function resolveCore(view: FileView, locate: Locate, mode: 'position' | 'range'): CoreOutcome {
  const notes: string[] = [];
  // A whole symbol read or edited (a range, no find) is its overload group, or its definition.
  const whole = mode === 'range' && locate.find === undefined;
  const regions = scopeRegions(view, locate, notes, whole);
  if (locate.find === undefined) return naturalPosition(view, locate, regions, notes);
  const compiled = compileFind(locate.find, mode, findSyntax(view.language));
  for (const region of regions) {
    const matches = outsideComments(findAll(compiled, view.text, region.span), view.text, view.comments);
    if (matches.length === 0) continue;
    const k = regions.indexOf(region);
    if (k > 0) notes.push(`no match in ${region.label}[0..${k - 1}]; used ${region.label}[${k}]`);
    return pickMatch(view, locate, region, matches, mode, notes);
  }
  const scopeLabel =
    regions.length > 1
      ? `${regions.length} symbols named ${regions[0]?.label}`
      : (regions[0]?.label ?? 'the file');
  const near = regions.flatMap((r) => nearestLines(locate.find as string, view.text, r.span)).slice(0, 3);
  return { kind: 'no-match', scopeLabel, regions: regions.map((r) => r.span), near };
}

function pickMatch(
  view: FileView,
  locate: Locate,
  region: Region,
  matches: FindMatch[],
  mode: 'position' | 'range',
  notes: string[],
): CoreFound {
  const index = locate.find_index ?? 0;
  const chosen = matches[index];
  if (!chosen) {
    throw new LocusError(
      'MATCH_INDEX_OUT_OF_RANGE',
      `find_index ${index} is past the last match: \`${clip(locate.find ?? '')}\` matches ${matches.length} time(s) in ${region.label}.`,
      { hint: `Use a find_index from 0 to ${matches.length - 1}, or a longer find text.` },
    );
  }
  if (matches.length > 1)
    notes.push(`${matches.length} matches in ${region.label}; used match ${index} (find_index)`);
  const offset = mode === 'range' ? chosen.span.start : chosen.cursor;
  return {
    kind: 'found',
    offset,
    span: mode === 'range' ? chosen.span : { start: chosen.cursor, end: chosen.cursor },
    matches: matches.length,
    symbol: view.outline ? enclosingSymbol(view.outline.symbols, offset) : undefined,
    notes,
    others: matches.filter((m) => m !== chosen),
  };
}

/** docs/locate-strings.md, "What a locate string resolves to" rows with no find: a symbol's name (or full range); a line range's first non-blank character. */
function naturalPosition(view: FileView, locate: Locate, regions: Region[], notes: string[]): CoreFound {
  const region = regions[0] as Region;
  if (region.symbol) {
    const symbol = region.symbol;
    return {
      kind: 'found',
      offset: symbol.nameSpan.start,
      span: region.span,
      matches: 1,
      symbol,
      notes,
      others: [],
    };
  }
  const scope = locate.scope as LineScope;
  let offset = region.span.start;
  for (let line = scope.start_line - 1; line < Math.min(scope.end_line, view.lines.lineCount); line++) {
    const text = view.lines.lineText(line);
    if (isBlank(text)) continue;
    offset = view.lines.lineStart(line) + firstNonSpace(text);
    break;
  }
  const symbol = view.outline ? enclosingSymbol(view.outline.symbols, offset) : undefined;
  return { kind: 'found', offset, span: region.span, matches: 1, symbol, notes, others: [] };
}

function firstNonSpace(line: string): number {
  const m = /[^\p{White_Space}]/u.exec(line);
  return m ? m.index : 0;
}

function scopeRegions(view: FileView, locate: Locate, notes: string[], whole: boolean): Region[] {
  if (isLineScope(locate.scope)) return [lineRegion(view, locate.scope, notes)];
  if (isSymbolScope(locate.scope)) return symbolRegions(view, locate.scope, notes, whole);
  return [{ span: { start: 0, end: view.text.length }, label: 'the file' }];
}

function lineRegion(view: FileView, scope: LineScope, notes: string[]): Region {
  const count = view.lines.lineCount;
  if (scope.start_line > count) {
    throw new LocusError(
      'LINE_OUT_OF_RANGE',
      `Line ${scope.start_line} is past the end of ${clip(view.filePath)}, which has ${count} line(s).`,
      {
        hint: `Use a line from 1 to ${count}, or a symbol scope, which survives edits.`,
      },
    );
  }
  const end = Math.min(scope.end_line, count);
  if (end < scope.end_line)
    notes.push(`end line ${scope.end_line} clamped to ${end} (the file has ${count} lines)`);
  const label = scope.start_line === end ? `line ${end}` : `lines ${scope.start_line}-${end}`;
  return {
    span: { start: view.lines.lineStart(scope.start_line - 1), end: view.lines.lineEnd(end - 1) },
    label,
  };
}

function symbolRegions(view: FileView, scope: SymbolScope, notes: string[], whole: boolean): Region[] {
  const query = formatSymbolPath(scope.symbol_path);
  if (!view.outline) {
    // A file too big to parse is a limit, not a missing grammar (its symbols are in the workspace index).
    const code = view.noOutline === undefined ? 'UNSUPPORTED_LANGUAGE' : 'LIMIT_EXCEEDED';
    const why = view.noOutline ?? `No grammar for ${clip(view.filePath)}`;
    throw new LocusError(code, `${why}: symbol scopes need one.`, {
      hint: 'Use a line scope (`file:42@…`) or a find without a scope (`file@…`); they work on any text file.',
    });
  }
  const fromServer = serverOutlineNote(clip(view.filePath), view.outline);
  if (fromServer !== undefined) notes.push(fromServer);
  const found = lookupSymbol(view.outline.symbols, scope.symbol_path);
  if (found.kind === 'ambiguous') throw ambiguous(view, query, found.candidates);
  if (found.kind === 'not-found') throw notFound(view, query, found.suggestions);
  const symbols = found.symbols;
  const label = formatSymbolPath((symbols[0] as OutlineSymbol).path);
  if (found.via === 'suffix') notes.push(`resolved "${clip(query)}" to "${clip(label)}"`);
  if (scope.symbol_index !== undefined) {
    const symbol = symbols[scope.symbol_index];
    if (!symbol) {
      throw new LocusError(
        'SYMBOL_NOT_FOUND',
        `${clip(label)}[${scope.symbol_index}] does not exist: ${symbols.length} symbol(s) are named ${clip(label)}.`,
        {
          hint: `Use an index from 0 to ${symbols.length - 1}.`,
        },
      );
    }
    return [{ span: symbol.fullSpan, symbol, label: `${clip(label)}[${scope.symbol_index}]` }];
  }
  const together = whole
    ? sameNamedTarget(view.text, view.outline.language, symbols, clip(label))
    : undefined;
  if (together) {
    notes.push(together.note);
    return [{ span: together.span, symbol: together.symbol, label }];
  }
  if (symbols.length > 1)
    notes.push(
      `${symbols.length} symbols are named ${clip(label)}; used the first (select others with ${clip(label)}[1] …)`,
    );
  return symbols.map((symbol) => ({ span: symbol.fullSpan, symbol, label }));
}

function line(view: FileView, symbol: OutlineSymbol): number {
  return view.lines.toPosition(symbol.nameSpan.start).line + 1;
}

function ambiguous(view: FileView, query: string, candidates: OutlineSymbol[]): LocusError {
  const list = candidates.map((s) => `${formatSymbolPath(s.path)} (${s.kind}, line ${line(view, s)})`);
  return new LocusError(
    'SYMBOL_AMBIGUOUS',
    `"${clip(query)}" matches ${candidates.length} symbols in ${clip(view.filePath)}: ${list.join('; ')}.`,
    {
      hint: `Use a full path, e.g. \`${clip(view.filePath)}:${formatSymbolPath(candidates[0]?.path ?? [])}\`.`,
      details: {
        candidates: candidates.map((s) => ({
          path: formatSymbolPath(s.path),
          kind: s.kind,
          line: line(view, s),
        })),
      },
    },
  );
}

function notFound(view: FileView, query: string, suggestions: OutlineSymbol[]): LocusError {
  const outline = view.outline as Outline;
  const parts: string[] = [];
  if (suggestions.length > 0)
    parts.push(`Did you mean: ${suggestions.map((s) => formatSymbolPath(s.path)).join(', ')}?`);
  if (outline.symbols.length > 0 && outline.symbols.length <= 30) {
    // By path: a Go method is top-level but belongs to its receiver (`List.Len`, not a bare `Len`).
    parts.push(
      `Top-level symbols: ${outline.symbols.map((s) => `${formatSymbolPath(s.path)} (${s.kind})`).join(', ')}.`,
    );
  } else if (outline.symbols.length === 0) parts.push('The file has no symbols.');
  if (outline.errors.length > 0) parts.push(syntaxErrorNote(view));
  return new LocusError('SYMBOL_NOT_FOUND', `No symbol "${clip(query)}" in ${clip(view.filePath)}.`, {
    hint: parts.join(' '),
    advice: [{ kind: 'see-outline', file: view.filePath }],
    details: { suggestions: suggestions.map((s) => formatSymbolPath(s.path)) },
  });
}

/** Where the file has syntax errors (symbols there may be lost or misnested); `errors` narrows it to some. */
export function syntaxErrorNote(
  view: FileView,
  errors: readonly Span[] = view.outline?.errors ?? [],
): string {
  const lines = [...new Set(errors.map((e) => view.lines.toPosition(e.start).line + 1))];
  const shown = lines.slice(0, 5).join(', ') + (lines.length > 5 ? ', …' : '');
  return `The file has syntax errors (line${lines.length > 1 ? 's' : ''} ${shown}); symbols there may be missing or misplaced.`;
}
