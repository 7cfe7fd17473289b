/**
 * TOML hooks (docs/locate-strings.md, "Key paths"): `[tool.ruff]` is the table `tool.ruff` (name `ruff`, qualifier
 * `tool`) and its pairs nest in it; `a.b.c = 1` is `a.b.c`; quoted keys are decoded; the `[[bin]]` tables are the
 * elements `bin.0`, `bin.1`, … counted per header; an array's elements are `0`, `1`, …; kinds by value type.
 */
import type { Node } from 'web-tree-sitter';
import type { SymbolKindName } from '../../locate/outline.js';
import type { Candidate, LanguageHooks } from '../hooks.js';
import { decodeDoubleQuoted, elementCandidates, elements, innerSpan, valueKind } from './data-keys.js';

const KINDS: Readonly<Record<string, SymbolKindName>> = {
  string: 'string',
  integer: 'number',
  float: 'number',
  boolean: 'boolean',
  array: 'array',
  inline_table: 'object',
  table: 'object',
  table_array_element: 'object',
};

const KEYS = new Set(['bare_key', 'quoted_key', 'dotted_key']);

/** Hooks for the TOML grammar. */
export const hooks: LanguageHooks = {
  positionalNames: true,
  refine(match, defaults) {
    const node = match.node;
    if (node.type === 'array') return elementCandidates(elements(node), (v) => valueKind(v, KINDS));
    if (node.type === 'document') return arrayTables(node, match.text);
    if (!defaults || !match.name) return null;
    const keyed = keyCandidate(match.name, match.text, defaults);
    if (node.type === 'table') return keyed;
    const value = elements(node).find((child) => !KEYS.has(child.type));
    return { ...keyed, kind: valueKind(value, KINDS) };
  },
};

/** Name, name range and qualifier of a (dotted) key. */
function keyCandidate(key: Node, text: string, base: Candidate): Candidate {
  const parts = keyParts(key);
  const last = parts[parts.length - 1] ?? key;
  const segments = parts.map((part) => keySegment(part, text));
  const qualifier = segments.slice(0, -1);
  return {
    ...base,
    name: segments[segments.length - 1] ?? '',
    nameSpan: innerSpan(last, text),
    qualifier: qualifier.length > 0 ? qualifier : undefined,
  };
}

/** `[[bin]]` … `[[bin]]` → `bin.0`, `bin.1` (each header path counted on its own). */
function arrayTables(document: Node, text: string): Candidate[] {
  const counts = new Map<string, number>();
  const candidates: Candidate[] = [];
  for (const child of elements(document)) {
    if (child.type !== 'table_array_element') continue;
    const key = elements(child).find((part) => KEYS.has(part.type));
    if (!key) continue;
    const parts = keyParts(key);
    const segments = parts.map((part) => keySegment(part, text));
    const id = segments.join('\u0000');
    const index = counts.get(id) ?? 0;
    counts.set(id, index + 1);
    const last = parts[parts.length - 1] ?? key;
    candidates.push({
      kind: 'object',
      name: String(index),
      nameSpan: innerSpan(last, text),
      qualifier: segments,
      rangeNode: child,
    });
  }
  return candidates;
}

/** The simple keys of a key, in order (`a.b.c` → `a`, `b`, `c`). */
function keyParts(key: Node): Node[] {
  if (key.type !== 'dotted_key') return [key];
  return elements(key).flatMap((part) => keyParts(part));
}

function keySegment(part: Node, text: string): string {
  const raw = text.slice(part.startIndex, part.endIndex);
  if (raw.startsWith('"')) return decodeDoubleQuoted(raw);
  if (raw.startsWith("'")) return raw.slice(1, -1);
  return raw;
}
