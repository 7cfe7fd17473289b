/**
 * Pure text shaping for `edit` (docs/edit.md): the agent's text is dedented, re-indented to the
 * target's indentation in the file's indent unit, and joined with the file's line ending.
 */
import type { LineIndex } from '../../core/line-index.js';
import type { Span } from '../../core/positions.js';

/** How the file is indented: a tab, or a number of spaces per level. */
export type IndentUnit = { tabs: true } | { tabs: false; width: number };

/** The file's dominant line ending. */
export function lineEnding(text: string): '\n' | '\r\n' {
  const crlf = (text.match(/\r\n/g) ?? []).length;
  const lf = (text.match(/\n/g) ?? []).length - crlf;
  return crlf > lf ? '\r\n' : '\n';
}

/** Leading whitespace of a line. */
export function indentOf(line: string): string {
  return /^[ \t]*/.exec(line)?.[0] ?? '';
}

const isBlank = (line: string): boolean => /^[ \t]*$/.test(line);

/** The agent's text as lines: line endings normalised, one trailing line break dropped, common indent removed. */
export function dedentLines(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  const common = commonIndent(lines);
  // A first line sent without its indent (copied from the cursor) must not stop the others from dedenting.
  if (common === '' && lines.length > 1 && indentOf(lines[0] ?? '') === '' && opensBlock(lines[0] ?? '')) {
    const restIndent = commonIndent(lines.slice(1));
    if (restIndent !== '') {
      const level = restIndent.startsWith('\t') ? '\t' : restIndent.length % 4 === 0 ? '    ' : '  ';
      const rest = lines.slice(1).map((l) => (isBlank(l) ? '' : level + l.slice(restIndent.length)));
      return [lines[0] ?? '', ...rest];
    }
  }
  return lines.map((l) => (isBlank(l) ? '' : l.slice(common.length)));
}

function commonIndent(lines: readonly string[]): string {
  const indents = lines.filter((l) => !isBlank(l)).map(indentOf);
  let common = indents[0] ?? '';
  for (const indent of indents) {
    let n = 0;
    while (n < common.length && n < indent.length && common[n] === indent[n]) n++;
    common = common.slice(0, n);
  }
  return common;
}

/** A line that opens an indented block (`def f():`, `func f() {`, `class A {`). */
function opensBlock(line: string): boolean {
  return /[:{([]\s*$/.test(line.trimEnd());
}

/**
 * The indent unit of the file (or of the agent's text): tabs when most indented lines start with one, else
 * the most frequent step by which the indentation grows from one code line to the next (2 or 4; continuation
 * lines aligned under a bracket are outvoted).
 */
export function indentUnit(
  lines: readonly string[],
  fallback: IndentUnit = { tabs: false, width: 4 },
): IndentUnit {
  const code = lines.filter((l) => !isBlank(l) && !/^[ \t]+\*/.test(l));
  const indents = code.map(indentOf);
  const tabbed = indents.filter((i) => i.startsWith('\t')).length;
  const spaced = indents.filter((i) => i.startsWith(' ')).length;
  if (tabbed > spaced) return { tabs: true };
  const steps = new Map<number, number>();
  for (let i = 1; i < indents.length; i++) {
    const step = (indents[i] as string).length - (indents[i - 1] as string).length;
    if (step === 2 || step === 4) steps.set(step, (steps.get(step) ?? 0) + 1);
  }
  if (steps.size === 0) return spaced === 0 ? fallback : { tabs: false, width: 4 };
  return { tabs: false, width: (steps.get(2) ?? 0) > (steps.get(4) ?? 0) ? 2 : 4 };
}

/** Rewrites a line's leading indentation from one unit to another (levels are preserved). */
function convertIndent(line: string, from: IndentUnit, to: IndentUnit): string {
  const indent = indentOf(line);
  if (indent === '') return line;
  const rest = line.slice(indent.length);
  const fromWidth = from.tabs ? 1 : from.width;
  const units = from.tabs
    ? indent.replace(/ {4}/g, '\t').length
    : indent.replace(/\t/g, ' '.repeat(fromWidth)).length;
  const levels = Math.floor(units / fromWidth);
  const remainder = from.tabs ? '' : ' '.repeat(units % fromWidth);
  return (to.tabs ? '\t'.repeat(levels) : ' '.repeat(levels * to.width)) + remainder + rest;
}

/** Options of `shapeText`. */
export interface ShapeOptions {
  /** Indentation of the target's first line. */
  indent: string;
  /** The file's indent unit. */
  unit: IndentUnit;
  eol: string;
  /** The first line also gets `indent` (false when it is placed after existing indentation). */
  indentFirst: boolean;
}

/** The agent's text, dedented, converted to the file's indent unit, indented and joined with the file's EOL. */
export function shapeText(text: string, options: ShapeOptions): string {
  const lines = dedentLines(text);
  const sent = indentUnit(lines, options.unit);
  const converted = sameUnit(sent, options.unit)
    ? lines
    : lines.map((l) => convertIndent(l, sent, options.unit));
  return converted
    .map((line, i) => {
      if (line === '') return '';
      return i === 0 && !options.indentFirst ? line : options.indent + line;
    })
    .join(options.eol);
}

function sameUnit(a: IndentUnit, b: IndentUnit): boolean {
  return a.tabs === b.tabs && (a.tabs || b.tabs || a.width === b.width);
}

/** Extends a span to whole lines (start of its first line, after the line break of its last line). */
export function wholeLines(lines: LineIndex, span: Span, textLength: number): Span {
  const first = lines.lineOf(span.start);
  const last = lines.lineOf(Math.max(span.start, span.end - 1));
  const end = last + 1 < lines.lineCount ? lines.lineStart(last + 1) : textLength;
  return { start: lines.lineStart(first), end };
}

/** True when only whitespace precedes `offset` on its line. */
export function startsLine(text: string, lines: LineIndex, offset: number): boolean {
  return isBlank(text.slice(lines.lineStart(lines.lineOf(offset)), offset));
}

/** True when only whitespace follows `offset` on its line. */
export function endsLine(text: string, lines: LineIndex, offset: number): boolean {
  return isBlank(text.slice(offset, lines.lineEnd(lines.lineOf(offset))));
}

const COMMENT_LINE = /^[ \t]*(\/\/|\/\*|\*|#(?![![])|--|;;|%)/;

/**
 * The start of the comment block directly above `start` (no blank line between): a symbol's doc
 * comment. Returns `start` when there is none.
 */
export function docCommentStart(text: string, lines: LineIndex, start: number): number {
  let line = lines.lineOf(start);
  let first = start;
  while (line > 0) {
    const above = lines.lineText(line - 1);
    if (!COMMENT_LINE.test(above)) break;
    line--;
    first = lines.lineStart(line) + indentOf(above).length;
  }
  return first;
}

/** Blank lines directly above line `line` (0-based). */
export function blankLinesAbove(lines: LineIndex, line: number): number {
  let n = 0;
  while (line - n - 1 >= 0 && isBlank(lines.lineText(line - n - 1))) n++;
  return n;
}

/** Blank lines directly below line `line` (0-based). */
export function blankLinesBelow(lines: LineIndex, line: number): number {
  let n = 0;
  while (line + n + 1 < lines.lineCount && isBlank(lines.lineText(line + n + 1))) n++;
  return n;
}
