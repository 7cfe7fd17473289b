import { describe, expect, it } from 'vitest';
import {
  LineIndex,
  columnFromEncoding,
  columnToEncoding,
  countCodePoints,
} from '../../src/core/line-index.js';
import { anchor } from '../helpers/anchors.js';

describe('LineIndex', () => {
  it('breaks lines at \\n, \\r\\n and lone \\r only', () => {
    const index = new LineIndex('a\nb\r\nc\rd\fe\u2028f\u000bg\u0085h');
    expect(index.lineCount).toBe(4);
    expect([0, 1, 2, 3].map((l) => index.lineText(l))).toEqual(['a', 'b', 'c', 'd\fe\u2028f\u000bg\u0085h']);
  });

  it('counts a final line break as starting an empty last line', () => {
    const index = new LineIndex('x\n');
    expect(index.lineCount).toBe(2);
    expect(index.lineText(1)).toBe('');
    expect(new LineIndex('').lineCount).toBe(1);
  });

  it('gives UTF-16 characters for LSP and code points for display', () => {
    const { text, offset } = anchor('x = 1\nconst s = "😀中é"; <|>foo()');
    const index = new LineIndex(text);
    const prefix = 'const s = "😀中é"; ';
    expect(index.toPosition(offset)).toEqual({ line: 1, character: prefix.length });
    // One code point fewer than UTF-16 units: the emoji is a surrogate pair.
    expect(index.toDisplay(offset)).toEqual({ line: 2, column: prefix.length - 1 + 1 });
    expect(index.fromDisplay({ line: 2, column: [...prefix].length + 1 })).toBe(offset);
    expect(index.toOffset(index.toPosition(offset))).toBe(offset);
  });

  it('maps CRLF and lone CR positions', () => {
    const { text, offset } = anchor('a\r\nb\rc\r\n  <|>d');
    const index = new LineIndex(text);
    expect(index.toPosition(offset)).toEqual({ line: 3, character: 2 });
    expect(index.lineEnd(0)).toBe(1);
    expect(index.lineOf(2)).toBe(0);
  });

  it('rejects display positions that do not exist', () => {
    const index = new LineIndex('ab\ncd');
    expect(index.fromDisplay({ line: 3, column: 1 })).toBeUndefined();
    expect(index.fromDisplay({ line: 1, column: 4 })).toBeUndefined();
    expect(index.fromDisplay({ line: 1, column: 3 })).toBe(2);
    expect(index.fromDisplay({ line: 0, column: 1 })).toBeUndefined();
  });

  it('converts columns between position encodings', () => {
    const line = 'a😀é中b';
    const utf16 = line.indexOf('b');
    expect(columnToEncoding(line, utf16, 'utf-32')).toBe([...'a😀é中'].length);
    expect(columnToEncoding(line, utf16, 'utf-8')).toBe(1 + 4 + 2 + 3);
    expect(columnFromEncoding(line, 10, 'utf-8')).toBe(utf16);
    expect(columnFromEncoding(line, 4, 'utf-32')).toBe(utf16);
    expect(countCodePoints('😀😀')).toBe(2);
  });
});
