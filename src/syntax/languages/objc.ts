/**
 * Objective-C hooks: methods are named by their selector (`- (void)addItem:(id)item quantity:(int)q` →
 * `addItem:quantity:`, as clangd names them), with the first keyword as the name range; a property by the name its
 * declarator declares. Everything else is C (`c.ts`), without C's macro recovery (its masks do not know `@` syntax);
 * instead the parser sees Apple's annotation macros blanked (`NS_ASSUME_NONNULL_BEGIN`, `API_AVAILABLE(ios(13))`,
 * `NS_DESIGNATED_INITIALIZER`, …) and `typedef NS_ENUM(NSInteger, Status)` as `enum Status`, at the same offsets.
 */
import type { Node } from 'web-tree-sitter';
import type { Candidate, LanguageHooks, SymbolMatch } from '../hooks.js';
import { nodeSpan } from '../node-utils.js';
import { hooks as c } from './c.js';

// Annotation macros that expand to attributes or nothing; an argument list may nest one level (`ios(13.0)`).
const ANNOTATIONS =
  /\b(?:NS_ASSUME_NONNULL_(?:BEGIN|END)|NS_DESIGNATED_INITIALIZER|NS_UNAVAILABLE|NS_REQUIRES_SUPER|DEPRECATED_ATTRIBUTE|NS_SWIFT_NOTHROW|(?:API|NS)_(?:AVAILABLE|UNAVAILABLE|DEPRECATED|SWIFT_NAME|SWIFT_UNAVAILABLE|REFINED_FOR_SWIFT|EXTENSION_UNAVAILABLE)\w*\s*(?:\([^()\n]*(?:\([^()\n]*\)[^()\n]*)*\))?)/g;
const ENUM_MACRO = /\b(?:typedef\s+)?NS_(?:ENUM|OPTIONS|CLOSED_ENUM|ERROR_ENUM)\s*\([^,()\n]*,\s*(\w+)\s*\)/g;

/** The text the parser sees: annotation macros blanked, `NS_ENUM(T, Name)` as `enum Name`, all at the same length. */
function prepareObjc(text: string): string {
  return text
    .replace(ANNOTATIONS, (macro) => macro.replace(/[^\n]/g, ' '))
    .replace(ENUM_MACRO, (macro, name: string) => {
      const at = macro.lastIndexOf(name);
      return 'enum'.padEnd(at, ' ') + name + ' '.repeat(macro.length - at - name.length);
    });
}

/** Hooks for the Objective-C grammar. */
export const hooks: LanguageHooks = {
  prepareText: prepareObjc,
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
