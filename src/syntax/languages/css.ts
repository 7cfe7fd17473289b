/**
 * CSS and SCSS hooks: a rule is named by its selector list as written, whitespace collapsed (`.cart, .basket > li`); an
 * at-rule with a block by its text up to the block (`@media (max-width: 600px)`), its name range on the keyword.
 * Such names hold `.`, `:` and spaces, so their locate strings are quoted (docs/locate-strings.md, "Scope").
 */
import type { Node } from 'web-tree-sitter';
import type { LanguageHooks } from '../hooks.js';
import { nodeSpan } from '../node-utils.js';

/** Nodes named by their own name node (the others by their text up to the block). */
const NAMED = new Set([
  'rule_set',
  'declaration',
  'keyframes_statement',
  // SCSS
  'mixin_statement',
  'function_statement',
  'placeholder',
]);

/** Hooks for the CSS and SCSS grammars. */
export const hooks: LanguageHooks = {
  refine(match, defaults) {
    const node = match.node;
    if (NAMED.has(node.type)) return defaults ? { ...defaults, name: squeeze(defaults.name) } : null;
    const block = node.namedChildren.find((child): child is Node => child?.type === 'block');
    const keyword = node.child(0);
    if (!block || !keyword) return null;
    return {
      kind: 'module',
      name: squeeze(match.text.slice(node.startIndex, block.startIndex)),
      nameSpan: nodeSpan(keyword),
    };
  },
};

function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
