/**
 * Elixir hooks: `defmodule Shop.Cart` is the module `Cart` in `Shop` (nested modules add their own segments);
 * `defimpl Shop.Priced, for: Map` is the module `Shop.Priced.Map`, the name Elixir gives it; `defmacro` defines a
 * macro; struct fields are named without their `:`.
 */
import type { Node } from 'web-tree-sitter';
import type { Candidate, LanguageHooks, SymbolMatch } from '../hooks.js';

const MACROS = new Set(['defmacro', 'defmacrop']);

/** Hooks for the Elixir grammar. */
export const hooks: LanguageHooks = {
  refine(match, defaults) {
    if (!defaults || !match.name) return null;
    const keyword = match.captures.find((c) => c.name === '_kw')?.node;
    const kw = keyword ? match.text.slice(keyword.startIndex, keyword.endIndex) : '';
    if (match.kind === 'module') return moduleName(match, defaults, kw === 'defimpl');
    if (match.kind === 'field') return fieldName(defaults);
    if (match.kind === 'function' && MACROS.has(kw)) return { ...defaults, kind: 'macro' };
    return defaults;
  },
};

/** `A.B.C` → name `C` (its own range), qualifier `A.B`; `defimpl P, for: T` appends `T`'s segments. */
function moduleName(match: SymbolMatch, defaults: Candidate, impl: boolean): Candidate {
  const segments = defaults.name.split('.');
  const lastStart = defaults.nameSpan.start + defaults.name.lastIndexOf('.') + 1;
  const target = impl ? forTarget(match.node, match.text) : undefined;
  const all = target ? [...segments, ...target.split('.')] : segments;
  return {
    ...defaults,
    name: all[all.length - 1] ?? defaults.name,
    nameSpan: target ? defaults.nameSpan : { start: lastStart, end: defaults.nameSpan.end },
    qualifier: all.length > 1 ? all.slice(0, -1) : undefined,
  };
}

/** The alias after `for:` in `defimpl P, for: T`. */
function forTarget(call: Node, text: string): string | undefined {
  const args = call.namedChildren.find((child) => child?.type === 'arguments');
  for (const pair of args?.descendantsOfType('pair') ?? []) {
    const key = pair?.childForFieldName('key');
    const value = pair?.childForFieldName('value');
    if (key && value?.type === 'alias' && text.slice(key.startIndex, key.endIndex).trim() === 'for:')
      return text.slice(value.startIndex, value.endIndex);
  }
  return undefined;
}

/** `items: ` (keyword) and `:sku` (atom) → `items`, `sku`. */
function fieldName(defaults: Candidate): Candidate {
  const raw = defaults.name;
  const name = raw.replace(/^:/, '').replace(/:\s*$/, '');
  const start = defaults.nameSpan.start + (raw.startsWith(':') ? 1 : 0);
  return { ...defaults, name, nameSpan: { start, end: start + name.length } };
}
