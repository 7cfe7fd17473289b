/**
 * Lua hooks: `function M.a.f()` is `M.a.f` and `function M:m()` the method `M.m`; top-level
 * `M.x = …` is the field `M.x`; UPPER_CASE top-level names (unless bound to a table) and `<const>`
 * locals are constants;
 * fields of a table constructor are symbols only when the table is bound to a top-level name
 * (directly or through enclosing fields), so `return { … }` tables and locals add nothing.
 */
import type { Node } from 'web-tree-sitter';
import type { Candidate, LanguageHooks } from '../hooks.js';
import { nodeSpan } from '../node-utils.js';

const CONSTANT = /^_*[A-Z][A-Z0-9_]*$/;

/** Hooks for the Lua grammar. */
export const hooks: LanguageHooks = {
  refine(match, defaults) {
    if (!defaults || !match.name) return null;
    if (match.node.type === 'field') return boundToTopLevelName(match.node) ? defaults : null;
    const named = dotted(match.name, match.text, defaults);
    if (match.kind !== 'variable') return named;
    const field = named.qualifier !== undefined && named.qualifier.length > 0;
    const constant =
      isConstLocal(match.name, match.text) || (CONSTANT.test(named.name) && !holdsTable(match.node));
    // one symbol per plain name; `M.x` is not unique by name (`M.Cart = Cart` beside `local Cart`)
    return { ...named, kind: constant ? 'constant' : field ? 'field' : 'variable', unique: !field };
  },
};

/** `a.b.c` / `a.b:c` → qualifier `a.b`, name `c` (name range on `c`); a method for `:`. */
function dotted(name: Node, text: string, defaults: Candidate): Candidate {
  if (name.type !== 'dot_index_expression' && name.type !== 'method_index_expression') return defaults;
  const last = name.childForFieldName(name.type === 'method_index_expression' ? 'method' : 'field');
  const table = name.childForFieldName('table');
  if (!last || !table) return defaults;
  return {
    ...defaults,
    kind: name.type === 'method_index_expression' ? 'method' : defaults.kind,
    name: text.slice(last.startIndex, last.endIndex),
    nameSpan: nodeSpan(last),
    qualifier: segments(table, text),
  };
}

function segments(node: Node, text: string): string[] {
  if (node.type === 'dot_index_expression') {
    const table = node.childForFieldName('table');
    const field = node.childForFieldName('field');
    if (table && field) return [...segments(table, text), text.slice(field.startIndex, field.endIndex)];
  }
  return [text.slice(node.startIndex, node.endIndex)];
}

/** A table is a module or class table, not a constant, whatever its name (`local M = {}`). */
function holdsTable(statement: Node): boolean {
  const assignment = statement.type === 'assignment_statement' ? statement : statement.namedChild(0);
  const values = assignment?.type === 'assignment_statement' ? assignment.namedChild(1) : null;
  return values?.namedChild(0)?.type === 'table_constructor';
}

/** `local c <const> = 5`: the attribute follows the name in the variable list. */
function isConstLocal(name: Node, text: string): boolean {
  const attribute = name.nextNamedSibling;
  return (
    attribute?.type === 'attribute' &&
    /<\s*const\s*>/.test(text.slice(attribute.startIndex, attribute.endIndex))
  );
}

/** True when the field's table is the value of a top-level declaration or of such a field. */
function boundToTopLevelName(field: Node): boolean {
  const table = field.parent;
  const holder = table?.type === 'table_constructor' ? table.parent : null;
  if (!holder) return false;
  if (holder.type === 'field')
    return holder.childForFieldName('name') !== null && boundToTopLevelName(holder);
  if (holder.type !== 'expression_list') return false;
  const statement = holder.parent;
  if (statement?.type !== 'assignment_statement') return false;
  const owner =
    statement.parent?.type === 'variable_declaration' ? statement.parent.parent : statement.parent;
  return owner?.type === 'chunk';
}
