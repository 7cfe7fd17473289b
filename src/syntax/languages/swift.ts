/**
 * Swift hooks: functions inside a type, protocol or extension are methods; `let`/`var` are
 * properties in a type or extension, constants/variables at top level, and not symbols in a body,
 * accessor or closure; `extension Outer.Inner` names its members `Outer.Inner.member`.
 */
import type { Node } from 'web-tree-sitter';
import type { Candidate, LanguageHooks, SymbolMatch } from '../hooks.js';
import { namedChildOfType, nodeSpan } from '../node-utils.js';

const TYPE_KINDS = new Set(['class', 'struct', 'enum', 'interface']);
/** Parents of member and top-level `let`/`var`; elsewhere (bodies, accessors, closures) they are locals. */
const DECLARING_PARENTS = new Set(['source_file', 'class_body', 'enum_class_body', 'protocol_body']);

/** Hooks for the Swift grammar. */
export const hooks: LanguageHooks = {
  refine(match, defaults) {
    if (match.node.type === 'function_declaration') return functionName(match);
    if (!defaults) return null;
    if (match.node.type !== 'property_declaration') return defaults;
    if (!DECLARING_PARENTS.has(match.node.parent?.type ?? '')) return null;
    return { ...defaults, kind: isLet(match.node, match.text) ? 'constant' : 'variable' };
  },
  place(candidate, { ancestors, inContainer }) {
    const parent = ancestors[ancestors.length - 1];
    const inType = inContainer || (parent !== undefined && TYPE_KINDS.has(parent.kind));
    switch (candidate.kind) {
      case 'function':
        return inType ? { kind: 'method' } : undefined;
      case 'constant':
      case 'variable':
        return inType ? { kind: 'property' } : undefined;
      default:
        return undefined;
    }
  },
  segments(node: Node, text: string) {
    const parts: string[] = [];
    for (let i = 0; i < node.namedChildCount; i++) {
      const child = node.namedChild(i);
      if (child?.type === 'type_identifier') parts.push(text.slice(child.startIndex, child.endIndex));
    }
    return parts.length > 0 ? parts : [text.slice(node.startIndex, node.endIndex)];
  },
};

/** The first `name:` child: the grammar also labels parameter and return types `name:`. */
function functionName(match: SymbolMatch): Candidate | null {
  const name = match.node.childForFieldName('name');
  if (!name) return null;
  return {
    kind: match.kind,
    name: match.text.slice(name.startIndex, name.endIndex),
    nameSpan: nodeSpan(name),
    rangeNode: match.node,
  };
}

function isLet(node: Node, text: string): boolean {
  const binding = namedChildOfType(node, 'value_binding_pattern');
  const mutability = binding?.childForFieldName('mutability');
  return (
    mutability !== null &&
    mutability !== undefined &&
    text.slice(mutability.startIndex, mutability.endIndex) === 'let'
  );
}
