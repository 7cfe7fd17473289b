/** The budget pager: pages cover every item once, in order, each within the budget unless one item is larger. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUDGET_CHARS, MIN_BUDGET_CHARS, pageByBudget } from '../../src/core/budget.js';
import { LocusError } from '../../src/core/errors.js';

describe('pageByBudget', () => {
  it('cuts items into pages that fit, covering each item once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 3000 }), { maxLength: 200 }),
        fc.integer({ min: MIN_BUDGET_CHARS, max: 10_000 }),
        fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
        (sizes, budget, maxItems) => {
          const first = pageByBudget(sizes, (s) => s, { budget, ...(maxItems ? { maxItems } : {}) });
          const seen: number[] = [];
          for (let page = 1; page <= first.pages; page++) {
            const p = pageByBudget(sizes, (s) => s, { budget, page, ...(maxItems ? { maxItems } : {}) });
            expect(p.first).toBe(seen.length);
            expect(p.total).toBe(sizes.length);
            expect(p.items.length).toBeGreaterThan(sizes.length === 0 ? -1 : 0);
            if (p.items.length > 1) expect(p.items.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(budget);
            if (maxItems) expect(p.items.length).toBeLessThanOrEqual(maxItems);
            seen.push(...p.items);
          }
          expect(seen).toEqual(sizes);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses a page past the end and unusable budgets with INVALID_ARGUMENT', () => {
    const sizes = Array.from({ length: 10 }, () => DEFAULT_BUDGET_CHARS / 2 + 1);
    expect(pageByBudget(sizes, (s) => s).pages).toBe(10);
    for (const options of [{ page: 11 }, { page: 0 }, { page: 1.5 }, { budget: 10 }]) {
      let thrown: unknown;
      try {
        pageByBudget(sizes, (s) => s, options);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(LocusError);
      expect((thrown as LocusError).code).toBe('INVALID_ARGUMENT');
    }
  });
});
