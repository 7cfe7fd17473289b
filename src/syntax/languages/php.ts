/**
 * PHP hooks: `namespace A\B` is the two segments `A.B`, and the statement form `namespace A\B;`
 * extends over the declarations up to the next namespace (they are in it); `__construct` is the
 * constructor; promoted constructor parameters are properties of the class; top-level script
 * variables are recorded once per name.
 */
import type { Node } from 'web-tree-sitter';
import type { Candidate, LanguageHooks, SymbolMatch } from '../hooks.js';
import { isComment, nodeSpan } from '../node-utils.js';

/** Hooks for the PHP grammar. */
export const hooks: LanguageHooks = {
  refine(match, defaults) {
    if (!defaults) return null;
    switch (match.node.type) {
      case 'namespace_definition':
        return namespace(match, defaults);
      case 'method_declaration':
        return defaults.name.toLowerCase() === '__construct'
          ? { ...defaults, kind: 'constructor' }
          : defaults;
      default:
        return match.kind === 'variable' ? { ...defaults, unique: true } : defaults;
    }
  },
  place(candidate, { ancestors }) {
    if (candidate.kind !== 'property') return undefined;
    const parent = ancestors[ancestors.length - 1];
    // a promoted parameter lies inside the constructor: it belongs to the class
    return parent?.kind === 'constructor' && ancestors.length >= 2
      ? { attachTo: ancestors.length - 2 }
      : undefined;
  },
};

/** `A\B\C` → qualifier `A.B`, name `C`; `namespace X;` reaches to the next namespace statement. */
function namespace(match: SymbolMatch, defaults: Candidate): Candidate {
  const parts = match.name ? namedParts(match.name) : [];
  const last = parts[parts.length - 1];
  const named: Candidate = last
    ? {
        ...defaults,
        name: match.text.slice(last.startIndex, last.endIndex),
        nameSpan: nodeSpan(last),
        qualifier: parts.slice(0, -1).map((p) => match.text.slice(p.startIndex, p.endIndex)),
      }
    : defaults;
  if (match.node.childForFieldName('body')) return named;
  return { ...named, ...statementNamespaceExtent(match.node) };
}

function namedParts(name: Node): Node[] {
  const parts: Node[] = [];
  for (let i = 0; i < name.namedChildCount; i++) {
    const child = name.namedChild(i);
    if (child?.type === 'name') parts.push(child);
  }
  return parts;
}

/** The full span up to the last declaration before the next namespace, which a declaration may join until then. */
function statementNamespaceExtent(node: Node): Pick<Candidate, 'fullSpan' | 'reach'> {
  let end = node.endIndex;
  let next = node.nextNamedSibling;
  for (; next && next.type !== 'namespace_definition'; next = next.nextNamedSibling) {
    if (!isComment(next) && next.type !== 'text_interpolation') end = next.endIndex;
  }
  const reachEnd = next?.startIndex ?? node.parent?.endIndex ?? end;
  return { fullSpan: { start: node.startIndex, end }, reach: { start: node.startIndex, end: reachEnd } };
}
