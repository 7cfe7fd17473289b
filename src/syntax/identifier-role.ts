/**
 * The syntactic role of a name under a cursor, read from the tree's shape (docs/operations.md, "What the operations
 * do", cursor context): node-type naming shared by the grammars (`call_expression`/`call`/`method_invocation`,
 * `*parameter*`, `import_*`, member expressions, …) decides whether a name is called, a member, a type, a parameter.
 */
import type { Node } from 'web-tree-sitter';

/** Syntactic role of the token under a cursor. */
export type IdentifierRole =
  | 'declaration'
  | 'call'
  | 'property'
  | 'type'
  | 'import'
  | 'parameter'
  | 'variable'
  | 'string'
  | 'comment'
  | 'keyword'
  | 'other';

const PROPERTY_TYPE =
  /^(property_identifier|field_identifier|shorthand_property_identifier|private_property_identifier|field_name)$/;
const CALL_TYPE =
  /(^|_)call(_expression)?$|^method_invocation$|^macro_invocation$|^new_expression$|^object_creation_expression$|^invocation_expression$|^application_expression$|^function_call_expr$|^message_expression$/;
const CALLEE_FIELDS = new Set(['function', 'name', 'macro', 'constructor', 'method', 'target']);
const MEMBER_TYPE =
  /member_expression|^attribute$|field_expression|^field_access$|selector_expression|scoped_identifier|^qualified_identifier$|member_access|navigation_expression|^navigation_suffix$|^method_invocation$|^(dot|method)_index_expression$|^dot$|^(un)?conditional_assignable_selector$|^value_path$|^field_path$|^field_get_expression$|^value_qid$|^field_access_expr$/;
/** The fields of a member expression that hold the member (not the object): `p.<field>`, Lua `p:<method>`. */
const MEMBER_FIELDS = new Set([
  'property',
  'attribute',
  'field',
  'name',
  'method',
  'suffix',
  'member',
  'right',
]);
/** Member nodes that hold only the member, without the object (Kotlin/Swift `.norm`, Dart's selectors). */
const MEMBER_ONLY = /^navigation_suffix$|^(un)?conditional_assignable_selector$/;
/** Parents whose children are loose tokens, not a syntax tree: Rust macro arguments, error recovery. */
const TOKEN_SOUP = /^token_tree$|^ERROR$/;
/** Tokens after which a name is a member of what precedes it. */
const MEMBER_TOKENS = new Set(['.', '?.', '->', '::', ':']);
const IMPORT_TYPE =
  /import|^use_declaration$|^using_directive$|^preproc_include$|^package_clause$|^namespace_use|^(require|include)(_once)?_expression$/;
const PARAMETER_TYPE = /parameter|^parameters$|^formal_parameters$|^lambda_parameters$/;
const NOT_PARAMETER_FIELDS = new Set(['type', 'value', 'default_value', 'default']);
const TYPE_CONTEXT =
  /^type$|type_annotation|^generic_type$|type_arguments|^type_parameter|^superclass|^base_class_clause$|^extends_clause$|^implements_clause$|^base_clause$|^class_interface_clause$|^base_list$|^super_interfaces$|^delegation_specifier|^inheritance_specifier$/;

/** The role of a name node by its place in the tree. */
export function roleOf(node: Node): IdentifierRole {
  const parent = node.parent;
  if (!parent) return 'variable';
  const field = fieldOf(parent, node);
  if (hasAncestor(node, IMPORT_TYPE, 6)) return 'import';
  if (PARAMETER_TYPE.test(parent.type) && !NOT_PARAMETER_FIELDS.has(field ?? '')) return 'parameter';
  if (isCalled(node)) return 'call';
  // Bash: the word that names a command (`deploy_target "$1"`) calls it.
  if (parent.type === 'command_name') return 'call';
  if (TOKEN_SOUP.test(parent.type)) return tokenRole(node);
  if (isMember(parent, node, field)) return memberRole(parent);
  if (PROPERTY_TYPE.test(node.type)) return 'property';
  if (TYPE_CONTEXT.test(parent.type) || /type/.test(field ?? '') || isPythonBase(parent)) return 'type';
  return 'variable';
}

