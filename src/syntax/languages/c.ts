/**
 * C and C++ hooks (docs/locate-strings.md, "Which declarations are symbols"). Names are dug out of declarators (`*make(void)`,
 * `g2[3]`, `x = 1`); a declarator whose innermost function declarator names something directly is a
 * function (prototype), one through parentheses is a function pointer (variable/field). Qualified
 * names (`Foo::bar`, `a::b::C::d`) become qualifier segments with the last name as the name range;
 * constructors are named like the class, destructors `~Foo`. `typedef struct X {…} Y` keeps struct X
 * and type Y as siblings; `typedef struct {…} P` makes P the struct.
 */
import type { Node } from 'web-tree-sitter';
import type { Span } from '../../core/positions.js';
import type { SymbolKindName } from '../../locate/outline.js';
import type { Candidate, LanguageHooks, SymbolMatch } from '../hooks.js';
import { nodeSpan } from '../node-utils.js';
import { maskC } from './c-mask.js';

const NAME_TYPES = new Set([
  'identifier',
  'field_identifier',
  'type_identifier',
  'destructor_name',
  'operator_name',
  'qualified_identifier',
  'template_function',
  'operator_cast',
]);
const SPECIFIERS = new Set(['struct_specifier', 'union_specifier', 'enum_specifier', 'class_specifier']);
const SKIP_CHILDREN = new Set([
  'type_qualifier',
  'attribute_specifier',
  'attribute_declaration',
  'ms_call_modifier',
]);
const CONTAINERS = new Set<SymbolKindName>(['class', 'struct']);
/** An all-caps name with an underscore: a macro by convention (`FMT_CATCH`, `Q_OBJECT`). */
const MACRO_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
/** Where a `declaration` (or a misread file-level prototype) declares symbols: file/namespace level, class bodies, preprocessor blocks. */
const DECLARATION_PARENTS = new Set([
  'translation_unit',
  'declaration_list',
  'field_declaration_list',
  'linkage_specification',
  'template_declaration',
  'preproc_if',
  'preproc_ifdef',
  'preproc_else',
  'preproc_elif',
]);

interface DeclaredName {
  name: string;
  span: Span;
  qualifier: string[];
  isFunction: boolean;
}

/** Hooks for the c and cpp grammars. */
export const hooks: LanguageHooks = {
  refine(match, defaults) {
    const type = match.node.type;
    if (SPECIFIERS.has(type)) return defaults && match.name ? specifier(match, match.name, defaults) : null;
    if (type === 'namespace_definition') return defaults ? namespaceChain(match, defaults) : null;
    if (type === 'function_definition') return functionDefinition(match);
    if (type === 'expression_statement') return misreadPrototype(match);
    if (match.kind === 'variable' || match.kind === 'field' || match.kind === 'type')
      return declarator(match);
    if (defaults && match.name?.type === 'operator_name')
      return { ...defaults, name: squeeze(defaults.name) };
    return defaults;
  },
  place(candidate, { ancestors, known }) {
    const parent = ancestors[ancestors.length - 1];
    const inClass = parent !== undefined && CONTAINERS.has(parent.kind);
    if (candidate.kind === 'function' && inClass) {
      return { kind: isConstructorName(candidate.name, parent.name) ? 'constructor' : 'method' };
    }
    if (candidate.kind === 'variable') {
      if (inClass) return { kind: 'field' };
      if (parent?.kind === 'function' || parent?.kind === 'method' || parent?.kind === 'constructor')
        return 'drop';
    }
    if ((candidate.kind === 'method' || candidate.kind === 'field') && candidate.qualifier?.length) {
      const owner = known([...(parent?.path ?? []), ...candidate.qualifier]);
      if (owner === 'namespace') return { kind: candidate.kind === 'method' ? 'function' : 'variable' };
    }
    return undefined;
  },
  recovery: { mask: maskC, always: true },
};

/** `struct S {…};` takes its `;`; `class Outer::Inner {…}` is `Outer.Inner`; `Foo<int, 2>` loses its spaces. */
function specifier(match: SymbolMatch, name: Node, defaults: Candidate): Candidate {
  defaults.absorbSemicolon = true;
  if (name.type === 'qualified_identifier') {
    const declared = splitName(name, match.text, false);
    if (declared)
      Object.assign(defaults, {
        name: declared.name,
        nameSpan: declared.span,
        qualifier: declared.qualifier,
      });
  } else defaults.name = squeeze(withoutNoise(defaults.name));
  return defaults;
}

