/**
 * The single edit that turns one text into another (common prefix and suffix), in the shape
 * `Tree.edit` wants: UTF-16 indices plus row/column points. Rows count `\n` and lone `\r`, because
 * trees are parsed from parserText (lone `\r` read as `\n`); columns are UTF-16 units.
 */
import type { Edit, Point, Range } from 'web-tree-sitter';
import type { Span } from '../core/positions.js';

/** The changed region between two texts, or undefined when they are equal. */
export function computeEdit(oldText: string, newText: string): Edit | undefined {
  if (oldText === newText) return undefined;
  let start = commonPrefix(oldText, newText);
  const suffix = commonSuffix(oldText, newText, start);
  let oldEnd = oldText.length - suffix;
  let newEnd = newText.length - suffix;
  // Never cut a surrogate pair in two.
  if (start > 0 && isHighSurrogate(oldText.charCodeAt(start - 1))) start--;
  if (oldEnd < oldText.length && isLowSurrogate(oldText.charCodeAt(oldEnd))) {
    oldEnd++;
    newEnd++;
  }
  const startPosition = pointAt(oldText, start);
  return {
    startIndex: start,
    oldEndIndex: oldEnd,
    newEndIndex: newEnd,
    startPosition,
    oldEndPosition: pointAfter(oldText, start, startPosition, oldEnd),
    newEndPosition: pointAfter(newText, start, startPosition, newEnd),
  };
}

/** The tree-sitter point of a UTF-16 index. */
export function pointAt(text: string, index: number): Point {
  return pointAfter(text, 0, { row: 0, column: 0 }, index);
}

/**
 * Spans of `text` as tree-sitter ranges (a parse of only those parts: `includedRanges`); rows are counted once,
 * forwards, while the spans come in order (a page with a hundred regions must not count from the start each time).
 */
export function spanRanges(text: string, spans: readonly Span[]): Range[] {
  let from = 0;
  let point: Point = { row: 0, column: 0 };
  return spans.map((span) => {
    if (span.start < from) {
      from = 0;
      point = { row: 0, column: 0 };
    }
    const startPosition = pointAfter(text, from, point, span.start);
    const endPosition = pointAfter(text, span.start, startPosition, span.end);
    from = span.end;
    point = endPosition;
    return { startIndex: span.start, endIndex: span.end, startPosition, endPosition };
  });
}

/**
 * Texts are compared a block at a time (native string equality) before the last block goes unit by unit:
 * a loop over every UTF-16 unit of a 5,000-line file took 1–2 ms per edit, as much as the outline update.
 */
const BLOCK = 512;

function commonPrefix(a: string, b: string): number {
  const min = Math.min(a.length, b.length);
  let start = 0;
  while (start + BLOCK <= min && a.slice(start, start + BLOCK) === b.slice(start, start + BLOCK))
    start += BLOCK;
  while (start < min && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  return start;
}

/** The length of the common suffix of `a` and `b` that starts at or after `floor` in both. */
function commonSuffix(a: string, b: string, floor: number): number {
  const max = Math.min(a.length, b.length) - floor;
  let length = 0;
  while (
    length + BLOCK <= max &&
    a.slice(a.length - length - BLOCK, a.length - length) ===
      b.slice(b.length - length - BLOCK, b.length - length)
  )
    length += BLOCK;
  while (length < max && a.charCodeAt(a.length - length - 1) === b.charCodeAt(b.length - length - 1))
    length++;
  return length;
}

/** The point of `index`, counting line ends from `from` (found with `indexOf`, which runs natively). */
function pointAfter(text: string, from: number, fromPoint: Point, index: number): Point {
  let row = fromPoint.row;
  let lineStart = from - fromPoint.column;
  let lf = text.indexOf('\n', from);
  let cr = text.indexOf('\r', from);
  for (;;) {
    const next = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
    if (next < 0 || next >= index) break;
    const isLf = next === lf;
    if (isLf) lf = text.indexOf('\n', next + 1);
    else cr = text.indexOf('\r', next + 1);
    // `\r\n` counts once, at its `\n`.
    if (isLf || text.charCodeAt(next + 1) !== 0x0a) {
      row++;
      lineStart = next + 1;
    }
  }
  return { row, column: index - lineStart };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * The text tree-sitter parses: a lone `\r` (old Mac line ends) becomes `\n`. Same length, so every
 * offset is unchanged, and indentation-sensitive grammars (Python) see the line breaks they need.
 */
export function parserText(text: string): string {
  return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
}
