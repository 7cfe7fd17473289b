/**
 * Small helpers over tree-sitter nodes shared by the engine and the language hooks.
 * They return plain data (spans, strings) or nodes of the same live tree; never keep a node.
 */
import type { Node } from 'web-tree-sitter';
import type { Span } from '../core/positions.js';

/** The UTF-16 span of a node. */
export function nodeSpan(node: Node): Span {
  return { start: node.startIndex, end: node.endIndex };
}

const NAME_LIKE = /(^|_)(identifier|name)$|^constant$|^word$/;
const SKIPPED = new Set([
  'type_arguments',
  'type_parameters',
  'lifetime',
  'mutable_specifier',
  'template_argument_list',
]);

/**
 * The identifier that names a type expression, with pointers, references, generics and paths
 * stripped: `*Box[T]` → `Box`, `&crate::a::Foo<T>` → `Foo`, `pkg.Mutex` → `Mutex`.
 */
export function baseTypeNode(node: Node): Node | undefined {
  let current: Node | null = node;
  for (let depth = 0; current && depth < 32; depth++) {
    if (NAME_LIKE.test(current.type) && current.namedChildCount === 0) return current;
    current =
      current.childForFieldName('name') ??
      current.childForFieldName('type') ??
      current.childForFieldName('element') ??
      lastNamedChild(current);
  }
  return undefined;
}

function lastNamedChild(node: Node): Node | null {
  for (let i = node.namedChildCount - 1; i >= 0; i--) {
    const child = node.namedChild(i);
    if (child && !SKIPPED.has(child.type) && !child.type.endsWith('comment')) return child;
  }
  return null;
}

/** Name and span of a string literal's content (quotes stripped), as for `declare module "x"`. */
export function stringContent(node: Node, text: string): { name: string; span: Span } {
  let start = node.startIndex;
  let end = node.endIndex;
  const open = text[start];
  if (open === '"' || open === "'" || open === '`') {
    start++;
    if (end > start && text[end - 1] === open) end--;
  }
  return { name: text.slice(start, end), span: { start, end } };
}

/** True when a node of this type is a comment. */
export function isComment(node: Node): boolean {
  return /(^|_)comment$/.test(node.type);
}

/** First named child of one of the given types. */
export function namedChildOfType(node: Node, types: ReadonlySet<string> | string): Node | undefined {
  for (let i = 0; i < node.namedChildCount; i++) {
    const child = node.namedChild(i);
    if (child && (typeof types === 'string' ? child.type === types : types.has(child.type))) return child;
  }
  return undefined;
}

/** Named children of a node (without nulls). */
export function namedChildren(node: Node): Node[] {
  const out: Node[] = [];
  for (let i = 0; i < node.namedChildCount; i++) {
    const child = node.namedChild(i);
    if (child) out.push(child);
  }
  return out;
}

/** True when an anonymous child token with this text exists directly under the node (`"get"`, `"const"`). */
export function hasToken(node: Node, token: string): boolean {
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i);
    if (child && !child.isNamed && child.type === token) return true;
  }
  return false;
}
