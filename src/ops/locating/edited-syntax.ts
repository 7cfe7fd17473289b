/**
 * What the syntax of an edited text says (docs/edit.md): its parse errors, the errors of the language's own
 * parser that the text before did not have, and the locate strings of each edit's new code. Computed in one
 * place on plain data so that a big edited text is parsed in the syntax worker (offload.ts) and only these
 * few strings and spans cross back (docs/security.md, "Every failure is coded").
 */
import type { Span } from '../../core/positions.js';
import { describeOffset } from '../../locate/describe.js';
import { enclosingSymbol, type Outline, type OutlineSymbol } from '../../locate/outline.js';
import { fileView, type FileView } from '../../locate/resolve-core.js';
import { formatSymbolPath } from '../../locate/symbol-path.js';
import { ownParserErrors, type OwnParserError } from '../../syntax/own-parser-checks.js';
import type { EditOutcome } from '../results/edit.js';
import { readableLocate } from './readable-locate.js';
import type { SyntaxService } from './syntax-service.js';

/** The edited text and where each edit's code landed in it. */
export interface EditedSyntaxInput {
  /** The tree cache's key (the file's absolute path: the cache re-parses incrementally from the snapshot). */
  key: string;
  relPath: string;
  /** The grammar's language; absent when the file has no outline (the locate strings are then plain). */
  language?: string;
  oldText: string;
  text: string;
  /** Per edit: the new code's span in `text`. */
  code: Span[];
}

/** The locate strings of one edit's new code (the fields of `EditOutcome` computed on the edited text). */
export type CodeLocates = Pick<EditOutcome, 'new_locate' | 'symbols' | 'enclosing'>;

/** What the edited text's syntax says. */
export interface EditedSyntax {
  /** The parse's error spans (all of them: the caller sets aside those the text before had). */
  errors: Span[];
  /** Errors of the language's own parser that the text before did not have (by message and line text). */
  ownErrors: { start: number; message: string }[];
  /** Whether the text was outlined (else `errors` is empty and no declaration is named). */
  outlined: boolean;
  /** Per edit, same order as `code`. */
  code: CodeLocates[];
}

/** Parses and outlines the edited text and names what each edit put there. */
export async function editedSyntax(syntax: SyntaxService, input: EditedSyntaxInput): Promise<EditedSyntax> {
  const outline: Outline | undefined =
    input.language === undefined ? undefined : await syntax.outline(input.key, input.language, input.text);
  const view = fileView(input.relPath, input.text, outline);
  return {
    errors: outline?.errors ?? [],
    ownErrors: outline ? newOwnParserErrors(input, view, outline.language) : [],
    outlined: outline !== undefined,
    code: input.code.map((span) => codeLocates(view, span)),
  };
}

function newOwnParserErrors(
  input: EditedSyntaxInput,
  view: FileView,
  language: string,
): { start: number; message: string }[] {
  const before = fileView(input.relPath, input.oldText, undefined).lines;
  const key = (lines: FileView['lines'], e: OwnParserError): string =>
    `${e.message}\0${lines.lineText(lines.lineOf(e.offset)).trim()}`;
  const known = new Map<string, number>();
  for (const e of ownParserErrors(language, input.oldText)) {
    const k = key(before, e);
    known.set(k, (known.get(k) ?? 0) + 1);
  }
  const fresh: { start: number; message: string }[] = [];
  for (const e of ownParserErrors(language, input.text)) {
    const k = key(view.lines, e);
    const left = known.get(k) ?? 0;
    if (left > 0) known.set(k, left - 1);
    else fresh.push({ start: e.offset, message: e.message });
  }
  return fresh;
}

function codeLocates(view: FileView, code: Span): CodeLocates {
  const out: CodeLocates = { symbols: [] };
  if (code.start === code.end) return out;
  const text = view.text;
  const first = code.start + (/^\s*/.exec(text.slice(code.start, code.end))?.[0].length ?? 0);
  out.new_locate = readableLocate(view, first);
  const outline = view.outline;
  if (!outline) return out;
  const declared = topmostWithin(outline.symbols, code);
  out.symbols = declared.map((s) => symbolRef(view, s));
  // New code that opens with a declaration (after its comments) is best named by that declaration.
  const lead = declared[0] && text.slice(first, declared[0].fullSpan.start);
  if (lead !== undefined && lead.split(/\r?\n/).every((l) => /^\s*$|^\s*(\/\/|\/\*|\*|#|--)/.test(l)))
    out.new_locate = out.symbols[0]?.locate as string;
  const around = enclosingSymbol(outline.symbols, first);
  if (around && !declared.includes(around) && around.fullSpan.start < code.start)
    out.enclosing = symbolRef(view, around);
  return out;
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
