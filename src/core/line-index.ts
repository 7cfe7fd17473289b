/**
 * Line index over a text: offsets ⇄ LSP positions ⇄ display positions. Line breaks are exactly
 * `\n`, `\r\n` and lone `\r` (as in LSP); form feed, vertical tab and U+2028 are ordinary characters.
 */
import type { DisplayPosition, Position, Range, Span } from './positions.js';

/** Precomputed line starts of one text; all offsets are UTF-16 indices. */
export class LineIndex {
  readonly text: string;
  /** Offset where each line starts; `lineStarts[0] === 0`. */
  readonly lineStarts: readonly number[];

  constructor(text: string) {
    this.text = text;
    this.lineStarts = computeLineStarts(text);
  }

  /** Number of lines as LSP counts them (k line breaks make k + 1 lines). */
  get lineCount(): number {
    return this.lineStarts.length;
  }

  /** Offset of the first character of the 0-based line. */
  lineStart(line: number): number {
    return this.lineStarts[line] ?? this.text.length;
  }

  /** Offset just past the last character of the 0-based line, its line break excluded. */
  lineEnd(line: number): number {
    const next = this.lineStarts[line + 1];
    if (next === undefined) return this.text.length;
    if (next >= 2 && this.text[next - 1] === '\n' && this.text[next - 2] === '\r') return next - 2;
    return next - 1;
  }

  /** The 0-based line containing an offset (an offset on a line break belongs to the line it ends). */
  lineOf(offset: number): number {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.lineStarts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** Text of a 0-based line without its line break. */
  lineText(line: number): string {
    return this.text.slice(this.lineStart(line), this.lineEnd(line));
  }

  /** Offset → LSP position (UTF-16 character). */
  toPosition(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    const line = this.lineOf(clamped);
    return { line, character: clamped - this.lineStart(line) };
  }

  /** LSP position → offset; characters past the line end clamp to it, lines past the end to the text end. */
  toOffset(position: Position): number {
    if (position.line >= this.lineCount) return this.text.length;
    if (position.line < 0) return 0;
    const start = this.lineStart(position.line);
    return Math.min(start + Math.max(0, position.character), this.lineEnd(position.line));
  }

  /** Span → LSP range. */
  toRange(span: Span): Range {
    return { start: this.toPosition(span.start), end: this.toPosition(span.end) };
  }

  /** LSP range → span. */
  toSpan(range: Range): Span {
    return { start: this.toOffset(range.start), end: this.toOffset(range.end) };
  }

  /** Offset → display position (1-based line, 1-based column in code points). */
  toDisplay(offset: number): DisplayPosition {
    const position = this.toPosition(offset);
    const before = this.text.slice(
      this.lineStart(position.line),
      this.lineStart(position.line) + position.character,
    );
    return { line: position.line + 1, column: countCodePoints(before) + 1 };
  }

  /** Display position → offset; returns undefined when the line or column does not exist. */
  fromDisplay(display: DisplayPosition): number | undefined {
    if (!Number.isInteger(display.line) || !Number.isInteger(display.column)) return undefined;
    if (display.line < 1 || display.line > this.lineCount || display.column < 1) return undefined;
    const start = this.lineStart(display.line - 1);
    const end = this.lineEnd(display.line - 1);
    const offset = advanceCodePoints(this.text, start, display.column - 1);
    return offset <= end ? offset : undefined;
  }
}

/** Offsets of line starts: after every `\n`, every `\r\n`, every lone `\r`. */
export function computeLineStarts(text: string): number[] {
  const starts = [0];
  // Most texts have no carriage return: their line feeds found natively cost a quarter of a loop over char codes
  // (every file view, index entry and edit builds a line index).
  if (text.indexOf('\r') < 0) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    return starts;
  }
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) starts.push(i + 1);
    else if (code === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/** Number of Unicode code points in a string (a surrogate pair counts once). */
export function countCodePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) i++;
    count++;
  }
  return count;
}

/** Offset reached by moving `count` code points forward from `from` (stops at the text end). */
export function advanceCodePoints(text: string, from: number, count: number): number {
  let offset = from;
  for (let n = 0; n < count && offset < text.length; n++) {
    const code = text.charCodeAt(offset);
    offset += code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(offset + 1)) ? 2 : 1;
  }
  return offset;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** An LSP position encoding (`general.positionEncodings`). */
export type PositionEncoding = 'utf-8' | 'utf-16' | 'utf-32';

/** Converts a UTF-16 column on a line to the same point's column in another encoding. */
export function columnToEncoding(lineText: string, utf16Column: number, encoding: PositionEncoding): number {
  if (encoding === 'utf-16') return utf16Column;
  let column = 0;
  for (let i = 0; i < utf16Column && i < lineText.length; i++) {
    const code = lineText.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && isLowSurrogate(lineText.charCodeAt(i + 1));
    column += encoding === 'utf-32' ? 1 : utf8Length(code, pair);
    if (pair) i++;
  }
  return column;
}

/** Converts a column in some encoding back to the UTF-16 column of the same point on a line. */
export function columnFromEncoding(lineText: string, column: number, encoding: PositionEncoding): number {
  if (encoding === 'utf-16') return column;
  let units = 0;
  let i = 0;
  while (i < lineText.length && units < column) {
    const code = lineText.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && isLowSurrogate(lineText.charCodeAt(i + 1));
    units += encoding === 'utf-32' ? 1 : utf8Length(code, pair);
    i += pair ? 2 : 1;
  }
  return i;
}

function utf8Length(code: number, pair: boolean): number {
  if (pair) return 4;
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  return 3;
}