/** Python's `class A(B)`: the bases are an argument list in the class's `superclasses` field. */
function isPythonBase(parent: Node): boolean {
  const owner = parent.parent;
  return owner?.type === 'class_definition' && fieldOf(owner, parent) === 'superclasses';
}

/** True when `child` is what `call` calls: its callee field, or (grammars without fields) its first named child. */
function isCallee(call: Node, child: Node): boolean {
  if (!CALL_TYPE.test(call.type)) return false;
  const field = fieldOf(call, child);
  return field === null ? call.firstNamedChild?.id === child.id : CALLEE_FIELDS.has(field);
}

/** The node itself or the wrappers around it that hold nothing else (Solidity `expression`, OCaml `value_path`). */
function throughWrappers(node: Node): Node {
  let top = node;
  for (let depth = 0; depth < 3 && top.parent && top.parent.namedChildCount === 1; depth++) {
    if (CALL_TYPE.test(top.parent.type)) break;
    top = top.parent;
  }
  return top;
}

/** True when a node, or the wrappers holding only it, is what a call calls. */
function isCalled(node: Node): boolean {
  const top = throughWrappers(node);
  return top.parent !== null && isCallee(top.parent, top);
}

/**
 * True when `node` is the member part of the member expression `parent` (`norm` in `p.norm`, `p->norm`, `P::norm`):
 * a member field, or, where the grammar has no fields, the last of several named children (`P.norm` in OCaml and
 * Elm) or the only one of a node that holds just the member (Kotlin/Swift `.norm`).
 */
function isMember(parent: Node, node: Node, field: string | null): boolean {
  if (!MEMBER_TYPE.test(parent.type)) return false;
  if (field !== null) return MEMBER_FIELDS.has(field);
  return (
    parent.lastNamedChild?.id === node.id && (parent.namedChildCount > 1 || MEMBER_ONLY.test(parent.type))
  );
}

/**
 * A member is a call when the whole chain it ends (`a.b.<member>`, `ns::P::<member>`) is called, or (grammars that
 * keep the arguments beside it, Dart) when `(` follows it; else a property.
 */
function memberRole(member: Node): IdentifierRole {
  let chain = member;
  for (let depth = 0; depth < 8; depth++) {
    const up = chain.parent;
    if (!up || !MEMBER_TYPE.test(up.type) || up.lastNamedChild?.id !== chain.id) break;
    chain = up;
  }
  return isCalled(chain) || followedByParenthesis(chain) ? 'call' : 'property';
}

/** True when the next token after a node is `(`. */
function followedByParenthesis(node: Node): boolean {
  let at: Node | null = node;
  for (let depth = 0; at && !at.nextSibling && depth < 3; depth++) at = at.parent;
  const next = at?.nextSibling;
  return next !== null && next !== undefined && next.text.trimStart().startsWith('(');
}

/**
 * The role of a name among loose tokens (a Rust macro's arguments `println!("{}", p.norm())`, an ERROR node),
 * read from its neighbours: after `.`/`->`/`::` it is a member, before `(` or `!` it is called.
 */
function tokenRole(node: Node): IdentifierRole {
  const next = node.nextSibling;
  const called =
    next !== null &&
    (next.type === '(' || next.type === '!' || (next.type === 'token_tree' && next.text.startsWith('(')));
  if (called) return 'call';
  const previous = node.previousSibling;
  return previous !== null && MEMBER_TOKENS.has(previous.type) ? 'property' : 'variable';
}

function fieldOf(parent: Node, child: Node): string | null {
  for (let i = 0; i < parent.childCount; i++) {
    if (parent.child(i)?.id === child.id) return parent.fieldNameForChild(i);
  }
  return null;
}

export function hasAncestor(node: Node, pattern: RegExp, maxDepth: number): boolean {
  let current = node.parent;
  for (let depth = 0; current && depth < maxDepth; depth++, current = current.parent) {
    if (pattern.test(current.type)) return true;
  }
  return false;
}
