/**
 * The identifier under a cursor and its syntactic role (docs/operations.md, "What the operations do", cursor context). Roles come from the
 * tree's shape, not from a language server, and use node-type naming shared by the grammars
 * (`*identifier`, `call_expression`/`call`/`method_invocation`, `*parameter*`, `import_*`, …).
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { Span } from '../core/positions.js';
import type { Outline, OutlineSymbol, SymbolKindName } from '../locate/outline.js';
import { flattenOutline } from '../locate/outline.js';
import { computeEdit } from './text-edit.js';
import { reparse } from './incremental-parse.js';
import { outlineOfTree, parseText } from './outline.js';
import { isReservedWord } from './reserved-words.js';
import { requireSymbolQuery, type LoadedLanguage } from './runtime.js';
import { hasAncestor, roleOf, type IdentifierRole } from './identifier-role.js';

export type { IdentifierRole } from './identifier-role.js';

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
const STRING_TYPE = /(^|_)string|^char_literal$|^character_literal$|^heredoc/;
/** Code inside a string: interpolations, and Bash's `"$(cmd)"`, `"${var}"`, `"$var"`. */
const CODE_IN_STRING =
  /interpolation|template_substitution|^substitution$|^command_substitution$|^process_substitution$|^expansion$|^simple_expansion$/;
const KEYWORD_NODE = /^(this|self|super|true|false|null|nil|none|undefined|crate)$/i;
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
  return identifiersInTree(tree, text, [offset], outline)[0];
}

/**
 * The tokens at several offsets of one tree: the outline is flattened once, and where the tree has no syntax error
 * no token's string or comment is walked up for an ERROR ancestor (each step up is a walk down from the root in
 * the runtime: a rename's occurrence scan classifies a hundred words of a file).
 */
export function identifiersInTree(
  tree: Tree,
  text: string,
  offsets: readonly number[],
  outline?: Outline,
): (IdentifierInfo | undefined)[] {
  const root = tree.rootNode;
  let symbols: readonly OutlineSymbol[] | undefined;
  const reading: TreeReading = {
    text,
    mayHaveErrors: root.hasError,
    declared: (span) => {
      const all = (symbols ??= outline ? flattenOutline(outline.symbols) : []);
      return all.find((s) => s.nameSpan.start <= span.start && span.end <= s.nameSpan.end);
    },
  };
  return offsets.map((offset) => tokenInfo(reading, tokenAt(root, text, offset), offset));
}

/** What classifying tokens of one tree shares. */
interface TreeReading {
  text: string;
  /** False when the tree has no ERROR or MISSING node at all. */
  mayHaveErrors: boolean;
  /** The outline symbol whose name covers `span`. */
  declared(span: Span): OutlineSymbol | undefined;
}

function tokenInfo(reading: TreeReading, node: Node | undefined, offset: number): IdentifierInfo | undefined {
  if (!node) return undefined;
  const { text } = reading;
  const enclosing = textContainer(node);
  if (enclosing) {
    const word = wordAt(text, offset, enclosing.role, nodeSpanOf(enclosing.node));
    return word && { ...word, container: containerFacts(enclosing, reading.mayHaveErrors) };
  }
  if (node.childCount > 0) return undefined;
  const span = nodeSpanOf(node);
  const info = (role: IdentifierRole): IdentifierInfo => ({
    text: text.slice(span.start, span.end),
    span,
    role,
  });
  if (!node.isNamed)
    return /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(node.type) ? declaration(info('keyword'), reading) : undefined;
  if (KEYWORD_NODE.test(node.type)) return info('keyword');
  if (TYPE_TYPE.test(node.type)) return declaration(info('type'), reading);
  if (!NAME_TYPE.test(node.type))
    return /^[\p{L}\p{N}_$]/u.test(text[span.start] ?? '') ? info('other') : undefined;
  return declaration(info(roleOf(node)), reading);
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

/** `unsure` is looked up only in a tree with errors, and a comment is never a docstring: each `parent` costs a walk. */
function containerFacts(
  { node, role }: { node: Node; role: 'string' | 'comment' },
  mayHaveErrors: boolean,
): TextContainer {
  let outer = node; // the whole literal, not its `string_content`
  if (role === 'string') while (outer.parent && STRING_TYPE.test(outer.parent.type)) outer = outer.parent;
  const parent = role === 'string' ? outer.parent : null;
  const docstring = parent !== null && parent.type === 'expression_statement' && parent.namedChildCount === 1;
  return { span: nodeSpanOf(outer), docstring, unsure: mayHaveErrors && hasAncestor(outer, /^ERROR$/, 64) };
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

function declaration(info: IdentifierInfo, reading: TreeReading): IdentifierInfo {
  const symbol = reading.declared(info.span);
  return symbol ? { ...info, role: 'declaration', symbol: { path: symbol.path, kind: symbol.kind } } : info;
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
  const tree = parseText(loaded, text);
  try {
    return identifierFits(loaded, tree, text, span, name);
  } finally {
    tree.delete();
  }
}

/**
 * `isIdentifierIn` on the tree of `text` (not changed: the new name is parsed from a copy). Parsing from the old
 * tree costs a few milliseconds where a second full parse of a 5,000-line file cost 150–350 ms.
 */
export function identifierFits(
  loaded: LoadedLanguage,
  tree: Tree,
  text: string,
  span: Span,
  name: string,
): boolean {
  if (isReservedWord(loaded.id, name)) return false;
  const replaced = text.slice(0, span.start) + name + text.slice(span.end);
  const edit = computeEdit(text, replaced);
  const before = tree.copy();
  const after = edit ? reparse(loaded, before, replaced, edit).tree : before.copy();
  try {
    if (after.rootNode.hasError && !tree.rootNode.hasError) return false;
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
