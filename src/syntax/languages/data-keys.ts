/**
 * What the data-file hooks share (JSON, YAML, TOML; docs/locate-strings.md, "Key paths"): a key is a symbol named by
 * its decoded text, an array element a symbol named by its 0-based index, and a symbol's kind says what its value
 * is (`object`, `array`, `string`, `number`, `boolean`, `null`). Index names depend on the siblings before them, so
 * these languages set `positionalNames` and an outline update re-queries the whole tree.
 */
import type { Node } from 'web-tree-sitter';
import type { Span } from '../../core/positions.js';
import type { SymbolKindName } from '../../locate/outline.js';
import type { Candidate } from '../hooks.js';
import { nodeSpan } from '../node-utils.js';

/** The kind of a value by its node type; `string` for scalars the table does not name. */
export function valueKind(
  node: Node | null | undefined,
  kinds: Readonly<Record<string, SymbolKindName>>,
): SymbolKindName {
  if (!node) return 'null';
  return kinds[node.type] ?? 'string';
}

/** The named children of a node that are not comments, in order. */
export function elements(node: Node): Node[] {
  return node.namedChildren.filter(
    (child): child is Node => child !== null && !child.type.endsWith('comment'),
  );
}

/**
 * The name range of an element: its first token when it holds keys or elements of its own (`{`, `[`, a YAML `-`),
 * so that the name does not cover their names; else the whole scalar.
 */
export function elementNameSpan(node: Node, container: boolean): Span {
  if (!container) return nodeSpan(node);
  let first: Node = node;
  for (let depth = 0; depth < 16 && first.childCount > 0; depth++) first = first.child(0) ?? first;
  return nodeSpan(first);
}

/** The candidates of an array's elements: `0`, `1`, … with their own value kinds. */
export function elementCandidates(
  items: readonly Node[],
  kindOf: (item: Node) => SymbolKindName,
  valueOf: (item: Node) => Node | undefined = (item) => item,
  dashed = false,
): Candidate[] {
  return items.map((item, index) => {
    const value = valueOf(item);
    const kind = value ? kindOf(value) : 'null';
    const container = dashed || kind === 'object' || kind === 'array';
    return { kind, name: String(index), nameSpan: elementNameSpan(item, container), rangeNode: item };
  });
}

/** A double-quoted string's value (JSON escapes), else its text between the quotes. */
export function decodeDoubleQuoted(quoted: string): string {
  try {
    const value: unknown = JSON.parse(quoted);
    if (typeof value === 'string') return value;
  } catch {
    // not JSON-compatible (a YAML `\x41` or an unknown escape): the raw text between the quotes
  }
  return quoted.slice(1, -1);
}

/** The span inside a quoted token (`"a"` → `a`), or the token's own span when it is not quoted. */
export function innerSpan(node: Node, text: string): Span {
  const first = text[node.startIndex];
  const quoted = node.endIndex - node.startIndex >= 2 && (first === '"' || first === "'");
  return quoted ? { start: node.startIndex + 1, end: node.endIndex - 1 } : nodeSpan(node);
}
