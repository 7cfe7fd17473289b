/** Pure text shaping of `edit`: dedent, indent unit detection, conversion, line endings, doc comments. */
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../src/core/line-index.js';
import {
  dedentLines,
  docCommentStart,
  indentUnit,
  lineEnding,
  shapeText,
} from '../../src/ops/edits/edit-text.js';
import { anchor } from '../helpers/anchors.js';

describe('edit text shaping', () => {
  it('removes the common indent, and tolerates a first line copied without its indent', () => {
    expect(dedentLines('    a\n      b\n')).toEqual(['a', '  b']);
    expect(dedentLines('def f():\n        return 1')).toEqual(['def f():', '    return 1']);
    expect(dedentLines('x = foo(\n    a)')).toEqual(['x = foo(', '    a)']);
  });

  it('finds the indent unit from growth steps, not from aligned continuation lines', () => {
    const python = [
      'class A:',
      '    def f(self):',
      '        x = g(1,',
      '              2)',
      '        return x',
    ];
    expect(indentUnit(python)).toEqual({ tabs: false, width: 4 });
    expect(indentUnit(['a {', '  b {', '    c', '  }', '}'])).toEqual({ tabs: false, width: 2 });
    expect(indentUnit(['func f() {', '\treturn', '}'])).toEqual({ tabs: true });
  });

  it('converts the sent unit to the file unit and joins with the file line ending', () => {
    const shaped = shapeText('if x {\n    y()\n}', {
      indent: '\t',
      unit: { tabs: true },
      eol: '\r\n',
      indentFirst: true,
    });
    expect(shaped).toBe('\tif x {\r\n\t\ty()\r\n\t}');
    expect(lineEnding('a\r\nb\r\nc\n')).toBe('\r\n');
  });

  it('extends to the comment block directly above, not across a blank line', () => {
    const { text, offset } = anchor('x = 1\n\n# one\n# two\n<|>def f():\n    pass\n');
    const start = docCommentStart(text, new LineIndex(text), offset);
    expect(text.slice(start).startsWith('# one\n# two\ndef f')).toBe(true);
    const bare = anchor('# far\n\n<|>def g(): pass\n');
    expect(docCommentStart(bare.text, new LineIndex(bare.text), bare.offset)).toBe(bare.offset);
  });
});
