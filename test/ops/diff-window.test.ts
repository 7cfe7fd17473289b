/**
 * The changed window of two texts (src/ops/locating/diff-window.ts) is the window a comparison of whole lines from
 * both ends gives, however the shared characters fall against the chunks the scans compare at once: seeded random
 * texts of short lines, changed at random places (some right at chunk boundaries), some with carriage returns and
 * no final line break.
 */
import { describe, expect, it } from 'vitest';
import { changedWindow, linesOf, type ChangedWindow } from '../../src/ops/locating/diff-window.js';
import { seededRandom } from '../helpers/seeded-random.js';

/** The window by whole lines: shared lines at the start, then shared lines at the end among the rest. */
function byLines(a: string, b: string, context: number): ChangedWindow | undefined {
  if (a === b) return undefined;
  const [x, y] = [linesOf(a), linesOf(b)];
  let head = 0;
  while (head < Math.min(x.length, y.length) && x[head] === y[head]) head++;
  let tail = 0;
  while (tail < Math.min(x.length, y.length) - head && x[x.length - 1 - tail] === y[y.length - 1 - tail])
    tail++;
  const lead = Math.min(head, context);
  const trail = Math.min(tail, context);
  const before = x.slice(head - lead, x.length - tail + trail);
  const after = y.slice(head - lead, y.length - tail + trail);
  return {
    start: head - lead,
    before,
    after,
    oldMiddle: before.length - lead - trail,
    newMiddle: after.length - lead - trail,
    lead,
    trail,
  };
}

function randomText(next: () => number, lines: number, breaks: string[]): string {
  let text = '';
  for (let i = 0; i < lines; i++) {
    const words = 1 + Math.floor(next() * 6);
    text += Array.from({ length: words }, () => ['a', 'bb', 'x', 'yy', 'a(b)'][Math.floor(next() * 5)]).join(
      ' ',
    );
    text += breaks[Math.floor(next() * breaks.length)];
  }
  return text;
}

/** A random change of `text`: a replaced, inserted or deleted run of characters, sometimes at a chunk boundary. */
function changed(next: () => number, text: string): string {
  const atBoundary = next() < 0.3 && text.length > 256;
  const at = atBoundary
    ? 256 * Math.floor(next() * Math.floor(text.length / 256)) + Math.floor(next() * 3) - 1
    : Math.floor(next() * (text.length + 1));
  const from = Math.max(0, Math.min(text.length, at));
  const to = Math.min(text.length, from + Math.floor(next() * 40));
  const insert = ['', 'z', 'q\n', '\n', 'new line\nand another\n'][Math.floor(next() * 5)] ?? '';
  return text.slice(0, from) + insert + text.slice(to);
}

describe('changedWindow', () => {
  it.each([1, 2, 3, 4])('is the window of a whole-line comparison (seed %i)', (seed) => {
    const next = seededRandom(seed);
    for (let round = 0; round < 300; round++) {
      const breaks = round % 5 === 0 ? ['\n', '\r\n'] : ['\n'];
      const a = randomText(next, 5 + Math.floor(next() * 200), breaks).slice(
        0,
        round % 7 === 0 ? -1 : undefined,
      );
      let b = changed(next, a);
      if (next() < 0.3) b = changed(next, b);
      const context = Math.floor(next() * 4);
      expect(changedWindow(a, b, context), `round ${round}`).toEqual(byLines(a, b, context));
    }
  });

  it('finds nothing to show in equal texts, and the whole text in texts with nothing shared', () => {
    const text = 'line\n'.repeat(300);
    expect(changedWindow(text, text, 3)).toBeUndefined();
    expect(changedWindow(text, 'other\n'.repeat(2), 3)).toMatchObject({ start: 0, lead: 0, trail: 0 });
  });
});
