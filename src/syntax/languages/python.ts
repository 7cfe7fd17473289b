/**
 * Python hooks (docs/locate-strings.md, "Which declarations are symbols"): `def` under a class is a method; assignments are variables or
 * constants (`_*[A-Z][A-Z0-9_]*`) outside any def/class, fields in a class body, and nothing inside a
 * function; `self.x = …` in a method is a field of its class; one symbol per name per scope.
 */
import type { LanguageHooks } from '../hooks.js';

const CONSTANT = /^_*[A-Z][A-Z0-9_]*$/;

/** Hooks for the Python grammar. */
export const hooks: LanguageHooks = {
  refine(match, defaults) {
    if (!defaults) return null;
    if (match.node.type !== 'assignment') return defaults;
    if (match.kind === 'variable' && CONSTANT.test(defaults.name)) defaults.kind = 'constant';
    defaults.unique = true;
    return defaults;
  },
  place(candidate, { ancestors }) {
    const parent = ancestors[ancestors.length - 1];
    switch (candidate.kind) {
      case 'function':
        return parent?.kind === 'class' ? { kind: 'method' } : undefined;
      case 'variable':
      case 'constant':
      case 'type':
        if (!parent) return undefined;
        return parent.kind === 'class' ? { kind: candidate.kind === 'type' ? 'type' : 'field' } : 'drop';
      case 'field': {
        const owner = ancestors[ancestors.length - 2];
        return parent?.kind === 'method' && owner?.kind === 'class'
          ? { attachTo: ancestors.length - 2 }
          : 'drop';
      }
      default:
        return undefined;
    }
  },
};
