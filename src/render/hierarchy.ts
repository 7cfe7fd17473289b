/**
 * Renders call and type hierarchies as indented trees: each item with its kind, place and locate string,
 * call sites under it.
 */
import type { HierarchyItem, HierarchyResult } from '../ops/analysis/hierarchy.js';
import { NEUTRAL_WORDING, type Wording } from '../core/advice.js';
import { renderCursor, renderResultNotes, type Detail } from './cursor.js';
import { codeSpan } from './markdown.js';

const TITLES = {
  incoming: 'Incoming calls (callers)',
  outgoing: 'Outgoing calls (callees)',
  supertypes: 'Supertypes',
  subtypes: 'Subtypes',
} as const;

/** One item on one line with its locate string; call sites as their positions only. */
function renderCompactItem(item: HierarchyItem, indent: string, lines: string[]): void {
  const locate = item.place.locate ? ` ${codeSpan(item.place.locate)}` : ` ${item.place.display}`;
  lines.push(`${indent}- ${item.kind} ${codeSpan(item.name)}${locate}`);
  const sites = item.call_sites ?? [];
  if (sites.length > 0)
    lines.push(
      `${indent}  call sites: ${sites.map((site) => site.display.replace(/^.*?:(?=\d+:\d+$)/, '')).join(', ')}`,
    );
  for (const child of item.children) renderCompactItem(child, `${indent}  `, lines);
}

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
export function renderHierarchy(
  result: HierarchyResult,
  word: Wording = NEUTRAL_WORDING,
  detail: Detail = 'full',
): string {
  const lines = [renderCursor(result.cursor, detail), ...renderResultNotes(result), ''];
  if (result.items.length === 0) {
    lines.push(
      'The server found no symbol with a hierarchy here (point at a function, method or type name).',
    );
    return lines.join('\n');
  }
  lines.push(`${TITLES[result.direction]}, depth ${result.depth}: ${result.total} item(s)`);
  for (const item of result.items) (detail === 'compact' ? renderCompactItem : renderItem)(item, '', lines);
  if (detail === 'compact') lines.push(...compactFooter(result.items, word));
  return lines.join('\n');
}

/** One line for the whole compact tree: where it stops (once, not per item) and what `detail: "full"` adds. */
function compactFooter(items: HierarchyItem[], word: Wording): string[] {
  const some = (test: (item: HierarchyItem) => boolean, list: HierarchyItem[]): boolean =>
    list.some((item) => test(item) || some(test, item.children));
  const footer = [
    ...(some((item) => item.truncated === true, items) ? ['Ask from an item to go deeper.'] : []),
    ...(some((item) => (item.call_sites?.length ?? 0) > 0, items)
      ? [word({ kind: 'full-detail', what: "call sites' source lines and locate strings" })]
      : []),
  ];
  return footer.length > 0 ? ['', footer.join(' ')] : [];
}
