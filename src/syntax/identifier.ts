/**
 * The identifier under a cursor and its syntactic role (docs/operations.md, "What the operations do", cursor context). Roles come from the
 * tree's shape, not from a language server, and use node-type naming shared by the grammars
 * (`*identifier`, `call_expression`/`call`/`method_invocation`, `*parameter*`, `import_*`, …).
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { Span } from '../core/positions.js';
import type { Outline, OutlineSymbol, SymbolKindName } from '../locate/outline.js';
import { flattenOutline } from '../locate/outline.js';
import { outlineOfTree, parseText } from './outline.js';
import { isReservedWord } from './reserved-words.js';
import { requireSymbolQuery } from './runtime.js';

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

/** The token under a cursor. */
export interface IdentifierInfo {
  /** The token's text (a word, for strings and comments). */
  text: string;
  span: Span;
  role: IdentifierRole;
  /** For `declaration`: the symbol it names. */
  symbol?: { path: string[]; kind: SymbolKindName };
  /** For `string` and `comment`: the whole string or comment the word is in. */
  container?: TextContainer;
}

/** The string or comment around a word, and how sure the tree is about it. */
export interface TextContainer {
  span: Span;
  /** A string that is a statement of its own: a docstring (documentation, like a comment). */
  docstring: boolean;
  /**
   * The string or comment lies inside a syntax error (an ERROR node): the grammar may have misread code as text
   * there (tree-sitter-bash reads the rest of bash-completion's `_variables` as a string after a regex it cannot
   * parse), so a word in it may well be code.
   */
  unsure: boolean;
}

const NAME_TYPE = /(^|_)(identifier|name)$|^constant$|^word$|^variable_name$/;
const TYPE_TYPE =
  /type_identifier|^primitive_type$|^predefined_type$|^builtin_type$|^integral_type$|^floating_point_type$|^boolean_type$|^void_type$/;
const PROPERTY_TYPE =
  /^(property_identifier|field_identifier|shorthand_property_identifier|private_property_identifier|field_name)$/;
const STRING_TYPE = /(^|_)string|^char_literal$|^character_literal$|^heredoc/;
/** Code inside a string: interpolations, and Bash's `"$(cmd)"`, `"${var}"`, `"$var"`. */
const CODE_IN_STRING =
  /interpolation|template_substitution|^substitution$|^command_substitution$|^process_substitution$|^expansion$|^simple_expansion$/;
const KEYWORD_NODE = /^(this|self|super|true|false|null|nil|none|undefined|crate)$/i;
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

/** The token at `offset` of a text (parses it; use `TreeCache.identifierAt` for repeated calls). */
export async function identifierAt(
  languageId: string,
  text: string,
  offset: number,
): Promise<IdentifierInfo | undefined> {
  const { loaded } = await requireSymbolQuery(languageId);
  const tree = parseText(loaded, text);
  try {
    const outline = await outlineOfTree(loaded, tree, text);
    return identifierInTree(tree, text, offset, outline);
  } finally {
    tree.delete();
  }
}

/** The token at `offset` in a parsed tree; `outline` marks symbol names as declarations. */
export function identifierInTree(
  tree: Tree,
  text: string,
  offset: number,
  outline?: Outline,
): IdentifierInfo | undefined {
  const node = tokenAt(tree.rootNode, text, offset);
  if (!node) return undefined;
  const enclosing = textContainer(node);
  if (enclosing) {
    const word = wordAt(text, offset, enclosing.role, nodeSpanOf(enclosing.node));
    return word && { ...word, container: containerFacts(enclosing.node) };
  }
  if (node.childCount > 0) return undefined;
  const span = nodeSpanOf(node);
  const info = (role: IdentifierRole): IdentifierInfo => ({
    text: text.slice(span.start, span.end),
    span,
    role,
  });
  if (!node.isNamed)
    return /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(node.type) ? declaration(info('keyword'), outline) : undefined;
  if (KEYWORD_NODE.test(node.type)) return info('keyword');
  if (TYPE_TYPE.test(node.type)) return declaration(info('type'), outline);
  if (!NAME_TYPE.test(node.type))
    return /^[\p{L}\p{N}_$]/u.test(text[span.start] ?? '') ? info('other') : undefined;
  return declaration(info(roleOf(node)), outline);
}

/** The leaf at the cursor; a cursor just after a word (`foo|(`) means that word. */
function tokenAt(root: Node, text: string, offset: number): Node | undefined {
  const at = leafAt(root, offset);
  if (at && isWordish(at, text)) return at;
  const before = offset > 0 ? leafAt(root, offset - 1) : undefined;
  if (before && before.endIndex === offset && isWordish(before, text)) return before;
  return at;
}

