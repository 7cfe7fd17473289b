/**
 * Kotlin hooks: an unnamed companion object is `Companion`; `fun T.f()` (extension) is named `T.f`;
 * functions in a class, object or interface are methods; `val`/`var` are properties in a class,
 * variables at top level, constants with `const`, and not symbols in a block, lambda or `init`;
 * a property's getter/setter (siblings in this grammar) belong to its full range.
 */
import type { Node } from 'web-tree-sitter';
import type { Candidate, LanguageHooks, SymbolMatch } from '../hooks.js';
import { baseTypeNode, isComment, namedChildOfType, nodeSpan } from '../node-utils.js';

const TYPE_KINDS = new Set(['class', 'interface', 'enum', 'object']);
/** Parents of member and top-level `val`/`var`; elsewhere (blocks, lambdas, `init`) they are locals. */
const DECLARING_PARENTS = new Set(['source_file', 'class_body', 'enum_class_body']);

/** Hooks for the Kotlin grammar. */
export const hooks: LanguageHooks = {
  refine(match, defaults) {
    switch (match.node.type) {
      case 'companion_object':
        return companion(match);
      case 'function_declaration':
        return defaults && extension(match, defaults);
      case 'property_declaration':
        return defaults && property(match, defaults);
      default:
        return defaults ?? null;
    }
  },
  place(candidate, { ancestors }) {
    const parent = ancestors[ancestors.length - 1];
    const inType = parent !== undefined && TYPE_KINDS.has(parent.kind);
    if (candidate.kind === 'function') return inType ? { kind: 'method' } : undefined;
    return candidate.kind === 'property' && !inType ? { kind: 'variable' } : undefined;
  },
};

function companion(match: SymbolMatch): Candidate | null {
  const named = namedChildOfType(match.node, 'type_identifier');
  const keyword = match.captures.find((c) => c.name === '_companion')?.node;
  const nameNode = named ?? keyword;
  if (!nameNode) return null;
  return {
    kind: 'object',
    name: named ? match.text.slice(named.startIndex, named.endIndex) : 'Companion',
    nameSpan: nodeSpan(nameNode),
    rangeNode: match.node,
  };
}

/** `fun List<T>.second()` → qualifier `List`. */
function extension(match: SymbolMatch, defaults: Candidate): Candidate {
  const dot = match.name?.previousSibling;
  const receiver = dot?.type === '.' ? dot.previousNamedSibling : null;
  if (!receiver) return defaults;
  const base = baseTypeNode(receiver) ?? receiver;
  return { ...defaults, qualifier: [match.text.slice(base.startIndex, base.endIndex)] };
}

function property(match: SymbolMatch, defaults: Candidate): Candidate | null {
  if (!DECLARING_PARENTS.has(match.node.parent?.type ?? '')) return null;
  const kind = isConst(match.node, match.text) ? 'constant' : defaults.kind;
  if (match.shared) return { ...defaults, kind };
  return { ...defaults, kind, fullSpan: withAccessors(match.node), reach: accessorReach(match.node) };
}

function isConst(node: Node, text: string): boolean {
  const modifiers = namedChildOfType(node, 'modifiers');
  if (!modifiers) return false;
  for (let i = 0; i < modifiers.namedChildCount; i++) {
    const modifier = modifiers.namedChild(i);
    if (
      modifier?.type === 'property_modifier' &&
      text.slice(modifier.startIndex, modifier.endIndex) === 'const'
    ) {
      return true;
    }
  }
  return false;
}

/** The property plus the `get()`/`set()` that follow it, and a comment on the last one's line. */
function withAccessors(node: Node): { start: number; end: number } {
  let last: Node = node;
  for (let next = node.nextNamedSibling; next; next = next.nextNamedSibling) {
    if (next.type === 'getter' || next.type === 'setter') last = next;
    else if (!isComment(next)) break;
  }
  const after = last.nextNamedSibling;
  const end =
    after && isComment(after) && after.startPosition.row === last.endPosition.row
      ? after.endIndex
      : last.endIndex;
  return { start: node.startIndex, end };
}

/** Where an accessor of the property may appear: up to the next sibling that is neither accessor nor comment. */
function accessorReach(node: Node): { start: number; end: number } {
  let next = node.nextNamedSibling;
  while (next && (next.type === 'getter' || next.type === 'setter' || isComment(next)))
    next = next.nextNamedSibling;
  return { start: node.startIndex, end: next?.startIndex ?? node.parent?.endIndex ?? node.endIndex };
}
