/**
 * Why a `workspace/symbol` result is not in Locus's index, from the syntax tree at its position
 * (docs/languages.md lists what the index leaves out, and why): inside a function body (locals,
 * property assignments, members of local types), an import alias, a computed name, a member of an
 * object literal that has no name (an argument, a returned value) — or none of these: a real miss.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO } from './sources.js';

const FUNCTIONS = new Set([
  'function_declaration',
  'generator_function_declaration',
  'function_expression',
  'generator_function',
  'function',
  'arrow_function',
  'method_definition',
  'class_static_block',
  'function_literal', // Go
  'method_declaration', // Go
]);
const IMPORTS = new Set(['import_statement', 'import_declaration', 'import_spec']);

/** A classifier that parses each file once. */
export async function missClassifier(root) {
  const dist = (file) => pathToFileURL(path.join(REPO, 'dist', file)).href;
  const { loadLanguage } = await import(dist('syntax/runtime.js'));
  const { parseText } = await import(dist('syntax/outline.js'));
  const { hasGrammar } = await import(dist('syntax/registry.js'));
  const { FileLanguages } = await import(dist('workspace/file-language.js'));
  const languages = new FileLanguages(root);
  return async function classify(file, position) {
    const language = languages.languageOf(path.join(root, file));
    if (!language || !hasGrammar(language)) return 'miss';
    const text = readFileSync(path.join(root, file), 'utf8');
    let offset = 0;
    for (let line = 0; line < position.line && offset >= 0; line++) offset = text.indexOf('\n', offset) + 1;
    offset += position.character;
    const tree = parseText(await loadLanguage(language), text);
    try {
      return kindAt(tree.rootNode.descendantForIndex(offset));
    } finally {
      tree.delete();
    }
  };
}

function kindAt(start) {
  let child = start;
  for (let node = start.parent; node; child = node, node = node.parent) {
    if (node.type === 'computed_property_name' && child === start) return 'computed name';
    if (IMPORTS.has(node.type)) return 'import alias';
    if (node.type === 'statement_block' || node.type === 'block') {
      if (node.parent && FUNCTIONS.has(node.parent.type)) return 'inside a function body';
    }
    if (node.type === 'arrow_function' && node.childForFieldName('body')?.id === child.id)
      return 'inside a function body';
    if (node.type === 'object' && ['arguments', 'return_statement', 'array'].includes(node.parent?.type))
      return 'member of an unnamed object literal';
  }
  return 'miss';
}
