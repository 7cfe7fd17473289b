/**
 * Go hooks (docs/locate-strings.md, "Which declarations are symbols"): an embedded struct field, or an interface
 * embedded in an interface, is a field named after its type (`*sync.Mutex` → `Mutex`). Receivers use the engine's default qualifier (base type name).
 */
import type { LanguageHooks } from '../hooks.js';
import { baseTypeNode, nodeSpan } from '../node-utils.js';

/** Hooks for the Go grammar. */
export const hooks: LanguageHooks = {
  refine(match, defaults) {
    if (!defaults || !match.name) return null;
    const embedded = match.node.type === 'field_declaration' || match.node.type === 'type_elem';
    if (!embedded || match.name.type === 'field_identifier') return defaults;
    const base = baseTypeNode(match.name);
    if (!base) return null;
    return { ...defaults, name: match.text.slice(base.startIndex, base.endIndex), nameSpan: nodeSpan(base) };
  },
};
