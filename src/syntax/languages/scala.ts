/**
 * Scala hooks: `def` in a class, object or trait is a method and `def this(…)` a constructor;
 * `val`/`var` are properties in a class, object or trait, variables at top level, and not symbols
 * in a block or lambda (`val a, b = …` and `val (a, b) = …` give each name); class parameters are
 * properties when marked `val`/`var` or of a case class.
 */
import type { Node } from 'web-tree-sitter';
import type { Candidate, LanguageHooks, SymbolMatch } from '../hooks.js';
import { hasToken, nodeSpan } from '../node-utils.js';

const TYPE_KINDS = new Set(['class', 'object', 'interface']);
/** Parents of member and top-level `val`/`var`; elsewhere (blocks, lambdas) they are locals. */
const DECLARING_PARENTS = new Set(['compilation_unit', 'template_body', 'with_template_body']);

/** Hooks for the Scala grammar. */
export const hooks: LanguageHooks = {
  refine(match, defaults) {
    if (!defaults) return null;
    if (match.node.type === 'class_parameter') return isMember(match.node) ? defaults : null;
    if (match.kind === 'function' && defaults.name === 'this') return { ...defaults, kind: 'constructor' };
    if (match.kind !== 'variable') return defaults;
    if (!DECLARING_PARENTS.has(match.node.parent?.type ?? '')) return null;
    return match.name && match.name.type !== 'identifier' ? patternNames(match) : defaults;
  },
  place(candidate, { ancestors }) {
    const parent = ancestors[ancestors.length - 1];
    const inType = parent !== undefined && TYPE_KINDS.has(parent.kind);
    switch (candidate.kind) {
      case 'function':
        return inType ? { kind: 'method' } : undefined;
      case 'variable':
        return inType ? { kind: 'property' } : undefined;
      default:
        return undefined;
    }
  },
};

/** `val a, b = …` (0.24: `identifiers`) and `val (a, b) = …`: each plain name, ranged by itself. */
function patternNames(match: SymbolMatch): Candidate[] {
  const pattern = match.name;
  if (!pattern || (pattern.type !== 'identifiers' && pattern.type !== 'tuple_pattern')) return [];
  const out: Candidate[] = [];
  for (let i = 0; i < pattern.namedChildCount; i++) {
    const child = pattern.namedChild(i);
    if (child?.type !== 'identifier') continue;
    const name = match.text.slice(child.startIndex, child.endIndex);
    out.push({ kind: match.kind, name, nameSpan: nodeSpan(child), rangeNode: child });
  }
  return out;
}

/** `val`/`var` parameters, and every parameter of a `case class`, are members. */
function isMember(parameter: Node): boolean {
  if (hasToken(parameter, 'val') || hasToken(parameter, 'var')) return true;
  const owner = parameter.parent?.parent;
  return owner?.type === 'class_definition' && hasToken(owner, 'case');
}
