/**
 * HTML and Vue hooks (docs/languages.md, "Embedded code"): an element with an `id` is a symbol named by it; the
 * `<script>`, `<style>` and Vue `<template>` blocks are symbols named by their tag; the code inside a `<script>`
 * (JavaScript, TypeScript by `lang`, JSON by `type`) and a `<style>` (CSS) is outlined in its own language and
 * nests under its block.
 */
import type { Node } from 'web-tree-sitter';
import type { Span } from '../../core/positions.js';
import type { EmbeddedRegion } from '../embedded.js';
import type { LanguageHooks } from '../hooks.js';
import { nodeSpan } from '../node-utils.js';

const TAGS = new Set(['start_tag', 'self_closing_tag']);

/** `<script lang="…">` (Vue) and `<script type="…">` (HTML) → grammar; absent → JavaScript. */
const SCRIPT_LANGUAGES: Readonly<Record<string, string>> = {
  js: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  tsx: 'tsx',
  module: 'javascript',
  'text/javascript': 'javascript',
  'application/javascript': 'javascript',
  'application/json': 'json',
  'application/ld+json': 'json',
  importmap: 'json',
};

/** Hooks for the html and vue grammars. */
export const hooks: LanguageHooks = {
  refine(match) {
    const node = match.node;
    const tag = startTag(node);
    if (!tag) return null;
    if (node.type === 'element') {
      const id = attribute(tag, 'id', match.text);
      if (!id || id.value.length === 0) return null;
      return { kind: 'field', name: id.value, nameSpan: id.span };
    }
    const name = tag.namedChildren.find((child) => child?.type === 'tag_name');
    if (!name) return null;
    return {
      kind: 'module',
      name: match.text.slice(name.startIndex, name.endIndex),
      nameSpan: nodeSpan(name),
    };
  },
  embedded(root, text) {
    const regions: EmbeddedRegion[] = [];
    for (const element of root.descendantsOfType(['script_element', 'style_element'])) {
      if (!element) continue;
      const content = element.namedChildren.find((child) => child?.type === 'raw_text');
      const language = content ? embeddedLanguage(element, text) : undefined;
      if (content && language)
        regions.push({ language, content: nodeSpan(content), owner: element.startIndex });
    }
    return regions;
  },
};

function startTag(node: Node): Node | undefined {
  return node.namedChildren.find((child): child is Node => child !== null && TAGS.has(child.type));
}

function embeddedLanguage(element: Node, text: string): string | undefined {
  const tag = startTag(element);
  if (element.type === 'style_element') {
    const lang = tag && attribute(tag, 'lang', text)?.value.toLowerCase();
    return lang === undefined || lang === 'css' || lang === 'postcss' ? 'css' : undefined;
  }
  const lang = tag && (attribute(tag, 'lang', text) ?? attribute(tag, 'type', text))?.value.toLowerCase();
  return lang === undefined || lang === '' ? 'javascript' : SCRIPT_LANGUAGES[lang];
}

/** The value of a tag's attribute and its span (inside the quotes), or undefined when the tag has none. */
function attribute(tag: Node, name: string, text: string): { value: string; span: Span } | undefined {
  for (const attr of tag.namedChildren) {
    if (attr?.type !== 'attribute') continue;
    const attrName = attr.namedChildren.find((child) => child?.type === 'attribute_name');
    if (!attrName || text.slice(attrName.startIndex, attrName.endIndex).toLowerCase() !== name) continue;
    const quoted = attr.namedChildren.find((child) => child?.type === 'quoted_attribute_value');
    const value =
      quoted?.namedChildren.find((child) => child?.type === 'attribute_value') ??
      attr.namedChildren.find((child) => child?.type === 'attribute_value');
    if (!value)
      return quoted
        ? { value: '', span: { start: quoted.startIndex + 1, end: quoted.startIndex + 1 } }
        : undefined;
    return { value: text.slice(value.startIndex, value.endIndex), span: nodeSpan(value) };
  }
  return undefined;
}
