/**
 * TypeScript / TSX / JavaScript hooks (docs/locate-strings.md, "Which declarations are symbols"): string and computed names,
 * dotted namespaces split into nested symbols, `const` → constant, destructured names,
 * object-literal properties of declared names and of `export default {…}` (recursively), parameter properties on the class,
 * object-type members outside function bodies, member `;` in the full range, and the TypeScript-compiler
 * fallback for trees with errors.
 */
import type { Node } from 'web-tree-sitter';
import type { SymbolKindName } from '../../locate/outline.js';
import type { Candidate, LanguageHooks, SymbolMatch } from '../hooks.js';
import { namedChildren, nodeSpan, stringContent } from '../node-utils.js';
import { blankUnknownSyntax } from './typescript-text.js';

const SEMICOLON_MEMBERS = new Set([
  'public_field_definition',
  'field_definition',
  'method_signature',
  'abstract_method_signature',
  'property_signature',
]);
const METHOD_LIKE = new Set(['method_definition', 'method_signature', 'abstract_method_signature']);
const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'generator_function', 'function']);
/** Nodes whose `statement_block` child is a function body (a class static block counts). */
const FUNCTION_BODIES = new Set([
  'function_declaration',
  'generator_function_declaration',
  'function_expression',
  'generator_function',
  'function',
  'arrow_function',
  'method_definition',
  'class_static_block',
]);
const VALUE_WRAPPERS = new Set([
  'as_expression',
  'satisfies_expression',
  'parenthesized_expression',
  'non_null_expression',
]);

/** Hooks for the typescript, tsx and javascript grammars. */
export const hooks: LanguageHooks = {
  refine(match, defaults) {
    if (!defaults || !match.name) return null;
    const name = match.name;
    if (name.type === 'computed_property_name') return null;
    const objectType = match.captures.find((c) => c.name === '_object_type')?.node;
    if (objectType && inFunctionBody(objectType)) return null;
    let candidate = defaults;
    if (name.type === 'string') {
      const content = stringContent(name, match.text);
      candidate = { ...candidate, name: content.name, nameSpan: content.span };
    }
    if (SEMICOLON_MEMBERS.has(match.node.type)) candidate.absorbSemicolon = true;
    if (METHOD_LIKE.has(match.node.type)) candidate.kind = methodKind(match, name);
    if (match.node.type.endsWith('_parameter')) candidate.tag = 'parameter-property';
    if (name.type === 'nested_identifier') return namespaceChain(match, candidate);
    if (match.node.type === 'variable_declarator') return declarator(match, candidate);
    if (match.node.type === 'object') return [candidate, ...objectMembers(match.node, match.text)];
    if (match.node.type === 'expression_statement') candidate.kind = expandoKind(match.node);
    return candidate;
  },
  place(candidate, { ancestors }) {
    if (candidate.tag !== 'parameter-property') return undefined;
    const owner = ancestors.length - 2;
    const constructor = ancestors[ancestors.length - 1];
    if (constructor?.kind === 'constructor' && ancestors[owner]?.kind === 'class') return { attachTo: owner };
    return 'drop';
  },
  async fallback(languageId, text) {
    const { typescriptSymbols } = await import('../ts-fallback.js');
    return typescriptSymbols(languageId, text);
  },
  prepareText: blankUnknownSyntax,
};

/**
 * True when an object type sits in a function body (a cast, a local's annotation, a type argument of a
 * call) and no local type alias or interface holds it: its members are locals, as the body's variables are.
 * Walks up to the first type declaration, function body or the program.
 */
function inFunctionBody(objectType: Node): boolean {
  let child = objectType;
  for (let node = objectType.parent; node; child = node, node = node.parent) {
    const type = node.type;
    if (type === 'type_alias_declaration' || type === 'interface_declaration' || type === 'program')
      return false;
    if (child.type === 'statement_block' && FUNCTION_BODIES.has(type)) return true;
    // A function an arrow returns directly (`<S>() => <T>(t: { tag: T }) => …`, currying) is part of the
    // declaration's signature; any other expression body is the body.
    if (
      type === 'arrow_function' &&
      !FUNCTION_VALUES.has(child.type) &&
      node.childForFieldName('body')?.id === child.id
    )
      return true;
  }
  return false;
}

/**
 * Kind of a method or method signature from its text (no node calls): a `get`/`set` keyword right
 * before the name makes an accessor (property), the name `constructor` a constructor.
 */
function methodKind(match: SymbolMatch, name: Node): SymbolKindName {
  const before = match.text.slice(match.node.startIndex, name.startIndex);
  if (/(^|[\s;{}])[gs]et\s+$/.test(before)) return 'property';
  if (name.type === 'property_identifier' && match.text.startsWith('constructor', name.startIndex)) {
    return name.endIndex - name.startIndex === 'constructor'.length ? 'constructor' : 'method';
  }
  return 'method';
}

/** `f.run = () => …` is a method of `f`, `f.code = "…"` a property (as object-literal members). */
function expandoKind(statement: Node): SymbolKindName {
  const value = unwrapValue(statement.firstNamedChild?.childForFieldName('right') ?? null);
  return value && FUNCTION_VALUES.has(value.type) ? 'method' : 'property';
}

