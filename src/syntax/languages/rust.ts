/**
 * Rust hooks (docs/locate-strings.md, "Which declarations are symbols"): a fn directly inside `impl` or `trait` is a method, any other fn
 * (free, nested in a fn body, in `extern` blocks) a function.
 */
import type { LanguageHooks } from '../hooks.js';

/** Hooks for the Rust grammar. */
export const hooks: LanguageHooks = {
  place(candidate, { ancestors, inContainer }) {
    if (candidate.kind !== 'function') return undefined;
    const parent = ancestors[ancestors.length - 1];
    return inContainer || parent?.kind === 'interface' ? { kind: 'method' } : undefined;
  },
};