/** A name as the compiler reads it: comments and preprocessor lines inside template arguments dropped. */
function withoutNoise(name: string): string {
  return name.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|^[ \t]*#[^\n]*/gm, ' ');
}

function functionDefinition(match: SymbolMatch): Candidate | null {
  // C and C++ have no nested functions: a "definition" in a body is a macro statement tree-sitter
  // misread (Lua's `vmcase(OP_MOVE) {…}` inside `vmdispatch (GET_OPCODE(i)) {…}`).
  if (inBody(match.node)) return null;
  const declaratorNode = match.captures.find((c) => c.name === '_declarator')?.node;
  const declared = declaratorNode ? declaredName(declaratorNode, match.text) : undefined;
  if (!declared || macroCall(match.node, declared)) return null;
  return { ...asCandidate(declared, 'function'), rangeNode: match.node };
}

/**
 * `FMT_UNCHECKED_ITERATOR(appender);`, `FMT_CATCH(...) {}`: a "function" without a return type named like a macro
 * is a macro call (only constructors have no return type, and this is not one), so it declares nothing nameable.
 */
function macroCall(declaration: Node | null, declared: DeclaredName): boolean {
  if (
    !declaration ||
    !declared.isFunction ||
    declaration.childForFieldName('type') ||
    !MACRO_NAME.test(declared.name)
  )
    return false;
  if (declared.qualifier.length > 0) return false;
  let body: Node | null = declaration.parent;
  while (body && body.type !== 'field_declaration_list' && body.type !== 'translation_unit')
    body = body.parent;
  const owner = body?.parent?.childForFieldName('name');
  return !owner || owner.text !== declared.name;
}

function misreadPrototype(match: SymbolMatch): Candidate | null {
  if (!DECLARATION_PARENTS.has(match.node.parent?.type ?? '') || inBody(match.node)) return null;
  let callee = match.captures.find((c) => c.name === '_callee')?.node;
  if (callee?.type === 'parenthesized_expression') callee = callee.namedChild(0) ?? undefined;
  if (callee?.type !== 'identifier') return null;
  const name = match.text.slice(callee.startIndex, callee.endIndex);
  return { kind: 'function', name, nameSpan: nodeSpan(callee), qualifier: [], rangeNode: match.node };
}

/** True inside a function body, not within a class defined there (a `#if` block there holds statements). */
function inBody(node: Node): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'field_declaration_list') return false;
    if (p.type === 'compound_statement') return true;
  }
  return false;
}

function declarator(match: SymbolMatch): Candidate | null {
  const declaration = match.captures.find((c) => c.name === '_declaration')?.node;
  if (declaration && !DECLARATION_PARENTS.has(declaration.parent?.type ?? '')) return null;
  const declared = declaredName(match.node, match.text);
  if (!declared || macroCall(declarationOf(match.node), declared)) return null;
  if (match.kind === 'type') return typedef(match, declared);
  const kind = declared.isFunction ? 'function' : match.kind;
  const candidate = asCandidate(declared, kind === 'field' && declared.isFunction ? 'method' : kind);
  // `union color_union {…} value;`: the union belongs to the scope `value` is declared in, as for a compiler.
  return { ...candidate, rangeNode: match.node, ...(declaresType(match.node) ? { leaf: true } : {}) };
}

/** The declaration (or member declaration) a declarator belongs to. */
function declarationOf(declaratorNode: Node): Node | null {
  let node: Node | null = declaratorNode.parent;
  while (node && node.type !== 'declaration' && node.type !== 'field_declaration') node = node.parent;
  return node;
}

/** True when the declaration of this declarator also defines a type (`struct S {…} s;`). */
function declaresType(declaratorNode: Node): boolean {
  const type = declarationOf(declaratorNode)?.childForFieldName('type');
  return (
    type !== null &&
    type !== undefined &&
    SPECIFIERS.has(type.type) &&
    type.childForFieldName('body') !== null
  );
}

function typedef(match: SymbolMatch, declared: DeclaredName): Candidate {
  const typeNode = match.captures.find((c) => c.name === '_type')?.node;
  const candidate: Candidate = { ...asCandidate(declared, 'type'), rangeNode: match.node };
  if (!typeNode || !SPECIFIERS.has(typeNode.type) || !typeNode.childForFieldName('body')) return candidate;
  if (typeNode.childForFieldName('name')) return { ...candidate, leaf: true };
  return { ...candidate, kind: typeNode.type === 'enum_specifier' ? 'enum' : 'struct' };
}

