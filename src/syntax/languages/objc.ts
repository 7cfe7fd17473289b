/**
 * Objective-C hooks: methods are named by their selector (`- (void)addItem:(id)item quantity:(int)q` →
 * `addItem:quantity:`, as clangd names them), with the first keyword as the name range; a property by the name its
 * declarator declares. Everything else is C (`c.ts`), without C's macro recovery (its masks do not know `@` syntax).
 */
import type { Node } from 'web-tree-sitter';
import type { Candidate, LanguageHooks, SymbolMatch } from '../hooks.js';
import { nodeSpan } from '../node-utils.js';
import { hooks as c } from './c.js';

/** Hooks for the Objective-C grammar. */
export const hooks: LanguageHooks = {
  refine(match, defaults) {
    const type = match.node.type;
    if (type === 'method_declaration' || type === 'method_definition') return selector(match);
    if (type === 'property_declaration') return property(match);
    return c.refine ? c.refine(match, defaults) : defaults;
  },
  place: c.place,
};

/** `addItem:quantity:` from the keywords before each parameter; a unary selector is its one identifier. */
function selector(match: SymbolMatch): Candidate | null {
  let name = '';
  let first: Node | undefined;
  const children = match.node.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child?.type !== 'identifier') continue;
    first ??= child;
    name += match.text.slice(child.startIndex, child.endIndex);
    const next = children[i + 1];
    if (next?.type === 'method_parameter' || next?.type === ':') name += ':';
  }
  if (!first) return null;
  return { kind: 'method', name, nameSpan: nodeSpan(first) };
}

/** `@property (…) NSMutableArray *items;` → `items` (the last identifier of its declarator). */
function property(match: SymbolMatch): Candidate | null {
  const names = match.node.descendantsOfType(['identifier', 'field_identifier']);
  const last = names[names.length - 1];
  if (!last) return null;
  return {
    kind: 'property',
    name: match.text.slice(last.startIndex, last.endIndex),
    nameSpan: nodeSpan(last),
  };
}
