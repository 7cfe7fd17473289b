/**
 * Dart hooks. The grammar puts a method's signature and its body side by side (`method_signature` then
 * `function_body`), so a function's full range runs from its first annotation to the end of the body that
 * follows; a top-level `const`/`final` takes in its keyword before it. Constructors are named like the class
 * (`Cart(…)` → `Cart.Cart`), named and factory constructors by their last name (`Cart.empty`). An unnamed
 * `library;` is blanked before parsing (same length), as the grammar predates it.
 */
import type { Node } from 'web-tree-sitter';
import type { Span } from '../../core/positions.js';
import type { Candidate, LanguageHooks, SymbolMatch } from '../hooks.js';
import { nodeSpan } from '../node-utils.js';

const SIGNATURES = new Set([
  'method_signature',
  'function_signature',
  'getter_signature',
  'setter_signature',
]);
const MODIFIERS = new Set(['const_builtin', 'final_builtin', 'inferred_type', 'type_identifier']);

// Dart 2.19's unnamed `library;` directive, which the grammar does not know (it reports a missing name).
const UNNAMED_LIBRARY = /^library\s*;/gm;

/** Hooks for the Dart grammar. */
export const hooks: LanguageHooks = {
  prepareText: (text) => text.replace(UNNAMED_LIBRARY, (directive) => directive.replace(/\S/g, ' ')),
  refine(match, defaults) {
    const candidate = match.kind === 'constructor' ? constructor(match) : defaults;
    if (!candidate) return null;
    const node = match.node;
    if (SIGNATURES.has(node.type)) return withBody(candidate, node);
    if (node.parent?.type === 'program') return withModifiers(candidate, node);
    return candidate;
  },
};

/** `Cart(…)`, `Cart.empty(…)`, `factory Cart.fromJson(…)`: the last identifier of the signature names it. */
function constructor(match: SymbolMatch): Candidate | undefined {
  const signature = match.captures.find((c) => c.name === '_constructor')?.node;
  const names = signature?.namedChildren.filter((c): c is Node => c?.type === 'identifier') ?? [];
  const last = names[names.length - 1];
  if (!last) return undefined;
  return {
    kind: 'constructor',
    name: match.text.slice(last.startIndex, last.endIndex),
    nameSpan: nodeSpan(last),
  };
}

/** From the first annotation before the signature to the end of the `function_body` after it. */
function withBody(candidate: Candidate, signature: Node): Candidate {
  let start = signature.startIndex;
  for (
    let prev = signature.previousNamedSibling;
    prev?.type === 'annotation';
    prev = prev.previousNamedSibling
  )
    start = prev.startIndex;
  const body = signature.nextNamedSibling;
  const end = body?.type === 'function_body' ? body.endIndex : signature.endIndex;
  const fullSpan: Span = { start, end };
  return { ...candidate, fullSpan, reach: fullSpan };
}

/** A top-level `const x = 1;` / `int y = 2;`: the keyword and type before the declaration list belong to it. */
function withModifiers(candidate: Candidate, list: Node): Candidate {
  let start = list.startIndex;
  for (let prev = list.previousSibling; prev && MODIFIERS.has(prev.type); prev = prev.previousSibling)
    start = prev.startIndex;
  let end = list.endIndex;
  const next = list.nextSibling;
  if (next?.type === ';') end = next.endIndex;
  return { ...candidate, fullSpan: { start, end } };
}