/** `namespace A.B.C {}` → namespace A ⊃ B ⊃ C, all with the declaration's full range. */
function namespaceChain(match: SymbolMatch, candidate: Candidate): Candidate[] {
  const parts: Node[] = [];
  const collect = (node: Node): void => {
    if (node.type === 'nested_identifier' || node.type === 'member_expression') {
      const object = node.childForFieldName('object') ?? node.namedChild(0);
      const property = node.childForFieldName('property') ?? node.namedChild(node.namedChildCount - 1);
      if (object) collect(object);
      if (property) parts.push(property);
    } else parts.push(node);
  };
  if (match.name) collect(match.name);
  return parts.map((part) => ({
    ...candidate,
    name: match.text.slice(part.startIndex, part.endIndex),
    nameSpan: nodeSpan(part),
  }));
}

/** A declarator: destructured names, const → constant, object-literal members. */
function declarator(match: SymbolMatch, candidate: Candidate): Candidate | Candidate[] | null {
  const nameNode = match.name as Node;
  if (nameNode.type === 'object_pattern' || nameNode.type === 'array_pattern') {
    const kind = variableKind(match.node);
    return bindingNames(nameNode).map((id) => ({
      kind,
      name: match.text.slice(id.startIndex, id.endIndex),
      nameSpan: nodeSpan(id),
      rangeNode: id,
    }));
  }
  const statement = singleDeclaratorStatement(match.node);
  if (statement) candidate = { ...candidate, rangeNode: statement };
  if (candidate.kind !== 'variable') return candidate;
  const result: Candidate[] = [{ ...candidate, kind: variableKind(match.node) }];
  const value = unwrapValue(match.node.childForFieldName('value'));
  if (value?.type === 'object') result.push(...objectMembers(value, match.text));
  return result;
}

/** The `let`/`const`/`var` statement around a declarator when it declares nothing else. */
function singleDeclaratorStatement(declaratorNode: Node): Node | undefined {
  const statement = declaratorNode.parent;
  if (statement?.type !== 'lexical_declaration' && statement?.type !== 'variable_declaration')
    return undefined;
  let declarators = 0;
  for (let i = 0; i < statement.namedChildCount; i++) {
    if (statement.namedChild(i)?.type === 'variable_declarator') declarators++;
  }
  return declarators === 1 ? statement : undefined;
}

function variableKind(declaratorNode: Node): SymbolKindName {
  const statement = declaratorNode.parent;
  return statement?.type === 'lexical_declaration' && statement.firstChild?.type === 'const'
    ? 'constant'
    : 'variable';
}

function bindingNames(pattern: Node): Node[] {
  const out: Node[] = [];
  for (const child of namedChildren(pattern)) {
    switch (child.type) {
      case 'identifier':
      case 'shorthand_property_identifier_pattern':
        out.push(child);
        break;
      case 'pair_pattern':
      case 'assignment_pattern':
      case 'object_assignment_pattern':
      case 'rest_pattern': {
        const inner =
          child.childForFieldName('value') ?? child.childForFieldName('left') ?? child.namedChild(0);
        if (inner?.type === 'identifier' || inner?.type === 'shorthand_property_identifier_pattern')
          out.push(inner);
        else if (inner) out.push(...bindingNames(inner));
        break;
      }
      case 'object_pattern':
      case 'array_pattern':
        out.push(...bindingNames(child));
        break;
    }
  }
  return out;
}

function unwrapValue(value: Node | null): Node | null {
  let current = value;
  for (let depth = 0; current && VALUE_WRAPPERS.has(current.type) && depth < 8; depth++) {
    current = current.childForFieldName('expression') ?? current.namedChild(0);
  }
  return current;
}

/** Properties of an object literal bound to a declared name, nested objects recursively. */
function objectMembers(object: Node, text: string): Candidate[] {
  const out: Candidate[] = [];
  for (const member of namedChildren(object)) {
    const key = memberKey(member);
    if (!key) continue;
    const name =
      key.type === 'string'
        ? stringContent(key, text)
        : { name: text.slice(key.startIndex, key.endIndex), span: nodeSpan(key) };
    if (key.type === 'computed_property_name' || !name.name || name.name.includes('.')) continue;
    const value = member.type === 'pair' ? unwrapValue(member.childForFieldName('value')) : null;
    out.push({ kind: memberKind(member, value), name: name.name, nameSpan: name.span, rangeNode: member });
    if (value?.type === 'object') out.push(...objectMembers(value, text));
  }
  return out;
}

function memberKey(member: Node): Node | null {
  switch (member.type) {
    case 'pair':
      return member.childForFieldName('key');
    case 'method_definition':
      return member.childForFieldName('name');
    case 'shorthand_property_identifier':
      return member;
    default:
      return null;
  }
}

function memberKind(member: Node, value: Node | null): SymbolKindName {
  if (member.type === 'method_definition') {
    const first = member.firstChild?.type;
    return first === 'get' || first === 'set' ? 'property' : 'method';
  }
  return value && FUNCTION_VALUES.has(value.type) ? 'method' : 'property';
}
