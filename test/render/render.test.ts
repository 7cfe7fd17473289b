import { describe, expect, it } from 'vitest';
import { cleanMarkdown } from '../../src/ops/navigation/hover.js';
import { renderCursor } from '../../src/render/cursor.js';
import { fenced } from '../../src/render/edits.js';
import { codeSpan } from '../../src/render/markdown.js';
import { renderError } from '../../src/render/error.js';
import { renderLocateSuccess } from '../../src/render/locate.js';

describe('markdown safety', () => {
  it('code spans and fences are longer than any backtick run inside', () => {
    expect(codeSpan('a`b')).toBe('``a`b``');
    expect(codeSpan('`x`')).toBe('`` `x` ``');
    const block = fenced('```js\nx\n```', 'diff');
    expect(block.startsWith('````diff\n')).toBe(true);
    expect(block.endsWith('\n````')).toBe(true);
  });

  it('hover text loses HTML entities and redundant escapes, but not inside code fences', () => {
    expect(cleanMarkdown('a&nbsp;&lt;T&gt; &amp; &#39;q&#x27;')).toBe("a <T> & 'q'");
    expect(cleanMarkdown('call my\\_func\\(\\) here')).toBe('call my_func() here');
    expect(cleanMarkdown('```py\nx = a\\_b\n```')).toBe('```py\nx = a\\_b\n```');
    expect(cleanMarkdown('\\# heading stays escaped')).toBe('\\# heading stays escaped');
    const icon = '![Baseline icon](data:image/svg+xml;base64,PHN2ZyB3aWR0aD0iMTgi) _Widely available_';
    expect(cleanMarkdown(`Sets the height.\n\n${icon}`)).toBe('Sets the height.\n\n_Widely available_');
    expect(cleanMarkdown('![logo](https://example.org/a.png)')).toBe('![logo](https://example.org/a.png)');
  });
});

describe('renderers', () => {
  it('cursor context has the three lines of docs/operations.md, "What the operations do"', () => {
    const text = renderCursor({
      operation: 'references',
      file_path: 'src/client.ts',
      position: { line: 11, character: 33 },
      display: 'src/client.ts:12:34',
      symbol: { name: 'initialize', role: 'call', enclosing: { path: 'main', kind: 'function' } },
      snippet: '    lspClient.initi|alize();',
    });
    expect(text.split('\n')).toEqual([
      'references on src/client.ts:12:34',
      'Symbol: initialize — call, in function main',
      'Cursor: `    lspClient.initi|alize();`',
    ]);
    const onSpace = renderCursor({
      operation: 'hover',
      file_path: 'a',
      position: { line: 0, character: 0 },
      display: 'a:1:1',
      symbol: null,
      snippet: '|  x',
    });
    expect(onSpace).toContain('no identifier under the cursor');
  });

  it('locate results show notes, alternatives with locate strings, and errors with hints', () => {
    const text = renderLocateSuccess({
      ok: true,
      file_path: 'a.py',
      position: { line: 0, character: 0 },
      display: 'a.py:1:1',
      matches: 2,
      symbol: { path: 'f', kind: 'function' },
      notes: ['2 matches'],
      alternatives: [
        {
          position: { line: 3, character: 4 },
          display: 'a.py:4:5',
          snippet: 'return x',
          locate: 'a.py:g@return <|>x',
        },
      ],
    });
    expect(text).toContain('Located a.py:1:1 (function f)');
    expect(text).toContain('a.py:4:5  `return x`  → `a.py:g@return <|>x`');
    expect(renderError({ code: 'NO_MATCH', message: 'No match.', hint: 'Try x.' })).toBe(
      'error NO_MATCH: No match.\nhint: Try x.',
    );
  });
});
