/**
 * Bounded answers (docs/mcp.md, "Budgets"): every answer that can grow is cut into pages of at most a budget
 * of characters of rendered markdown, never silently — the page says which page it is, how many there are and
 * how many items it holds of the total. The helper is generic: a tool measures each item as it would render it
 * and asks for one page.
 *
 * ```ts
 * const page = pageByBudget(hits, (hit) => renderHit(hit).length + 1, { budget, page: 2 });
 * // page.items, page.page, page.pages, page.total, page.first (index of page.items[0])
 * ```
 */
import { LocusError } from './errors.js';

/** Characters of markdown an answer may use when neither the call nor the configuration says otherwise. */
export const DEFAULT_BUDGET_CHARS = 20_000;
/** The smallest budget a caller may ask for (a page always holds at least one item anyway). */
export const MIN_BUDGET_CHARS = 1_000;

/** One page of items. */
export interface BudgetPage<T> {
  items: T[];
  /** 1-based. */
  page: number;
  pages: number;
  /** Items over all pages. */
  total: number;
  /** Index (0-based) of the page's first item among all items. */
  first: number;
}

/** The page an answer shows and the characters it may spend: what every paged operation takes. */
export interface PageRequest {
  /** 1-based page (default 1). */
  page?: number;
  /** Characters per page (default DEFAULT_BUDGET_CHARS). */
  budget?: number;
}

/** How to page. */
export interface BudgetOptions extends PageRequest {
  /** Characters every page spends anyway (heading, footer), taken off the budget. */
  overhead?: number;
  /** At most this many items per page, whatever their size. */
  maxItems?: number;
}

/**
 * Cuts `items` greedily into pages whose measured sizes fit the budget (a page holds at least one item, so a
 * single oversized item is a page of its own) and returns the asked page. INVALID_ARGUMENT for a page past the end.
 */
export function pageByBudget<T>(
  items: readonly T[],
  size: (item: T) => number,
  options: BudgetOptions = {},
): BudgetPage<T> {
  const budget = checkBudget(options.budget);
  const page = checkPage(options.page);
  const room = Math.max(1, budget - (options.overhead ?? 0));
  const starts = [0];
  let used = 0;
  items.forEach((item, index) => {
    const cost = size(item);
    const full = index - (starts[starts.length - 1] ?? 0) >= (options.maxItems ?? Infinity);
    if ((used > 0 && used + cost > room) || full) {
      starts.push(index);
      used = 0;
    }
    used += cost;
  });
  const pages = starts.length;
  if (page > pages) throw pageOutOfRange(page, pages);
  const first = starts[page - 1] ?? 0;
  const end = starts[page] ?? items.length;
  return { items: items.slice(first, end), page, pages, total: items.length, first };
}

/** The budget, checked (INVALID_ARGUMENT when not a whole number ≥ MIN_BUDGET_CHARS). */
export function checkBudget(budget: number | undefined): number {
  if (budget === undefined) return DEFAULT_BUDGET_CHARS;
  if (!Number.isInteger(budget) || budget < MIN_BUDGET_CHARS)
    throw new LocusError('INVALID_ARGUMENT', `A budget of ${budget} characters is not usable.`, {
      hint: `Give a whole number of characters, at least ${MIN_BUDGET_CHARS} (default ${DEFAULT_BUDGET_CHARS}).`,
      details: { argument: 'budget' },
    });
  return budget;
}

/** A 1-based page number, checked. */
export function checkPage(page: number | undefined): number {
  if (page === undefined) return 1;
  if (!Number.isInteger(page) || page < 1)
    throw new LocusError('INVALID_ARGUMENT', `Page ${page} is not a page number.`, {
      hint: 'Pages are whole numbers from 1.',
      details: { argument: 'page' },
    });
  return page;
}

function pageOutOfRange(page: number, pages: number): LocusError {
  return new LocusError(
    'INVALID_ARGUMENT',
    `Page ${page} does not exist; there ${pages === 1 ? 'is 1 page' : `are ${pages} pages`}.`,
    {
      hint: `Ask for a page from 1 to ${pages}.`,
      details: { argument: 'page', pages },
    },
  );
}
