/**
 * Outlines sized for an answer (docs/mcp.md, "Budgets"): levels below `depth` left out (each shown symbol
 * counts what it hides), then the remaining symbols cut into pages that fit the character budget. A symbol
 * whose parent is on an earlier page starts this page's tree; its `path` says where it belongs.
 */
import type { Advice } from '../../core/advice.js';
import { pageByBudget } from '../../core/budget.js';
import { LocusError } from '../../core/errors.js';
import type { OutlineEntry, OutlineResult } from './outline.js';
import type { OutlineView, OutlinePage } from '../results/outline-page.js';
export type { OutlineView, OutlinePage } from '../results/outline-page.js';

interface Flat {
  entry: OutlineEntry;
  level: number;
  hidden: number;
}

/** One page of an outline, with `size` measuring a symbol's rendered line (see render/outline.ts). */
export function pageOutline(
  result: OutlineResult,
  view: OutlineView,
  size: (entry: OutlineEntry, level: number, hidden: number) => number,
): OutlinePage {
  if (view.depth !== undefined && (!Number.isInteger(view.depth) || view.depth < 1))
    throw new LocusError('INVALID_ARGUMENT', `An outline depth of ${view.depth} is not usable.`, {
      hint: 'Depth counts levels from 1 (top-level symbols only).',
      details: { argument: 'depth' },
    });
  const flat: Flat[] = [];
  let total = 0;
  let hiddenTotal = 0;
  const visit = (entries: OutlineEntry[], level: number): number => {
    let count = 0;
    for (const entry of entries) {
      total++;
      count++;
      if (view.depth !== undefined && level >= view.depth) {
        hiddenTotal++;
        count += visit(entry.children, level + 1);
        continue;
      }
      const item: Flat = { entry, level, hidden: 0 };
      flat.push(item);
      const below = visit(entry.children, level + 1);
      if (view.depth !== undefined && level + 1 >= view.depth) item.hidden = below;
      count += below;
    }
    return count;
  };
  visit(result.symbols, 0);
  const page = pageByBudget(flat, (f) => size(f.entry, f.level, f.hidden) + 1, {
    ...(view.budget === undefined ? {} : { budget: view.budget }),
    ...(view.page === undefined ? {} : { page: view.page }),
    overhead: 400,
  });
  const answer: OutlinePage = {
    ...result,
    symbols: rebuild(page.items),
    page: page.page,
    pages: page.pages,
    total_symbols: total,
    shown: page.items.length,
    hidden_by_depth: hiddenTotal,
  };
  if (view.depth !== undefined) answer.depth = view.depth;
  const advice: Advice[] = [];
  if (hiddenTotal > 0 && view.depth !== undefined)
    advice.push({ kind: 'deeper', depth: view.depth, hidden: hiddenTotal });
  if (page.page < page.pages) advice.push({ kind: 'next-page', page: page.page + 1, pages: page.pages });
  if (advice.length > 0) answer.advice = advice;
  return answer;
}

/** Rebuilds a tree from a pre-order slice; `hidden_children` notes what depth left out. */
function rebuild(items: Flat[]): OutlineEntry[] {
  const roots: OutlineEntry[] = [];
  const stack: { level: number; entry: OutlineEntry }[] = [];
  for (const item of items) {
    const copy: OutlineEntry = { ...item.entry, children: [] };
    if (item.hidden > 0) copy.hidden_children = item.hidden;
    while (stack.length > 0 && (stack[stack.length - 1]?.level ?? 0) >= item.level) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent !== undefined && parent.level === item.level - 1) parent.entry.children.push(copy);
    else roots.push(copy);
    stack.push({ level: item.level, entry: copy });
  }
  return roots;
}
