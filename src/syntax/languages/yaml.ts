/**
 * YAML hooks (docs/locate-strings.md, "Key paths"): a mapping pair is a symbol named by its key scalar, decoded
 * (`"a b"` → `a b`, `'it''s'` → `it's`; anchors and tags are not part of the name); a sequence's items are symbols
 * named `0`, `1`, …; kinds by value type (an alias `*x` is a variable).
 */
import type { Node } from 'web-tree-sitter';
import type { SymbolKindName } from '../../locate/outline.js';
import type { LanguageHooks } from '../hooks.js';
import { nodeSpan } from '../node-utils.js';
import { decodeDoubleQuoted, elementCandidates, elements, innerSpan, valueKind } from './data-keys.js';

const KINDS: Readonly<Record<string, SymbolKindName>> = {
  block_mapping: 'object',
  flow_mapping: 'object',
  block_sequence: 'array',
  flow_sequence: 'array',
  integer_scalar: 'number',
  float_scalar: 'number',
  boolean_scalar: 'boolean',
  null_scalar: 'null',
  alias: 'variable',
};

/** Nodes around a value that are not the value: `flow_node`/`block_node` wrap it with anchors and tags. */
const WRAPPERS = new Set(['flow_node', 'block_node', 'plain_scalar', 'block_sequence_item']);

/** Hooks for the YAML grammar. */
export const hooks: LanguageHooks = {
  positionalNames: true,
  refine(match, defaults) {
    const node = match.node;
    if (node.type === 'block_sequence' || node.type === 'flow_sequence') {
      const dashed = node.type === 'block_sequence';
      return elementCandidates(elements(node), (v) => valueKind(v, KINDS), innerValue, dashed);
    }
    if (!defaults || !match.name) return null;
    const scalar = innerValue(match.name) ?? match.name;
    return {
      ...defaults,
      kind: valueKind(innerValue(node.childForFieldName('value')), KINDS),
      name: keyName(scalar, match.text),
      nameSpan: scalar.type.endsWith('quote_scalar') ? innerSpan(scalar, match.text) : nodeSpan(scalar),
    };
  },
};

/** The value inside wrappers, anchors and tags (undefined for an empty value such as `key:`). */
function innerValue(node: Node | null | undefined): Node | undefined {
  let current = node ?? undefined;
  for (let depth = 0; current && WRAPPERS.has(current.type) && depth < 16; depth++) {
    const inner = elements(current).filter((child) => child.type !== 'anchor' && child.type !== 'tag');
    if (current.type === 'plain_scalar') return inner[0] ?? current;
    current = inner[inner.length - 1];
  }
  return current;
}

function keyName(scalar: Node, text: string): string {
  const raw = text.slice(scalar.startIndex, scalar.endIndex);
  if (scalar.type === 'double_quote_scalar') return decodeDoubleQuoted(raw);
  if (scalar.type === 'single_quote_scalar') return raw.slice(1, -1).replaceAll("''", "'");
  return raw.replace(/\s+/g, ' ').trim();
}
