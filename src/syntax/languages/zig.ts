/**
 * Zig hooks: a `const` declaration is a constant, a `var` a variable; a function inside a struct, enum or union
 * is a method and a field of an enum an enum member.
 */
import type { LanguageHooks } from '../hooks.js';

const CONST_DECLARATION = /^(?:pub\s+)?(?:(?:export|extern(?:\s+"[^"]*")?|threadlocal|comptime)\s+)*const\b/;

/** Hooks for the Zig grammar. */
export const hooks: LanguageHooks = {
  refine(match, defaults) {
    if (!defaults || match.kind !== 'variable') return defaults;
    const head = match.text.slice(match.node.startIndex, defaults.nameSpan.start);
    return { ...defaults, kind: CONST_DECLARATION.test(head) ? 'constant' : 'variable' };
  },
  place(candidate, { ancestors }) {
    const parent = ancestors[ancestors.length - 1];
    if (!parent) return undefined;
    if (
      candidate.kind === 'function' &&
      (parent.kind === 'struct' || parent.kind === 'enum' || parent.kind === 'type')
    )
      return { kind: 'method' };
    if (candidate.kind === 'field' && parent.kind === 'enum') return { kind: 'enummember' };
    return undefined;
  },
};
