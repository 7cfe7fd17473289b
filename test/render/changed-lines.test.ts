/**
 * The compact form of a diff (docs/mcp.md, "Compact answers"): the removed and added lines of a real unified diff
 * (made by the same `diff` package the edits use), numbered in the old and new text, grouped by file, cut at a
 * maximum with the rest counted.
 */
import { createTwoFilesPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { changedLines } from '../../src/render/changed-lines.js';

const patch = (file: string, before: string, after: string) =>
  createTwoFilesPatch(`a/${file}`, `b/${file}`, before, after, '', '', { context: 3 });

const OLD = [
  'def total(cart):',
  '    s = 0',
  '    for x in cart:',
  '        s += x',
  '    return s',
  '',
].join('\n');
const NEW = OLD.replace('    s = 0', '    subtotal = 0').replace('    return s', '    return subtotal');

describe('changed lines of a diff', () => {
  it('numbers removed lines in the old text and added lines in the new, without context or headers', () => {
    const { lines, more } = changedLines(patch('cart.py', OLD, NEW), 40);
    expect(lines).toEqual([
      'cart.py',
      '  2-     s = 0',
      '  2+     subtotal = 0',
      '  5-     return s',
      '  5+     return subtotal',
    ]);
    expect(more).toBe(0);
  });

  it('names a deleted file by its old path and counts what is over the maximum', () => {
    const diff = patch('gone.py', OLD, '').replace('+++ b/gone.py', '+++ /dev/null');
    const { lines, more } = changedLines(diff, 3);
    expect(lines).toEqual(['gone.py', '  1- def total(cart):', '  2-     s = 0']);
    expect(more).toBe(3);
  });

  it('groups several files', () => {
    const diff = `${patch('a.py', 'x = 1\n', 'x = 2\n')}${patch('b.py', 'y = 1\n', 'y = 3\n')}`;
    expect(changedLines(diff, 40).lines).toEqual([
      'a.py',
      '  1- x = 1',
      '  1+ x = 2',
      'b.py',
      '  1- y = 1',
      '  1+ y = 3',
    ]);
  });
});
