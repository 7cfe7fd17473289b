/**
 * JSON hooks (docs/locate-strings.md, "Key paths"): a pair is a symbol named by its decoded key (the name range is
 * the text between the quotes), an array's elements are symbols named `0`, `1`, …; kinds by value type.
 */
import type { SymbolKindName } from '../../locate/outline.js';
import type { LanguageHooks } from '../hooks.js';
import { decodeDoubleQuoted, elementCandidates, elements, innerSpan, valueKind } from './data-keys.js';

const KINDS: Readonly<Record<string, SymbolKindName>> = {
  object: 'object',
  array: 'array',
  string: 'string',
  number: 'number',
  true: 'boolean',
  false: 'boolean',
  null: 'null',
};

/** Hooks for the JSON grammar. */
export const hooks: LanguageHooks = {
  positionalNames: true,
  refine(match, defaults) {
    if (match.node.type === 'array')
      return elementCandidates(elements(match.node), (v) => valueKind(v, KINDS));
    if (!defaults || !match.name) return null;
    const key = match.name;
    return {
      ...defaults,
      kind: valueKind(match.node.childForFieldName('value'), KINDS),
      name: decodeDoubleQuoted(match.text.slice(key.startIndex, key.endIndex)),
      nameSpan: innerSpan(key, match.text),
    };
  },
};