/** Kind for a declared name: qualified functions are methods/constructors of their class. */
function asCandidate(declared: DeclaredName, kind: SymbolKindName): Candidate {
  const owner = declared.qualifier[declared.qualifier.length - 1];
  let finalKind = kind;
  if (owner !== undefined && kind === 'function')
    finalKind = isConstructorName(declared.name, owner) ? 'constructor' : 'method';
  if (owner !== undefined && kind === 'variable') finalKind = 'field';
  return { kind: finalKind, name: declared.name, nameSpan: declared.span, qualifier: declared.qualifier };
}

function isConstructorName(name: string, owner: string): boolean {
  return name === owner || name === `~${owner}`;
}

/** The name a declarator declares, through pointer/array/init/function/reference declarators. */
function declaredName(declaratorNode: Node, text: string): DeclaredName | undefined {
  let node: Node | null = declaratorNode;
  let isFunction = false;
  for (let depth = 0; node && depth < 32; depth++) {
    if (NAME_TYPES.has(node.type)) return splitName(node, text, isFunction);
    if (node.type === 'function_declarator') {
      const inner: Node | null = node.childForFieldName('declarator');
      if (inner && (NAME_TYPES.has(inner.type) || parenthesizedName(inner))) isFunction = true;
      node = inner;
      continue;
    }
    node = node.childForFieldName('declarator') ?? firstDeclaratorChild(node);
  }
  return undefined;
}

/** `(lua_gettop)` in `int (lua_gettop) (lua_State *L)`: a name in parentheses, not a pointer. */
function parenthesizedName(node: Node): boolean {
  let current: Node | null = node;
  while (current?.type === 'parenthesized_declarator') current = firstDeclaratorChild(current);
  return current !== node && current !== null && NAME_TYPES.has(current.type);
}

function firstDeclaratorChild(node: Node): Node | null {
  for (let i = 0; i < node.namedChildCount; i++) {
    const child = node.namedChild(i);
    if (child && !SKIP_CHILDREN.has(child.type) && !child.type.endsWith('comment')) return child;
  }
  return null;
}

function splitName(node: Node, text: string, isFunction: boolean): DeclaredName | undefined {
  const qualifier: string[] = [];
  let current: Node | null = node;
  for (let depth = 0; current?.type === 'qualified_identifier' && depth < 32; depth++) {
    const scope = current.childForFieldName('scope');
    if (scope) qualifier.push(scopeName(scope, text));
    current = current.childForFieldName('name');
  }
  if (!current) return undefined;
  if (current.type === 'template_function') current = current.childForFieldName('name') ?? current;
  if (current.type === 'operator_cast') return conversionOperator(current, text, qualifier);
  const name = squeeze(text.slice(current.startIndex, current.endIndex));
  return name ? { name, span: nodeSpan(current), qualifier, isFunction } : undefined;
}

/** `operator const T&() const` is the function `operatorconstT&`: the name stops where its parameters start. */
function conversionOperator(node: Node, text: string, qualifier: string[]): DeclaredName {
  let declarator = node.childForFieldName('declarator');
  for (let depth = 0; declarator && declarator.type !== 'abstract_function_declarator' && depth < 8; depth++)
    declarator = declarator.childForFieldName('declarator') ?? declarator.namedChild(0);
  const end = declarator?.childForFieldName('parameters')?.startIndex ?? node.endIndex;
  const name = squeeze(text.slice(node.startIndex, end));
  return { name, span: { start: node.startIndex, end }, qualifier, isFunction: true };
}

function scopeName(scope: Node, text: string): string {
  const named = scope.type === 'template_type' ? (scope.childForFieldName('name') ?? scope) : scope;
  return text.slice(named.startIndex, named.endIndex);
}

function squeeze(name: string): string {
  return name.replace(/\s+/g, '');
}

/** `namespace a::b {}` → namespace a ⊃ b with the definition's full range. */
function namespaceChain(match: SymbolMatch, candidate: Candidate): Candidate[] {
  const name = match.name;
  if (!name || name.type !== 'nested_namespace_specifier') return [candidate];
  const parts: Candidate[] = [];
  for (let i = 0; i < name.namedChildCount; i++) {
    const part = name.namedChild(i);
    if (!part) continue;
    parts.push({
      ...candidate,
      name: match.text.slice(part.startIndex, part.endIndex),
      nameSpan: nodeSpan(part),
    });
  }
  return parts;
}
