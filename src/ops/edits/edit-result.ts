/**
 * The edited text of one file and what is computed on it (docs/edit.md): the syntax guard (new
 * ERROR/MISSING spans refuse the edit unless forced), optional range formatting by the server, and the
 * new locate strings of the edited code from its outline.
 */
import type { FormattingOptions, TextEdit } from 'vscode-languageserver-protocol';
import { isLocusError, LocusError } from '../../core/errors.js';
import type { LineIndex } from '../../core/line-index.js';
import type { Session } from '../../lsp/session.js';
import type { Span } from '../../core/positions.js';
import { describeOffset } from '../../locate/describe.js';
import { enclosingSymbol, type Outline, type OutlineSymbol } from '../../locate/outline.js';
import { fileView, type FileView } from '../../locate/resolve-core.js';
import { displayOf, lineSnippet } from '../../locate/resolver.js';
import type { OpsContext } from '../context/context.js';
import type { EditOutcome } from '../results/edit.js';
import type { PlannedEdit } from './edit-targets.js';
import { readableLocate } from '../locating/readable-locate.js';
import { applyTextEdits } from './edits.js';
import type { LoadedFile } from '../locating/file-view.js';
import { detectFormatting } from './format.js';
import { reportDiskChanges } from '../context/target.js';
import { formatSymbolPath } from '../../locate/symbol-path.js';
import { ownParserErrors, type OwnParserError } from '../../syntax/own-parser-checks.js';

type Planned = PlannedEdit & { outcome: EditOutcome };

/** One file after its planned edits: the new text and where each edit's code landed in it. */
export interface EditedFile {
  loaded: LoadedFile;
  planned: Planned[];
  text: string;
  /** Per planned edit (same order): the new code's span in `text`. */
  code: Span[];
  /** Per planned edit: the whole replacement's span in `text`. */
  spans: Span[];
  formatted: boolean;
}

/** Applies the planned edits (disjoint, checked before) to the snapshot's text. */
export function applyPlanned(loaded: LoadedFile, planned: Planned[]): EditedFile {
  const sorted = [...planned].sort((a, b) => a.span.start - b.span.start || a.index - b.index);
  const before = loaded.view.text;
  let text = '';
  let cursor = 0;
  const code: Span[] = [];
  const spans: Span[] = [];
  for (const p of sorted) {
    text += before.slice(cursor, p.span.start);
    spans.push({ start: text.length, end: text.length + p.newText.length });
    code.push({ start: text.length + p.code.start, end: text.length + p.code.end });
    text += p.newText;
    cursor = p.span.end;
  }
  text += before.slice(cursor);
  return { loaded, planned: sorted, text, code, spans, formatted: false };
}

// The file's own key: the tree cache re-parses incrementally from the snapshot (and back on the next call).
const editKey = (file: EditedFile): string => file.loaded.file.absPath;

async function outlineOf(context: OpsContext, file: EditedFile, key: string): Promise<Outline | undefined> {
  const language = file.loaded.language;
  if (!language || !file.loaded.view.outline) return undefined;
  return context.locator.syntax.outline(key, language, file.text);
}

/** Maps an offset of the old text into the new one; undefined inside a replaced span. */
function mapOffset(file: EditedFile, offset: number): number | undefined {
  let delta = 0;
  for (const [i, p] of file.planned.entries()) {
    if (p.span.end <= offset && !(p.span.start === p.span.end && p.span.start === offset)) {
      delta += (file.spans[i] as Span).end - (file.spans[i] as Span).start - (p.span.end - p.span.start);
    } else if (p.span.start < offset) return undefined;
  }
  return offset + delta;
}

/**
 * Refuses (UNSAFE_EDIT) an edit whose result has syntax errors the original did not have, unless forced: new
 * ERROR/MISSING spans of the tree, and new errors of the language's own parser that tree-sitter accepts (Python's
 * indentation: own-parser-checks.ts).
 */
