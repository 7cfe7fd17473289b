/**
 * describe on big, repetitive text: the work per description (characters scanned, counted by the
 * describer itself) stays within its budgets, and what it returns still resolves back.
 */
import { describe, expect, it } from 'vitest';
import {
  LINE_SCAN_BUDGET,
  SCOPE_SCAN_BUDGET,
  VERIFY_MAX,
  describeOffset,
} from '../../src/locate/describe.js';
import { parseLocate } from '../../src/locate/locate-string.js';
import { fileView, type FileView } from '../../src/locate/resolve-core.js';
import { resolveLocate } from '../../src/locate/resolver.js';

const FORMS = [
  '    total = total + item.price * 2',
  '    x = f(x, y)',
  '    if (x) { return y; }',
  '    // ----------------------------------------',
  '    items.push(item)',
];

/** Deterministic pseudo-random generator (tests must not depend on chance). */
function random(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

function bigText(lines: number, next: () => number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++)
    out.push(i % 97 === 0 ? `function f${i}(a) {` : (FORMS[Math.floor(next() * FORMS.length)] as string));
  return out.join('\n') + '\n';
}

function roundTrips(view: FileView, offset: number): void {
  const description = describeOffset(view, offset);
  const longestLine = view.text.split('\n').reduce((max, l) => Math.max(max, l.length), 0);
  // Two attempts at most (the offset, then past a whitespace run), each within its budgets.
  const bound = 2 * (SCOPE_SCAN_BUDGET + VERIFY_MAX + LINE_SCAN_BUDGET + 2 * longestLine);
  expect(description.steps).toBeLessThanOrEqual(bound);
  const back = resolveLocate(
    view,
    parseLocate(description.locate, { exists: (p) => p === view.filePath }),
    'position',
  );
  expect(back.ok).toBe(true);
  if (back.ok && description.exact) expect(view.lines.toOffset(back.position)).toBe(offset);
}

describe('describe work budget', () => {
  it('stays within the budget on a 150,000-line file with no outline (the file is the scope)', () => {
    const next = random(7);
    const view = fileView('big.js', bigText(150_000, next), undefined);
    expect(view.text.length).toBeGreaterThan(4 * SCOPE_SCAN_BUDGET);
    for (let i = 0; i < 40; i++) roundTrips(view, Math.floor(next() * view.text.length));
  });

  it('stays within the budget on one minified line of 600,000 characters', () => {
    const view = fileView('min.js', 'a+b;'.repeat(150_000) + '\n', undefined);
    const next = random(11);
    for (let i = 0; i < 10; i++) roundTrips(view, Math.floor(next() * 600_000));
  });

  it('proves uniqueness with one word count where a nearby word is unique', () => {
    const view = fileView(
      'big.js',
      bigText(60_000, random(3)).replace('items.push', 'unusualName.push'),
      undefined,
    );
    const offset = view.text.indexOf('unusualName');
    const description = describeOffset(view, offset);
    expect(description.locate).toBe('big.js@<|>unusualName');
    // One plain-text count of the word over the file (charged at 1/16 per character), no regex scans.
    expect(description.steps).toBeLessThanOrEqual(view.text.length / 16 + 10_000);
  });
});