function leafAt(root: Node, offset: number): Node | undefined {
  if (offset < root.startIndex || offset >= root.endIndex) return undefined;
  const node = root.descendantForIndex(offset, offset + 1);
  return node && node.startIndex <= offset && offset < node.endIndex ? node : undefined;
}

function isWordish(node: Node, text: string): boolean {
  return /[\p{L}\p{N}_$]/u.test(text[node.endIndex - 1] ?? '') || textContainer(node) !== undefined;
}

/** The string or comment a node lies in (not code inside an interpolation). */
function textContainer(node: Node): { node: Node; role: 'string' | 'comment' } | undefined {
  for (let current: Node | null = node, depth = 0; current && depth < 8; current = current.parent, depth++) {
    if (/(^|_)comment$/.test(current.type)) return { node: current, role: 'comment' };
    if (CODE_IN_STRING.test(current.type)) return undefined;
    if (STRING_TYPE.test(current.type) && current.isNamed) return { node: current, role: 'string' };
  }
  return undefined;
}

function containerFacts(node: Node): TextContainer {
  let outer = node; // the whole literal, not its `string_content`
  while (outer.parent && STRING_TYPE.test(outer.parent.type)) outer = outer.parent;
  const parent = outer.parent;
  const docstring = parent !== null && parent.type === 'expression_statement' && parent.namedChildCount === 1;
  return { span: nodeSpanOf(outer), docstring, unsure: hasAncestor(outer, /^ERROR$/, 64) };
}

/** The word of a string/comment under the offset (undefined on spaces and punctuation). */
function wordAt(
  text: string,
  offset: number,
  role: 'string' | 'comment',
  bounds: Span,
): IdentifierInfo | undefined {
  const isWord = (i: number) => i >= bounds.start && i < bounds.end && /[\p{L}\p{N}_$]/u.test(text[i] ?? '');
  let start = offset;
  if (!isWord(start)) {
    if (!isWord(start - 1)) return undefined;
    start--;
  }
  let end = start + 1;
  while (isWord(start - 1)) start--;
  while (isWord(end)) end++;
  return { text: text.slice(start, end), span: { start, end }, role };
}

function roleOf(node: Node): IdentifierRole {
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

function hasAncestor(node: Node, pattern: RegExp, maxDepth: number): boolean {
  let current = node.parent;
  for (let depth = 0; current && depth < maxDepth; depth++, current = current.parent) {
    if (pattern.test(current.type)) return true;
  }
  return false;
}

function declaration(info: IdentifierInfo, outline: Outline | undefined): IdentifierInfo {
  if (!outline) return info;
  const symbol = findByName(outline.symbols, info.span);
  return symbol ? { ...info, role: 'declaration', symbol: { path: symbol.path, kind: symbol.kind } } : info;
}

function findByName(symbols: readonly OutlineSymbol[], span: Span): OutlineSymbol | undefined {
  return flattenOutline(symbols).find((s) => s.nameSpan.start <= span.start && span.end <= s.nameSpan.end);
}

function nodeSpanOf(node: Node): Span {
  return { start: node.startIndex, end: node.endIndex };
}

const NEW_NAME_TYPE = /(^|_)(identifier|name)$|^constant$|^word$|^variable_name$|type_identifier/;

/**
 * True when `name`, written in place of `span`, reads as exactly one identifier token of the
 * language and adds no syntax error (the rename check: `x;import os` or a keyword is refused).
 */
export async function isIdentifierIn(
  languageId: string,
  text: string,
  span: Span,
  name: string,
): Promise<boolean> {
  if (isReservedWord(languageId, name)) return false;
  const { loaded } = await requireSymbolQuery(languageId);
  const replaced = text.slice(0, span.start) + name + text.slice(span.end);
  const before = parseText(loaded, text);
  const after = parseText(loaded, replaced);
  try {
    if (after.rootNode.hasError && !before.rootNode.hasError) return false;
    const end = span.start + name.length;
    for (let node = leafAt(after.rootNode, span.start) ?? null; node; node = node.parent) {
      if (node.startIndex !== span.start || node.endIndex > end) return false;
      if (node.endIndex === end) return node.isNamed && NEW_NAME_TYPE.test(node.type) && !node.hasError;
    }
    return false;
  } finally {
    before.delete();
    after.delete();
  }
}