export async function syntaxGuard(context: OpsContext, file: EditedFile, force: boolean): Promise<void> {
  const outline = await outlineOf(context, file, editKey(file));
  const old = file.loaded.view.outline;
  if (!outline || !old || force) return;
  const known = new Set(
    old.errors.map((e) => `${mapOffset(file, e.start) ?? -1}:${mapOffset(file, e.end) ?? -1}`),
  );
  const view = fileView(file.loaded.file.relPath, file.text, outline);
  const fresh: { start: number; message?: string }[] = [
    ...outline.errors.filter((e) => !known.has(`${e.start}:${e.end}`)),
    ...newOwnParserErrors(file, view, outline.language),
  ];
  if (fresh.length === 0) return;
  const errors = fresh.slice(0, 5).map((e) => ({
    display: displayOf(view, e.start),
    snippet: lineSnippet(view, view.lines.lineOf(e.start)),
    ...(e.message ? { message: e.message } : {}),
  }));
  throw new LocusError(
    'UNSAFE_EDIT',
    `The edit would leave syntax errors in ${file.loaded.file.relPath}: ${errors.map((e) => `${e.display}${e.message ? ` (${e.message})` : ''} \`${e.snippet}\``).join('; ')}. Nothing was written.`,
    {
      hint: 'Fix the new code (a missing bracket, colon or quote? the indentation?) and preview again, or force it.',
      advice: [{ kind: 'force' }],
      details: { errors },
    },
  );
}

/** The own parser's errors of the edited text that the original text did not have (by message and line text). */
function newOwnParserErrors(
  file: EditedFile,
  view: FileView,
  language: string,
): { start: number; message: string }[] {
  const before = file.loaded.view;
  const key = (lines: FileView['lines'], e: OwnParserError): string =>
    `${e.message}\0${lines.lineText(lines.lineOf(e.offset)).trim()}`;
  const known = new Map<string, number>();
  for (const e of ownParserErrors(language, before.text)) {
    const k = key(before.lines, e);
    known.set(k, (known.get(k) ?? 0) + 1);
  }
  const fresh: { start: number; message: string }[] = [];
  for (const e of ownParserErrors(language, file.text)) {
    const k = key(view.lines, e);
    const left = known.get(k) ?? 0;
    if (left > 0) known.set(k, left - 1);
    else fresh.push({ start: e.offset, message: e.message });
  }
  return fresh;
}

/** Runs the server's range formatting over each edit's new code (last first, so earlier spans stay valid). */
export async function formatEdited(context: OpsContext, file: EditedFile): Promise<void> {
  const { absPath } = file.loaded.file;
  const session = context.lsp.sessionFor(absPath);
  await reportDiskChanges(context);
  const formatting = detectFormatting(file.text);
  for (let i = file.planned.length - 1; i >= 0; i--) {
    const span = file.code[i] as Span;
    if (span.start === span.end) continue;
    const lines = fileView(file.loaded.file.relPath, file.text, undefined).lines;
    const next = applyTextEdits(
      file.text,
      await formatSpan(session, absPath, file.text, lines, span, formatting),
    );
    const delta = next.length - file.text.length;
    file.text = next;
    span.end += delta;
    (file.spans[i] as Span).end += delta;
    for (let j = i + 1; j < file.planned.length; j++) {
      for (const s of [file.code[j] as Span, file.spans[j] as Span]) {
        s.start += delta;
        s.end += delta;
      }
    }
    file.formatted = true;
  }
  // The server saw the edited text; until the edit is applied, the disk content is the truth.
  await context.lsp.documentChanged(absPath, file.loaded.view.text);
}

/**
 * Range formatting of a span; a server without it (gopls) formats the document and only the edits inside
 * the span's lines are kept, so code outside the edit is never touched.
 */
async function formatSpan(
  session: Session,
  absPath: string,
  text: string,
  lines: LineIndex,
  span: Span,
  formatting: FormattingOptions,
): Promise<TextEdit[]> {
  const range = lines.toRange(span);
  try {
    return (await session.rangeFormatting(absPath, text, range, formatting)).result;
  } catch (error) {
    if (!(isLocusError(error) && error.code === 'CAPABILITY_MISSING')) throw error;
  }
  const whole = (await session.formatting(absPath, text, formatting)).result;
  const first = lines.lineStart(range.start.line);
  const last = lines.lineEnd(range.end.line);
  return whole.filter((e) => first <= lines.toOffset(e.range.start) && lines.toOffset(e.range.end) <= last);
}

/** Fills each outcome with the locate strings of its new code, computed on the edited text. */
export async function newLocates(
  context: OpsContext,
  file: EditedFile,
  applied: boolean,
): Promise<EditOutcome[]> {
  const outline = await outlineOf(context, file, applied ? file.loaded.file.absPath : editKey(file));
  const view = fileView(file.loaded.file.relPath, file.text, outline);
  return file.planned.map((p, i) => {
    const code = file.code[i] as Span;
    const outcome = p.outcome;
    if (code.start === code.end) return outcome;
    const first = code.start + (/^\s*/.exec(file.text.slice(code.start, code.end))?.[0].length ?? 0);
    outcome.new_locate = readableLocate(view, first);
    if (!outline) return outcome;
    const declared = topmostWithin(outline.symbols, code);
    outcome.symbols = declared.map((s) => symbolRef(view, s));
    // New code that opens with a declaration (after its comments) is best named by that declaration.
    const lead = declared[0] && file.text.slice(first, declared[0].fullSpan.start);
    if (lead !== undefined && lead.split(/\r?\n/).every((l) => /^\s*$|^\s*(\/\/|\/\*|\*|#|--)/.test(l)))
      outcome.new_locate = outcome.symbols[0]?.locate as string;
    const around = enclosingSymbol(outline.symbols, first);
    if (around && !declared.includes(around) && around.fullSpan.start < code.start)
      outcome.enclosing = symbolRef(view, around);
    return outcome;
  });
}

function topmostWithin(symbols: readonly OutlineSymbol[], span: Span): OutlineSymbol[] {
  const out: OutlineSymbol[] = [];
  for (const s of symbols) {
    if (s.fullSpan.end <= span.start || s.fullSpan.start >= span.end) continue;
    if (span.start <= s.nameSpan.start && s.nameSpan.end <= span.end && s.fullSpan.start >= span.start)
      out.push(s);
    else out.push(...topmostWithin(s.children, span));
  }
  return out;
}

function symbolRef(view: FileView, symbol: OutlineSymbol): { path: string; kind: string; locate: string } {
  return {
    path: formatSymbolPath(symbol.path),
    kind: symbol.kind,
    locate: describeOffset(view, symbol.nameSpan.start).locate,
  };
}
