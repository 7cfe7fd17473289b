/**
 * Full ranges (docs/locate-strings.md, "Which declarations are symbols"): a declaration's extent widened by the nodes that belong to it
 * (`@wrapper`s such as decorators/`export`, leading `@attribute` siblings) and cut at its last
 * token — comment lines that trail inside an indented block are dropped, a comment on the same line
 * as the last token stays. Works on spans and text only, so no node navigation is needed.
 */
import type { Node } from 'web-tree-sitter';
import type { Span } from '../core/positions.js';

/** Everything range computation needs from one query run (plain spans plus the wrapper map). */
export class RangeContext {
  private readonly commentEnds = new Map<number, number>();
  private readonly commentStarts = new Map<number, number>();
  private sortedCommentStarts: number[] = [];
  private attributes: Span[] = [];
  /** Wrapped node id → the wrapper node around it. */
  private readonly wrappers = new Map<number, Node>();
  /** Wrapper node id → ids of the nodes it wraps. */
  private readonly wrapped = new Map<number, Set<number>>();

  constructor(readonly text: string) {}

  /** Registers a comment span. */
  addComment(span: Span): void {
    const start = this.commentEnds.get(span.end);
    if (start === undefined || span.start < start) this.commentEnds.set(span.end, span.start);
    const end = this.commentStarts.get(span.start);
    if (end === undefined || span.end > end) this.commentStarts.set(span.start, span.end);
  }

  /** Registers a `@wrapper` around a `@wrapped` node. */
  addWrapper(wrapper: Node, wrapped: Node): void {
    this.wrappers.set(wrapped.id, wrapper);
    const set = this.wrapped.get(wrapper.id) ?? new Set<number>();
    set.add(wrapped.id);
    this.wrapped.set(wrapper.id, set);
  }

  /** Registers an `@attribute` span. */
  addAttribute(span: Span): void {
    this.attributes.push(span);
  }

  /** Call once after all spans were added. A wrapper around several wrapped nodes wraps none of them. */
  seal(): void {
    for (const ids of this.wrapped.values()) if (ids.size > 1) for (const id of ids) this.wrappers.delete(id);
    this.sortedCommentStarts = [...this.commentStarts.keys()].sort((a, b) => a - b);
    this.attributes.sort((a, b) => a.end - b.end);
  }

  /** The full span of a declaration whose core is `node`. */
  fullSpan(node: Node, absorbSemicolon = false): Span {
    let start = node.startIndex;
    let end = node.endIndex;
    let wrapper = this.wrappers.get(node.id);
    for (let guard = 0; wrapper && guard < 16; guard++) {
      start = Math.min(start, wrapper.startIndex);
      end = Math.max(end, wrapper.endIndex);
      wrapper = this.wrappers.get(wrapper.id);
    }
    return this.trim({ start: this.withAttributes(start), end }, absorbSemicolon);
  }

  /** Cuts trailing comments and whitespace (keeping a same-line comment) and leading comments. */
  trim(span: Span, absorbSemicolon = false): Span {
    let end = this.lastTokenEnd(span.start, span.end);
    if (absorbSemicolon) end = this.absorbSemicolon(end);
    end = this.sameLineComment(end);
    let start = span.start;
    for (let guard = 0; guard < 1000; guard++) {
      start = this.skipWhitespace(start, end);
      const commentEnd = this.commentStarts.get(start);
      if (commentEnd === undefined || commentEnd >= end) break;
      start = commentEnd;
    }
    return { start: Math.min(start, end), end };
  }

  private lastTokenEnd(start: number, end: number): number {
    let firstStripped: number | undefined;
    for (let guard = 0; guard < 10_000; guard++) {
      end = this.trimWhitespaceBack(start, end);
      const commentStart = this.commentEnds.get(end);
      if (commentStart === undefined || commentStart <= start) break;
      firstStripped = commentStart;
      end = commentStart;
    }
    if (firstStripped !== undefined && this.onSameLine(end, firstStripped)) {
      return this.trimWhitespaceBack(start, this.commentStarts.get(firstStripped) ?? end);
    }
    return end;
  }

  /** A comment after the end on the same line, with at most one `,`/`;` separator between, belongs to it. */
  private sameLineComment(end: number): number {
    const next = this.firstCommentAtOrAfter(end);
    if (next === undefined || !this.onSameLine(end, next)) return end;
    let separators = 0;
    for (let i = end; i < next; i++) {
      const code = this.text.charCodeAt(i);
      if (code === 44 || code === 59) separators++;
      else if (!isHorizontalSpace(code)) return end;
    }
    if (separators > 1) return end;
    return this.trimWhitespaceBack(next, this.commentStarts.get(next) ?? end);
  }

  private absorbSemicolon(end: number): number {
    let i = end;
    while (i < this.text.length && isHorizontalSpace(this.text.charCodeAt(i))) i++;
    return this.text[i] === ';' ? i + 1 : end;
  }

  private withAttributes(start: number): number {
    for (let guard = 0; guard < 1000; guard++) {
      const attribute = this.attributeEndingBefore(start);
      if (!attribute || !this.onlyTrivia(attribute.end, start)) break;
      start = attribute.start;
    }
    return start;
  }

  private attributeEndingBefore(offset: number): Span | undefined {
    let low = 0;
    let high = this.attributes.length - 1;
    let found: Span | undefined;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const attribute = this.attributes[mid];
      if (attribute && attribute.end <= offset) {
        found = attribute;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found;
  }

  /** True when [from, to) holds only whitespace and comments. */
  private onlyTrivia(from: number, to: number): boolean {
    let i = from;
    while (i < to) {
      if (isWhitespace(this.text.charCodeAt(i))) i++;
      else {
        const commentEnd = this.commentStarts.get(i);
        if (commentEnd === undefined || commentEnd > to) return false;
        i = commentEnd;
      }
    }
    return true;
  }

  private firstCommentAtOrAfter(offset: number): number | undefined {
    const starts = this.sortedCommentStarts;
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((starts[mid] ?? 0) < offset) low = mid + 1;
      else high = mid;
    }
    return starts[low];
  }

  private onSameLine(from: number, to: number): boolean {
    for (let i = from; i < to; i++) {
      const code = this.text.charCodeAt(i);
      if (code === 10 || code === 13) return false;
    }
    return true;
  }

  private trimWhitespaceBack(start: number, end: number): number {
    while (end > start && isWhitespace(this.text.charCodeAt(end - 1))) end--;
    return end;
  }

  private skipWhitespace(start: number, end: number): number {
    while (start < end && isWhitespace(this.text.charCodeAt(start))) start++;
    return start;
  }
}

function isHorizontalSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 12 || code === 11;
}

function isWhitespace(code: number): boolean {
  return (
    code === 32 ||
    code === 9 ||
    code === 10 ||
    code === 13 ||
    code === 12 ||
    code === 11 ||
    code === 0xa0 ||
    code === 0xfeff
  );
}
