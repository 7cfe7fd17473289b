/**
 * The resolver's public face: a validated Locate in a FileView → the result data of docs/operations.md, "Command line"
 * (LSP position, display position, match count, enclosing symbol, notes, alternatives with locate
 * strings), or an error with code, message, hint and ready-to-use candidates.
 */
import { clip } from '../core/limits.js';
import { LocusError, isLocusError, type Failure } from '../core/errors.js';
import { formatDisplay, type Position, type Range, type Span } from '../core/positions.js';
import { describeOffset } from './describe.js';
import { formatLocate } from './locate-string.js';
import type { Locate } from './model.js';
import { resolveCore, syntaxErrorNote, type CoreNoMatch, type FileView } from './resolve-core.js';
import { formatSymbolPath } from './symbol-path.js';

/** A place Locus points the caller to: where it is, what the line says, and how to locate it again. */
export interface PlaceRef {
  position: Position;
  display: string;
  snippet: string;
  locate: string;
}

/** A successful locate (docs/operations.md, "Command line" JSON shape, plus notes and alternatives). */
export interface LocateSuccess {
  ok: true;
  file_path: string;
  position: Position;
  display: string;
  matches: number;
  symbol?: { path: string; kind: string };
  range?: Range;
  notes?: string[];
  alternatives?: PlaceRef[];
  /** For a workspace-wide locate: the canonical file-qualified locate string it resolved to. */
  locate?: string;
}

/** A failed locate. */
export type LocateFailure = Failure;

/** Either outcome. */
export type LocateResult = LocateSuccess | LocateFailure;

const MAX_ALTERNATIVES = 5;

/** Resolves a Locate (already validated) as a position, or as a range when `mode` is `range`. */
export function resolveLocate(view: FileView, locate: Locate, mode: 'position' | 'range'): LocateResult {
  try {
    const outcome = resolveCore(view, locate, mode);
    if (outcome.kind === 'no-match')
      return { ok: false, error: noMatchError(view, locate, outcome).toData() };
    // With a range, `position` is the range start (docs/operations.md, "Command line").
    const offset = mode === 'range' ? outcome.span.start : outcome.offset;
    const result: LocateSuccess = {
      ok: true,
      file_path: view.filePath,
      position: view.lines.toPosition(offset),
      display: displayOf(view, offset),
      matches: outcome.matches,
    };
    if (outcome.symbol)
      result.symbol = { path: formatSymbolPath(outcome.symbol.path), kind: outcome.symbol.kind };
    if (mode === 'range') result.range = view.lines.toRange(outcome.span);
    if (outcome.notes.length > 0) result.notes = outcome.notes;
    const others = outcome.others.slice(0, MAX_ALTERNATIVES);
    if (others.length > 0)
      result.alternatives = others.map((m) =>
        mode === 'range' ? rangeAlternative(view, locate, m.span) : placeRef(view, m.cursor),
      );
    return result;
  } catch (error) {
    if (isLocusError(error)) return { ok: false, error: error.toData() };
    throw error;
  }
}

/** `path:line:col` (1-based, code points) of an offset. */
export function displayOf(view: FileView, offset: number): string {
  return formatDisplay(view.filePath, view.lines.toDisplay(offset));
}

/** Position, display, one-line snippet and a locate string for an offset. */
export function placeRef(view: FileView, offset: number): PlaceRef {
  const position = view.lines.toPosition(offset);
  return {
    position,
    display: displayOf(view, offset),
    snippet: lineSnippet(view, position.line),
    locate: describeOffset(view, offset).locate,
  };
}

/**
 * Another match of a range locate. A position's locate string would name a different range, so when the find
 * matches exactly once in the match's lines, those lines with the same find are its locate string.
 */
function rangeAlternative(view: FileView, locate: Locate, span: Span): PlaceRef {
  const ref = placeRef(view, span.start);
  const first = view.lines.lineOf(span.start) + 1;
  const last = view.lines.lineOf(Math.max(span.start, span.end - 1)) + 1;
  const lines: Locate = { file_path: view.filePath, scope: { start_line: first, end_line: last } };
  if (locate.find !== undefined) lines.find = locate.find;
  try {
    const outcome = resolveCore(view, lines, 'range');
    const same =
      outcome.kind === 'found' && outcome.span.start === span.start && outcome.span.end === span.end;
    if (same && outcome.matches === 1) return { ...ref, locate: formatLocate(lines) };
  } catch (error) {
    if (!isLocusError(error)) throw error;
  }
  return ref;
}

/** The trimmed text of a 0-based line, shortened to about 120 characters. */
export function lineSnippet(view: FileView, line: number): string {
  const text = view.lines.lineText(line).trim();
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/** Lines after a symbol where an error can still have cut the symbol short. */
const ERROR_REACH_LINES = 5;

/**
 * The syntax errors that can explain a miss in these regions: inside one, or just after its end (an error
 * there may have ended the symbol early). Errors elsewhere in the file do not concern this find.
 */
function errorsNear(view: FileView, regions: readonly Span[]): Span[] {
  return (view.outline?.errors ?? []).filter((error) =>
    regions.some((region) => {
      const lastLine = view.lines.lineOf(Math.max(region.start, region.end - 1));
      const reach = view.lines.lineEnd(Math.min(lastLine + ERROR_REACH_LINES, view.lines.lineCount - 1));
      return error.end >= region.start && error.start <= Math.max(region.end, reach);
    }),
  );
}

function noMatchError(view: FileView, locate: Locate, miss: CoreNoMatch): LocusError {
  const candidates = miss.near.map((n) => placeRef(view, n.offset));
  const parts = candidates.map((c) => `${c.display} \`${c.snippet}\` → \`${c.locate}\``);
  let hint =
    candidates.length > 0
      ? `Nearest lines: ${parts.join('; ')}.`
      : 'Check the spelling; matching is case-sensitive and word tokens are never split.';
  if (locate.scope && 'symbol_path' in locate.scope) {
    const nearby = errorsNear(view, miss.regions);
    if (nearby.length > 0) hint += ` ${syntaxErrorNote(view, nearby)}`;
  }
  return new LocusError(
    'NO_MATCH',
    `No match for \`${clip(locate.find ?? '')}\` in ${miss.scopeLabel} of ${clip(view.filePath)}.`,
    {
      hint,
      details: { candidates },
    },
  );
}
