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
import { fileView } from '../../locate/resolve-core.js';
import { displayOf, lineSnippet } from '../../locate/resolver.js';
import type { OpsContext } from '../context/context.js';
import type { EditOutcome } from '../results/edit.js';
import type { PlannedEdit } from './edit-targets.js';
import { applyTextEdits } from './edits.js';
import type { LoadedFile } from '../locating/file-view.js';
import { detectFormatting } from './format.js';
import { editedSyntax, type EditedSyntax, type EditedSyntaxInput } from '../locating/edited-syntax.js';
import { reportDiskChanges } from '../context/target.js';

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
  /** The syntax of `text`, once computed (cleared when formatting changes the text). */
  syntax?: EditedSyntax;
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

/**
 * The edited text's syntax (computed once per text: the guard and the new locate strings share it). A big text is
 * parsed in the syntax worker, so the thread that answers other calls is never held by it (docs/security.md).
 */
async function analysed(context: OpsContext, file: EditedFile): Promise<EditedSyntax> {
  if (file.syntax) return file.syntax;
  const { language, view, file: target } = file.loaded;
  const input: EditedSyntaxInput = {
    key: target.absPath,
    relPath: target.relPath,
    ...(language && view.outline ? { language } : {}),
    oldText: view.text,
    text: file.text,
    code: file.code,
  };
  const offload = context.offload;
  // An outline a language server gave cannot be made in the worker (it has no servers).
  file.syntax =
    offload && !view.outline?.server
      ? await offload.editedSyntax(input, context.call?.signal)
      : await editedSyntax(context.locator.syntax, input);
  return file.syntax;
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
  const syntax = await analysed(context, file);
  const old = file.loaded.view.outline;
  if (!syntax.outlined || !old || force) return;
  const known = new Set(
    old.errors.map((e) => `${mapOffset(file, e.start) ?? -1}:${mapOffset(file, e.end) ?? -1}`),
  );
  const fresh: { start: number; message?: string }[] = [
    ...syntax.errors.filter((e) => !known.has(`${e.start}:${e.end}`)),
    ...syntax.ownErrors,
  ];
  if (fresh.length === 0) return;
  const view = fileView(file.loaded.file.relPath, file.text, undefined);
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
    file.syntax = undefined;
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
export async function newLocates(context: OpsContext, file: EditedFile): Promise<EditOutcome[]> {
  const syntax = await analysed(context, file);
  return file.planned.map((p, i) => Object.assign(p.outcome, syntax.code[i]));
}
