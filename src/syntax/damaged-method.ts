/**
 * A damaged class statement whose errors all lie in one method (docs/performance.md, "broken code"): the
 * fallback parses that method alone, inside a class of its own, instead of the whole class. A 3 KB class
 * cost the compiler 2–10 ms per edit (more while it is still cold) and classes over 4 KB got no fallback at all;
 * a method is a few hundred characters, and the other members keep tree-sitter's outline, which the error
 * did not touch (it lies in the method).
 */
import type { Node } from 'web-tree-sitter';
import type { Span } from '../core/positions.js';
import type { FallbackSymbols } from './hooks.js';
import { errorSpans } from './incremental.js';

const CLASSES = new Set(['class_declaration', 'abstract_class_declaration']);
/** What the method is parsed in; the wrapper class's own symbol is dropped from the answer. */
const PREFIX = 'class _ {\n';
const SUFFIX = '\n}\n';

/**
 * The method of a top-level class statement (exported or not) that holds every error of the statement,
 * or undefined: errors in the class's name, heritage or braces, in a member that is not a method, in
 * several members, or a decorated method (its decorators are siblings in tree-sitter's tree).
 */
export function methodHoldingErrors(top: Node): Span | undefined {
  const declaration = top.type === 'export_statement' ? top.childForFieldName('declaration') : top;
  if (!declaration || !CLASSES.has(declaration.type)) return undefined;
  const body = declaration.childForFieldName('body');
  if (!body || body.type !== 'class_body') return undefined;
  let holder: Node | undefined;
  for (const member of body.children) {
    if (!member || (!member.hasError && !member.isError && !member.isMissing)) continue;
    if (holder) return undefined;
    holder = member;
  }
  if (!holder || holder.type !== 'method_definition' || holder.isError) return undefined;
  const method = { start: holder.startIndex, end: holder.endIndex };
  if (errorSpans(top).some((e) => e.start < method.start || e.end > method.end)) return undefined;
  if (holder.previousSibling?.type === 'decorator') return undefined;
  return method;
}

/**
 * Whether the method region can stand for its statement: nothing but blanks after it on its last line (a
 * same-line comment belongs to the method's full range, which must lie inside the region).
 */
export function endsItsLine(text: string, method: Span): boolean {
  for (let i = method.end; i < text.length; i++) {
    const c = text[i];
    if (c === '\n' || c === '\r') return true;
    if (c !== ' ' && c !== '\t') return false;
  }
  return true;
}

/** The text the fallback parses for a method. */
export function inClass(method: string): string {
  return PREFIX + method + SUFFIX;
}

/** The fallback's answer for `inClass(method)` as an answer for the method alone. */
export function outOfClass(symbols: FallbackSymbols, length: number): FallbackSymbols {
  const move = (span: Span): Span => ({
    start: Math.min(Math.max(span.start - PREFIX.length, 0), length),
    end: Math.min(Math.max(span.end - PREFIX.length, 0), length),
  });
  const candidates = symbols.candidates
    .filter((c) => c.nameSpan.start >= PREFIX.length && c.fullSpan.end <= PREFIX.length + length)
    .map((c) => ({ ...c, nameSpan: move(c.nameSpan), fullSpan: move(c.fullSpan) }));
  return { candidates, errors: symbols.errors.map(move) };
}
