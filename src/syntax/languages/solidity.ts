/**
 * Solidity hooks: `constructor`, `receive` and `fallback` are named by their keyword; a function or modifier in a
 * contract, interface or library is a method.
 */
import type { LanguageHooks } from '../hooks.js';
import { nodeSpan } from '../node-utils.js';

const OWNERS = new Set(['class', 'interface', 'module']);

/** Hooks for the Solidity grammar. */
export const hooks: LanguageHooks = {
  refine(match, defaults) {
    if (defaults) return defaults;
    const keyword = match.node.child(0);
    if (!keyword) return null;
    return {
      kind: match.kind,
      name: match.text.slice(keyword.startIndex, keyword.endIndex),
      nameSpan: nodeSpan(keyword),
    };
  },
  place(candidate, { ancestors }) {
    const parent = ancestors[ancestors.length - 1];
    if (candidate.kind === 'function' && parent && OWNERS.has(parent.kind)) return { kind: 'method' };
    return undefined;
  },
};
