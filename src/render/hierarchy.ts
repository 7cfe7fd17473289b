/**
 * Renders call and type hierarchies as indented trees: each item with its kind, place and locate string,
 * call sites under it.
 */
import type { HierarchyItem, HierarchyResult } from '../ops/analysis/hierarchy.js';
import { renderCursor, renderResultNotes } from './cursor.js';
import { codeSpan } from './markdown.js';

const TITLES = {
  incoming: 'Incoming calls (callers)',
  outgoing: 'Outgoing calls (callees)',
  supertypes: 'Supertypes',
  subtypes: 'Subtypes',
} as const;

function renderItem(item: HierarchyItem, indent: string, lines: string[]): void {
  const place = item.place;
  lines.push(
    `${indent}- ${item.kind} ${codeSpan(item.name)} — ${place.display}${item.detail ? ` ${item.detail.startsWith('(') ? item.detail : `(${item.detail})`}` : ''}`,
  );
  if (place.locate) lines.push(`${indent}  locate: ${codeSpan(place.locate)}`);
  for (const site of item.call_sites ?? []) {
    lines.push(`${indent}  call at ${site.display}${site.snippet ? `: ${codeSpan(site.snippet)}` : ''}`);
    if (site.locate) lines.push(`${indent}    locate: ${codeSpan(site.locate)}`);
  }
  if (item.truncated) lines.push(`${indent}  (depth limit: ask again from here to go further)`);
  for (const child of item.children) renderItem(child, `${indent}  `, lines);
}

/** The calls / types answer. */
export function renderHierarchy(result: HierarchyResult): string {
  const lines = [renderCursor(result.cursor), ...renderResultNotes(result), ''];
  if (result.items.length === 0) {
    lines.push(
      'The server found no symbol with a hierarchy here (point at a function, method or type name).',
    );
    return lines.join('\n');
  }
  lines.push(`${TITLES[result.direction]}, depth ${result.depth}: ${result.total} item(s)`);
  for (const item of result.items) renderItem(item, '', lines);
  return lines.join('\n');
}
