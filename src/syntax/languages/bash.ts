/**
 * Bash hooks: a script-level variable is a constant when declared `readonly` or `declare -r`
 * (`typeset -r`); only the first assignment of a name is a symbol. A tree with errors is recovered
 * per region (docs/languages.md): each top-level function definition is parsed on its own.
 */
import type { Node } from 'web-tree-sitter';
import type { LanguageHooks } from '../hooks.js';
import { bashRegions, definitionAt, maskBash } from './bash-regions.js';

/** Hooks for the Bash grammar. */
export const hooks: LanguageHooks = {
  refine(match, defaults) {
    if (!defaults) return null;
    if (match.kind !== 'variable') return defaults;
    const kind = isReadonly(match.node, match.text) ? 'constant' : 'variable';
    return { ...defaults, kind, unique: true };
  },
  recovery: { mask: maskBash, regions: bashRegions, definition: definitionAt },
};

function isReadonly(node: Node, text: string): boolean {
  if (node.type !== 'declaration_command') return false;
  const command = node.child(0);
  if (command?.type === 'readonly') return true;
  for (let i = 1; i < node.childCount; i++) {
    const child = node.child(i);
    if (child?.type !== 'word') continue;
    const word = text.slice(child.startIndex, child.endIndex);
    if (/^-[a-zA-Z]*r/.test(word)) return true;
  }
  return false;
}
