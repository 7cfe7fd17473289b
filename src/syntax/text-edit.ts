/**
 * The single edit that turns one text into another (common prefix and suffix), in the shape
 * `Tree.edit` wants: UTF-16 indices plus row/column points. Rows count `\n` and lone `\r`, because
 * trees are parsed from parserText (lone `\r` read as `\n`); columns are UTF-16 units.
 */
import type { Edit, Point } from 'web-tree-sitter';

/** The changed region between two texts, or undefined when they are equal. */
export function computeEdit(oldText: string, newText: string): Edit | undefined {
  if (oldText === newText) return undefined;
  const min = Math.min(oldText.length, newText.length);
  let start = 0;
  while (start < min && oldText.charCodeAt(start) === newText.charCodeAt(start)) start++;
  let oldEnd = oldText.length;
  let newEnd = newText.length;
  while (
    oldEnd > start &&
    newEnd > start &&
    oldText.charCodeAt(oldEnd - 1) === newText.charCodeAt(newEnd - 1)
  ) {
    oldEnd--;
    newEnd--;
  }
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

function pointAfter(text: string, from: number, fromPoint: Point, index: number): Point {
  let row = fromPoint.row;
  let lineStart = from - fromPoint.column;
  for (let i = from; i < index; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0a || (code === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
      row++;
      lineStart = i + 1;
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
