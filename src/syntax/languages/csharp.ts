/**
 * C# hooks: `namespace A.B` is the two segments `A.B`; a file-scoped `namespace A.B;` extends over
 * the declarations after it (they are in that namespace); destructors are named `~Foo`, operators
 * `operator+`, conversion operators by their metadata names `op_Implicit` / `op_Explicit`.
 */
import type { Node } from 'web-tree-sitter';
import type { Candidate, LanguageHooks, SymbolMatch } from '../hooks.js';
import { hasToken, isComment, nodeSpan } from '../node-utils.js';

/** Hooks for the C# grammar. */
export const hooks: LanguageHooks = {
  refine(match, defaults) {
    if (!defaults) return null;
    switch (match.node.type) {
      case 'namespace_declaration':
        return dottedName(match, defaults);
      case 'file_scoped_namespace_declaration':
        return { ...dottedName(match, defaults), ...fileScopedExtent(match.node) };
      case 'destructor_declaration':
        return destructor(match, defaults);
      case 'operator_declaration':
        return { ...defaults, name: `operator${defaults.name}` };
      case 'conversion_operator_declaration':
        return { ...defaults, name: hasToken(match.node, 'explicit') ? 'op_Explicit' : 'op_Implicit' };
      default:
        return defaults;
    }
  },
};

/** `A.B.C` → qualifier `A.B`, name `C` (name range on `C`). */
function dottedName(match: SymbolMatch, defaults: Candidate): Candidate {
  const name = match.name;
  if (!name || name.type !== 'qualified_name') return defaults;
  const last = name.childForFieldName('name') ?? name;
  const qualifier = name.childForFieldName('qualifier');
  const segments = qualifier ? match.text.slice(qualifier.startIndex, qualifier.endIndex).split('.') : [];
  return {
    ...defaults,
    name: match.text.slice(last.startIndex, last.endIndex),
    nameSpan: nodeSpan(last),
    qualifier: segments.map((s) => s.trim()).filter((s) => s.length > 0),
  };
}

/** From `namespace X;` to the end of the last declaration after it (comments excluded). */
function fileScopedExtent(node: Node): Pick<Candidate, 'fullSpan' | 'reach'> {
  let end = node.endIndex;
  for (let next = node.nextNamedSibling; next; next = next.nextNamedSibling) {
    if (!isComment(next)) end = next.endIndex;
  }
  // A declaration added after the last one joins the namespace too.
  const reach = { start: node.startIndex, end: node.parent?.endIndex ?? end };
  return { fullSpan: { start: node.startIndex, end }, reach };
}

/** `~Foo()` is named `~Foo`, its name range starting at the tilde. */
function destructor(match: SymbolMatch, defaults: Candidate): Candidate {
  const tilde = match.name?.previousSibling;
  if (!tilde || tilde.type !== '~') return { ...defaults, name: `~${defaults.name}` };
  return {
    ...defaults,
    name: `~${defaults.name}`,
    nameSpan: { start: tilde.startIndex, end: defaults.nameSpan.end },
  };
}
