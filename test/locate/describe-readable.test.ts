/**
 * describe gives readable locate strings (docs/locate-strings.md, "Going back"): the find names at least
 * one word, and a position at the start of a word shows that word — `@.<|>name`, never `@.<|>` or `@) <|>`,
 * which resolve just as exactly but tell a reader nothing. Each still resolves back to its position.
 */
import { describe, expect, it } from 'vitest';
import { describeOffset } from '../../src/locate/describe.js';
import { parseLocate } from '../../src/locate/locate-string.js';
import { fileView } from '../../src/locate/resolve-core.js';
import { resolveLocate } from '../../src/locate/resolver.js';
import { anchors } from '../helpers/anchors.js';

const SOURCE = [
  'const total = items.<|>reduce((sum, item) => sum + item.price, 0)<|>;',
  'if (ready) {<|> start(<|>); }',
  'printer.<|>OpenElement("a");',
  'export const x = { a: 1 <|>};',
].join('\n');

function findPart(locate: string): string {
  return locate.slice(locate.indexOf('@') + 1);
}

describe('readable descriptions', () => {
  const { text, offsets } = anchors(SOURCE);
  const view = fileView('a.js', text, undefined);

  it.each(offsets.map((offset, i) => [i, offset] as const))(
    'position %i names a word and resolves back',
    (_, offset) => {
      const { locate, exact } = describeOffset(view, offset);
      expect(exact).toBe(true);
      expect(findPart(locate)).toMatch(/\w/);
      const back = resolveLocate(view, parseLocate(locate, { exists: (p) => p === 'a.js' }), 'position');
      expect(back.ok && view.lines.toOffset(back.position)).toBe(offset);
    },
  );

  it('shows the word a position starts', () => {
    expect(findPart(describeOffset(view, offsets[0] as number).locate)).toContain('<|>reduce');
    expect(findPart(describeOffset(view, offsets[4] as number).locate)).toContain('<|>OpenElement');
  });
});
