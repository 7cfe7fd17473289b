/**
 * OCaml hooks (.ml and .mli): a `let` with parameters or a `fun`/`function` body is a function, any other a
 * variable; a `val` or `external` of a function type is a function, any other a variable.
 */
import type { LanguageHooks } from '../hooks.js';

const FUNCTION_BODIES = new Set(['fun_expression', 'function_expression']);

/** Hooks for the ocaml and ocaml_interface grammars. */
export const hooks: LanguageHooks = {
  refine(match, defaults) {
    if (!defaults || match.kind !== 'function') return defaults;
    const node = match.node;
    if (node.type === 'let_binding') {
      const hasParameters = node.namedChildren.some((child) => child?.type === 'parameter');
      const body = node.childForFieldName('body');
      const isFunction = hasParameters || (body !== null && FUNCTION_BODIES.has(body.type));
      return isFunction ? defaults : { ...defaults, kind: 'variable' };
    }
    const type = node.childForFieldName('type');
    return type?.type === 'function_type' ? defaults : { ...defaults, kind: 'variable' };
  },
};
