/**
 * Multi-character operators are single find tokens per language, and a find begun in a line comment does not run
 * on into the next line (docs/locate-strings.md, "Find"; issue 24: `*.c@->` matched `tries-- > 0`, `state.base_`
 * matched a comment's last word and the next line). Both matching paths (the literal scan and the KMP token scan)
 * give the same answers.
 */
import { describe, expect, it } from 'vitest';
import { outsideComments } from '../../src/locate/find-comments.js';
import { compileFind, findAll, findAllByTokens } from '../../src/locate/matcher.js';
import { operatorTable } from '../../src/locate/operators.js';
import { findSyntax, tokenize } from '../../src/locate/tokens.js';

/** The matched texts of `find` in `text` read as `language`, by both matching paths (they must agree). */
function matches(find: string, text: string, language?: string): string[] {
  const compiled = compileFind(find, 'range', findSyntax(language));
  const scope = { start: 0, end: text.length };
  const fast = findAll(compiled, text, scope).map((m) => text.slice(m.span.start, m.span.end));
  const slow = findAllByTokens(compiled, text, scope).map((m) => text.slice(m.span.start, m.span.end));
  expect(slow).toEqual(fast);
  return fast;
}

describe('multi-character operators are one token', () => {
  const c = 'while (tries-- > 0) p->x; q -> y; x >= 1; a<<=2; if (a && b) ok();';

  it.each([
    ['->', ['->', '->']],
    ['--', ['--']],
    ['>', ['>']],
    ['> 0', ['> 0']],
    ['-', []],
    ['>=', ['>=']],
    ['<<', []],
    ['&', []],
    ['&&', ['&&']],
  ])('C: %j matches %j', (find, want) => {
    expect(matches(find, c, 'c')).toEqual(want);
  });

  it('a language without the operator keeps the characters apart (`**` in C, `->` in JavaScript)', () => {
    expect(matches('*argv', 'char **argv;', 'c')).toEqual(['*argv']);
    expect(matches('*argv', 'f(**argv)', 'python')).toEqual([]);
    expect(matches('>', 'a->b', 'javascript')).toEqual(['>']);
    expect(matches('>', 'a->b', 'c')).toEqual([]);
  });

  it('generic closers stay two tokens where `>>` would split them (C++, Java, TypeScript)', () => {
    expect(matches('vector<int>', 'std::vector<std::vector<int>> v;', 'cpp')).toEqual(['vector<int>']);
    expect(matches('Array<number>', 'let a: Map<string, Array<number>>;', 'typescript')).toEqual([
      'Array<number>',
    ]);
  });

  it('comment delimiters are tokens: `**` is no match inside `/**`', () => {
    expect(matches('**', '/** doc */ x = 2 ** 3', 'typescript')).toEqual(['**']);
    expect(matches('*/', '/* a */', 'c')).toEqual(['*/']);
  });

  it('with no language every punctuation character is a token, as before', () => {
    expect(matches('->', 'tries-- > 0', undefined)).toEqual(['- >']);
  });

  it('every listed operator reads as one token in its language', () => {
    for (const [language, operators] of Object.entries(operatorTable())) {
      for (const op of operators) {
        const tokens = tokenize(` ${op} `, 0, op.length + 2, findSyntax(language)).filter(
          (t) => t.kind !== 'space',
        );
        expect(
          tokens.map((t) => t.text),
          `${language} ${op}`,
        ).toEqual([op]);
      }
    }
  });
});

describe('a find begun in a line comment stays in it', () => {
  const text = 'x = 1; // keep the state.\nbase_ = 2;\nstate.base_ = 3; /* state.\n*/ base_;\n';
  const comments = [
    { start: text.indexOf('//'), end: text.indexOf('\nbase_') },
    { start: text.indexOf('/*'), end: text.indexOf('*/') + 2 },
  ];
  const found = (find: string) => {
    const compiled = compileFind(find, 'range', findSyntax('c'));
    const all = findAll(compiled, text, { start: 0, end: text.length });
    return outsideComments(all, text, comments).map((m) => text.slice(m.span.start, m.span.end));
  };

  it('drops a match from a line comment into the next line, keeps the one in code', () => {
    expect(found('state.base_')).toEqual(['state.base_']);
  });

  it('keeps a match that spells a block comment’s end, or that starts at a comment’s opener', () => {
    expect(found('state. */ base_')).toEqual(['state.\n*/ base_']);
    expect(found('// keep the state. base_')).toEqual(['// keep the state.\nbase_']);
  });

  it('without comment data nothing is dropped', () => {
    const compiled = compileFind('state.base_', 'range', findSyntax('c'));
    expect(
      outsideComments(findAll(compiled, text, { start: 0, end: text.length }), text, undefined),
    ).toHaveLength(2);
  });
});
