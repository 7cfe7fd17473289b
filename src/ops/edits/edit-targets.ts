/**
 * `edit` targets (docs/edit.md): a locate resolved as a range against one snapshot of its file — a
 * symbol (full declaration, doc comment by choice), a line range, or a find match — re-anchored when
 * it no longer resolves exactly, then turned into one text replacement shaped to fit the file.
 */
import { LocusError } from '../../core/errors.js';
import type { Span } from '../../core/positions.js';
import { formatLocate } from '../../locate/locate-string.js';
import { isLineScope, type Locate } from '../../locate/model.js';
import { reanchor } from '../../locate/reanchor.js';
import type { OutlineSymbol } from '../../locate/outline.js';
import type { FileView } from '../../locate/resolve-core.js';
import { displayOf, resolveLocate } from '../../locate/resolver.js';
import {
  blankLinesAbove,
  blankLinesBelow,
  docCommentStart,
  endsLine,
  indentOf,
  indentUnit,
  lineEnding,
  shapeText,
  startsLine,
  wholeLines,
} from './edit-text.js';
import { readableLocate } from '../locating/readable-locate.js';
import { formatSymbolPath } from '../../locate/symbol-path.js';
import type { TargetKind, EditRequest, ReanchorNote } from '../results/edit.js';
export type { EditAction, TargetKind, EditRequest, ReanchorNote } from '../results/edit.js';

/** A resolved target in its file's snapshot. */
export interface ResolvedTarget {
  kind: TargetKind;
  span: Span;
  display: string;
  symbol?: string;
  reanchored?: ReanchorNote;
}

/** A planned replacement: `span` (old text) becomes `newText`; `code` is where the agent's code sits in it. */
export interface PlannedEdit {
  index: number;
  span: Span;
  newText: string;
  code: { start: number; end: number };
}

/** Resolves a locate as an edit target, re-anchoring when needed. */
export function resolveEditTarget(view: FileView, locate: Locate, given: string): ResolvedTarget {
  const kind: TargetKind =
    locate.find !== undefined ? 'match' : isLineScope(locate.scope) ? 'lines' : 'symbol';
  const result = resolveLocate(view, locate, 'range');
  if (result.ok) {
    const span = view.lines.toSpan(result.range ?? { start: result.position, end: result.position });
    const target: ResolvedTarget = { kind, span, display: displayOf(view, span.start) };
    if (kind === 'symbol' && result.symbol) target.symbol = result.symbol.path;
    return target;
  }
  const moved = reanchor(view, locate);
  if (!moved) throw LocusError.fromData(result.error);
  const kindNow: TargetKind = locate.find !== undefined ? 'match' : 'symbol';
  const to = readableLocate(view, moved.offset);
  const target: ResolvedTarget = {
    kind: kindNow,
    span: moved.span,
    display: displayOf(view, moved.span.start),
    reanchored: { from: given, to, kind: moved.kind, detail: moved.detail },
  };
  if (moved.symbol) target.symbol = formatSymbolPath(moved.symbol.path);
  return target;
}

/** The locate string as given, for messages. */
export function givenLocate(input: EditRequest['locate'], locate: Locate): string {
  return typeof input === 'string' ? input : formatLocate(locate);
}

/** The file-wide shaping context. */
interface Shape {
  view: FileView;
  eol: string;
  unit: ReturnType<typeof indentUnit>;
}

/** Shaping context of a file (EOL, indent unit). */
export function shapeOf(view: FileView): Shape {
  const sample = view.text.split(/\r?\n/, 2000);
  return { view, eol: lineEnding(view.text), unit: indentUnit(sample) };
}

/** Turns a target and an action into a replacement of old text. */
export function planEdit(
  shape: Shape,
  target: ResolvedTarget,
  request: EditRequest,
  index: number,
): PlannedEdit {
  const { view } = shape;
  const { text, lines } = view;
  let span = target.span;
  if (target.kind === 'symbol' && request.include_doc_comment === true && request.action !== 'insert_after')
    span = { start: docCommentStart(text, lines, span.start), end: span.end };
  if (target.kind === 'symbol' && request.action === 'insert_before')
    span = { start: docCommentStart(text, lines, span.start), end: span.end };
  const onOwnLines = startsLine(text, lines, span.start) && endsLine(text, lines, span.end);
  switch (request.action) {
    case 'delete':
      return deleteEdit(shape, target, span, onOwnLines, index);
    case 'replace':
      return replaceEdit(shape, target, span, request.text ?? '', index);
    default:
      return insertEdit(shape, target, span, onOwnLines, request, index);
  }
}

function lineIndent(view: FileView, offset: number): string {
  return indentOf(view.lines.lineText(view.lines.lineOf(offset)));
}

/** Indent of the first non-blank line of a span. */
function blockIndent(view: FileView, span: Span): string {
  const first = view.lines.lineOf(span.start);
  const last = view.lines.lineOf(Math.max(span.start, span.end - 1));
  for (let line = first; line <= last; line++) {
    const content = view.lines.lineText(line);
    if (content.trim() !== '') return indentOf(content);
  }
  return '';
}

function replaceEdit(
  shape: Shape,
  target: ResolvedTarget,
  span: Span,
  text: string,
  index: number,
): PlannedEdit {
  const { view, eol, unit } = shape;
  if (target.kind === 'lines') {
    const lineSpan = { start: view.lines.lineStart(view.lines.lineOf(span.start)), end: span.end };
    const newText = shapeText(text, { indent: blockIndent(view, span), unit, eol, indentFirst: true });
    return { index, span: lineSpan, newText, code: { start: 0, end: newText.length } };
  }
  const indentFirst = false;
  const newText = shapeText(text, { indent: lineIndent(view, span.start), unit, eol, indentFirst });
  return { index, span, newText, code: { start: 0, end: newText.length } };
}

function deleteEdit(
  shape: Shape,
  target: ResolvedTarget,
  span: Span,
  onOwnLines: boolean,
  index: number,
): PlannedEdit {
  const { view } = shape;
  if (target.kind === 'match' || !onOwnLines) return { index, span, newText: '', code: { start: 0, end: 0 } };
  let whole = wholeLines(view.lines, span, view.text.length);
  if (target.kind === 'symbol') whole = withSeparation(view, whole);
  return { index, span: whole, newText: '', code: { start: 0, end: 0 } };
}

/** A deleted declaration takes one of its separating blank-line runs with it (the one below, else above). */
function withSeparation(view: FileView, whole: Span): Span {
  const { lines } = view;
  const firstLine = lines.lineOf(whole.start);
  const lastLine = whole.end >= view.text.length ? lines.lineCount - 1 : lines.lineOf(whole.end) - 1;
  const below = blankLinesBelow(lines, lastLine);
  const above = blankLinesAbove(lines, firstLine);
  if (below > 0 && (above > 0 || firstLine === 0)) {
    const endLine = lastLine + below + 1;
    return {
      start: whole.start,
      end: endLine < lines.lineCount ? lines.lineStart(endLine) : view.text.length,
    };
  }
  // The last declaration of its block (or file): the run above it goes.
  if (above > 0 && below === 0) return { start: lines.lineStart(firstLine - above), end: whole.end };
  return whole;
}

function insertEdit(
  shape: Shape,
  target: ResolvedTarget,
  span: Span,
  onOwnLines: boolean,
  request: EditRequest,
  index: number,
): PlannedEdit {
  const { view, eol, unit } = shape;
  const text = request.text ?? '';
  const before = request.action === 'insert_before';
  const multiLine = /\n./s.test(text.replace(/\r/g, '')) || /\n$/.test(text);
  const atLineEdge = before
    ? startsLine(view.text, view.lines, span.start)
    : endsLine(view.text, view.lines, span.end);
  // At a match that is a whole line, or with several lines of text, the insertion is whole lines.
  const lineWise = target.kind === 'match' ? (multiLine || onOwnLines) && atLineEdge : onOwnLines;
  if (!lineWise) {
    const at = before ? span.start : span.end;
    // One line goes in verbatim (its spaces are deliberate: ` + 1`); more lines are shaped.
    const newText = multiLine
      ? shapeText(text, { indent: lineIndent(view, at), unit, eol, indentFirst: false })
      : text.replace(/\r?\n$/, '');
    return { index, span: { start: at, end: at }, newText, code: { start: 0, end: newText.length } };
  }
  return lineInsert(shape, target, span, onOwnLines, text, before, index);
}

/** Inserts the text as whole lines above/below the target (blank-line separation for a symbol). */
function lineInsert(
  shape: Shape,
  target: ResolvedTarget,
  span: Span,
  onOwnLines: boolean,
  text: string,
  before: boolean,
  index: number,
): PlannedEdit {
  const { view, eol, unit } = shape;
  const code = shapeText(text, { indent: blockIndent(view, span), unit, eol, indentFirst: true });
  const single = !code.includes(eol) && !view.text.slice(span.start, span.end).includes('\n');
  const blank = separation(view, span, before);
  const gap = target.kind === 'symbol' && onOwnLines ? eol.repeat(single ? blank : Math.max(1, blank)) : '';
  if (before) {
    const at = view.lines.lineStart(view.lines.lineOf(span.start));
    const newText = code + eol + gap;
    return { index, span: { start: at, end: at }, newText, code: { start: 0, end: code.length } };
  }
  const at = view.lines.lineEnd(view.lines.lineOf(Math.max(span.start, span.end - 1)));
  const prefix = eol + gap;
  const newText = prefix + code;
  return {
    index,
    span: { start: at, end: at },
    newText,
    code: { start: prefix.length, end: newText.length },
  };
}

/**
 * Blank lines to put between an inserted declaration and the target: the gap between the target and its
 * sibling on that side, else on the other side, else one (siblings: same parent in the outline).
 */
function separation(view: FileView, span: Span, before: boolean): number {
  const siblings = siblingsOf(view, span);
  const at = siblings.findIndex((s) => s.fullSpan.start === span.start || s.fullSpan.end === span.end);
  const gapBetween = (a: OutlineSymbol | undefined, b: OutlineSymbol | undefined): number | undefined => {
    if (!a || !b) return undefined;
    const start = docCommentStart(view.text, view.lines, b.fullSpan.start);
    const gap = blankLinesAbove(view.lines, view.lines.lineOf(start));
    return view.lines.lineOf(start) - gap > view.lines.lineOf(a.fullSpan.end) ? gap : undefined;
  };
  const prev = gapBetween(siblings[at - 1], siblings[at]);
  const next = gapBetween(siblings[at], siblings[at + 1]);
  const near = before ? prev : next;
  const far = before ? next : prev;
  return at < 0 ? 1 : (near ?? far ?? 1);
}

/** The symbols sharing a parent with the symbol whose full span is (or starts/ends like) `span`. */
function siblingsOf(view: FileView, span: Span): readonly OutlineSymbol[] {
  if (!view.outline) return [];
  let level: readonly OutlineSymbol[] = view.outline.symbols;
  for (;;) {
    const inner = level.find((s) => s.fullSpan.start <= span.start && span.end <= s.fullSpan.end);
    if (!inner || (inner.fullSpan.start >= span.start && inner.fullSpan.end <= span.end)) return level;
    level = inner.children;
  }
}
