/**
 * `edit` on real files (no server needed unless `format`): targets, shaping, the plan, the syntax guard,
 * preview/apply with fingerprints and the new locate strings — Python, TypeScript and Go fixtures.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EditRequest, EditResult } from '../../src/ops/edits/edit.js';
import { createLocus, type Locus } from '../../src/ops/locus.js';

const FIXTURES = path.resolve(__dirname, '../fixtures/edit');
let root: string;
let locus: Locus;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'locus-edit-'));
  cpSync(FIXTURES, root, { recursive: true });
  locus = createLocus({ root });
});
afterEach(async () => {
  await locus.close();
  rmSync(root, { recursive: true, force: true });
});

const read = (file: string): string => readFileSync(path.join(root, file), 'utf8');

async function run(edits: EditRequest[], options = {}): Promise<EditResult> {
  const result = await locus.edit(edits, options);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result;
}

async function failure(edits: EditRequest[], options = {}): Promise<{ code: string; message: string }> {
  const result = await locus.edit(edits, options);
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

/** Resolves a locate string on disk and returns the text of its line. */
async function lineAt(locate: string): Promise<string> {
  const result = await locus.locate(locate);
  if (!result.ok) throw new Error(`${locate}: ${result.error.message}`);
  const file = read(result.file_path);
  return file.split('\n')[result.position.line] ?? '';
}

describe('edit: preview and apply', () => {
  it('previews by default (nothing written) and applies with the fingerprint', async () => {
    const before = read('cart.py');
    const edits: EditRequest[] = [
      {
        locate: 'cart.py:Cart.total@return <|>subtotal',
        action: 'replace',
        text: 'return round(subtotal, 2)',
      },
    ];
    const preview = await run(edits);
    expect(preview.applied).toBe(false);
    expect(read('cart.py')).toBe(before);
    expect(preview.diff).toContain('+        return round(subtotal, 2)');
    const applied = await run(edits, { apply: true, fingerprint: preview.fingerprint });
    expect(applied.applied).toBe(true);
    expect(read('cart.py')).toContain('return round(subtotal, 2)');
    expect(await lineAt(applied.edits[0]?.new_locate as string)).toContain('round(subtotal, 2)');
  });

  it('refuses a stale fingerprint (FILE_CHANGED), writing nothing', async () => {
    const edits: EditRequest[] = [{ locate: 'cart.py:helper', action: 'delete' }];
    const preview = await run(edits);
    await run([{ locate: 'cart.py:empty_cart@return <|>Cart()', action: 'replace', text: 'Cart' }], {
      apply: true,
    });
    const changed = read('cart.py');
    expect((await failure(edits, { apply: true, fingerprint: preview.fingerprint })).code).toBe(
      'FILE_CHANGED',
    );
    expect(read('cart.py')).toBe(changed);
  });
});

describe('edit: Python', () => {
  it('replaces a method re-indenting text sent at column 0, and returns its new locate', async () => {
    const result = await run(
      [
        {
          locate: 'cart.py:Cart.total',
          action: 'replace',
          text: 'def total(self):\n    return sum(i.price for i in self.items)\n',
        },
      ],
      { apply: true },
    );
    expect(read('cart.py')).toContain(
      '    def total(self):\n        return sum(i.price for i in self.items)\n\n\ndef empty_cart',
    );
    expect(result.edits[0]?.symbols).toEqual([
      { path: 'Cart.total', kind: 'method', locate: 'cart.py:Cart.total' },
    ]);
    // The doc comment is kept unless asked for.
    expect(read('cart.py')).toContain('    # The total price of every item.\n    def total');
  });

  it('replaces the doc comment too with include_doc_comment', async () => {
    await run(
      [
        {
          locate: 'cart.py:Cart.total',
          action: 'replace',
          text: 'def total(self):\n    return 0',
          include_doc_comment: true,
        },
      ],
      { apply: true },
    );
    expect(read('cart.py')).not.toContain('# The total price');
    expect(read('cart.py')).toContain(
      '        self.items.append(item)\n\n    def total(self):\n        return 0\n',
    );
  });

  it('inserts a method after another with the neighbours’ blank-line separation', async () => {
    const result = await run(
      [
        {
          locate: 'cart.py:Cart.add',
          action: 'insert_after',
          text: 'def count(self):\n    return len(self.items)',
        },
      ],
      { apply: true },
    );
    expect(read('cart.py')).toContain(
      '        self.items.append(item)\n\n    def count(self):\n        return len(self.items)\n\n    # The total',
    );
    const locate = result.edits[0]?.symbols[0]?.locate as string;
    expect(locate).toBe('cart.py:Cart.count');
    expect(await lineAt(locate)).toBe('    def count(self):');
  });

  it('inserts after the last method with the methods’ separation, not the top level’s', async () => {
    await run([{ locate: 'cart.py:Cart.total', action: 'insert_after', text: 'def last(self):\n    pass' }], {
      apply: true,
    });
    expect(read('cart.py')).toContain(
      '        return subtotal\n\n    def last(self):\n        pass\n\n\ndef empty_cart',
    );
  });

  it('inserts before a commented method above its comment', async () => {
    await run(
      [{ locate: 'cart.py:Cart.total', action: 'insert_before', text: 'def first(self):\n    pass' }],
      {
        apply: true,
      },
    );
    expect(read('cart.py')).toContain('    def first(self):\n        pass\n\n    # The total price');
  });

  it('inserts a top-level function before another with two blank lines, before its decorators', async () => {
    await run([{ locate: 'cart.py:Item', action: 'insert_before', text: 'X = 1' }], { apply: true });
    expect(read('cart.py')).toContain('import dataclass\n\n\nX = 1\n\n\n@dataclass\nclass Item:');
  });

  it('deletes a function with its separation', async () => {
    await run([{ locate: 'cart.py:empty_cart', action: 'delete' }], { apply: true });
    expect(read('cart.py')).toContain('        return subtotal\n\n\ndef helper(x):');
  });

  it('refuses an edit that breaks the syntax (UNSAFE_EDIT) unless forced', async () => {
    const edits: EditRequest[] = [
      { locate: 'cart.py:helper', action: 'replace', text: 'def helper(x:\n    return x' },
    ];
    const error = await failure(edits);
    expect(error.code).toBe('UNSAFE_EDIT');
    expect(error.message).toMatch(/cart\.py:\d+:\d+/);
    const forced = await run(edits, { force: true });
    expect(forced.diff).toContain('+def helper(x:');
  });

  it("refuses a bad dedent tree-sitter accepts but Python's own parser rejects (jinja2 Lexer.tokenize)", async () => {
    const before = read('cart.py');
    const edits: EditRequest[] = [
      {
        locate: 'cart.py:Cart.total',
        action: 'replace',
        text: 'def total(self):\n    subtotal = sum(i.price for i in self.items)\n  return subtotal',
      },
    ];
    const error = await failure(edits);
    expect(error.code).toBe('UNSAFE_EDIT');
    expect(error.message).toContain('IndentationError: unindent does not match any outer indentation level');
    expect(error.message).toContain('`return subtotal`');
    expect((await locus.edit(edits, { apply: true })).ok).toBe(false);
    expect(read('cart.py')).toBe(before);
  });

  it('accepts an edit of a file whose indentation was already wrong elsewhere (only new errors count)', async () => {
    writeFileSync(
      path.join(root, 'cart.py'),
      `${read('cart.py')}\n\ndef broken():\n        x = 1\n      return x\n`,
    );
    const result = await run([
      { locate: 'cart.py:helper@<|>return x * 2', action: 'replace', text: 'return x * 3' },
    ]);
    expect(result.diff).toContain('+    return x * 3');
  });
});

describe('edit: TypeScript', () => {
  it('replaces a method body by its line range, re-indented', async () => {
    const lines = read('cart.ts').split('\n');
    const first = lines.findIndex((l) => l.includes('const subtotal')) + 1;
    const result = await run(
      [{ locate: `cart.ts:${first}-${first + 1}`, action: 'replace', text: 'return this.items.length;' }],
      { apply: true },
    );
    expect(read('cart.ts')).toContain('  total(): number {\n    return this.items.length;\n  }');
    expect(result.edits[0]?.enclosing?.locate).toBe('cart.ts:Cart.total');
  });

  it('several edits in one call are one plan over the same snapshot', async () => {
    const result = await run(
      [
        { locate: 'cart.ts:helper', action: 'delete' },
        {
          locate: 'cart.ts:Cart.add',
          action: 'insert_after',
          text: 'clear(): void {\n  this.items = [];\n}',
        },
        {
          locate: 'cart.ts:emptyCart@return <|>new Cart()',
          action: 'replace',
          text: 'return new Cart() as Cart',
        },
      ],
      { apply: true },
    );
    const text = read('cart.ts');
    expect(text).not.toContain('helper');
    expect(text).toContain('  }\n\n  clear(): void {\n    this.items = [];\n  }\n\n  /** The total');
    expect(text).toContain('return new Cart() as Cart;');
    expect(result.edits.map((e) => e.symbols.map((s) => s.locate))).toEqual([[], ['cart.ts:Cart.clear'], []]);
  });

  it('deletes a method with its JSDoc (include_doc_comment) and edits two files in one plan', async () => {
    const result = await run(
      [
        { locate: 'cart.ts:Cart.total', action: 'delete', include_doc_comment: true },
        { locate: 'cart.py:helper', action: 'delete' },
      ],
      { apply: true },
    );
    expect(result.files.map((f) => f.file_path)).toEqual(['cart.py', 'cart.ts']);
    expect(read('cart.ts')).toContain('    this.items.push(item);\n  }\n}\n');
    expect(read('cart.py')).not.toContain('def helper');
  });

  it('inserts single-line text inline at a match', async () => {
    await run([{ locate: 'cart.ts:helper@x * 2', action: 'insert_after', text: ' + 1' }], { apply: true });
    expect(read('cart.ts')).toContain('return x * 2 + 1;');
  });

  it('refuses overlapping targets (INVALID_ARGUMENT)', async () => {
    const error = await failure([
      { locate: 'cart.ts:Cart', action: 'delete' },
      { locate: 'cart.ts:Cart.total', action: 'replace', text: 'total() { return 0; }' },
    ]);
    expect(error.code).toBe('INVALID_ARGUMENT');
  });

  it('keeps CRLF line endings', async () => {
    await run(
      [
        {
          locate: 'crlf.ts:f',
          action: 'insert_after',
          text: 'export function g(): number {\n  return 2;\n}',
        },
      ],
      {
        apply: true,
      },
    );
    expect(read('crlf.ts')).toBe(
      'export const a = 1;\r\nexport function f(): number {\r\n  return a;\r\n}\r\n\r\nexport function g(): number {\r\n  return 2;\r\n}\r\n',
    );
  });

  it('checks its input: text for delete, text missing, no edits', async () => {
    expect((await failure([{ locate: 'cart.ts:helper', action: 'delete', text: 'x' }])).code).toBe(
      'INVALID_ARGUMENT',
    );
    expect((await failure([{ locate: 'cart.ts:helper', action: 'replace' }])).code).toBe('INVALID_ARGUMENT');
    expect((await failure([])).code).toBe('INVALID_ARGUMENT');
  });
});

describe('edit: Go', () => {
  it('replaces a method with tabs, text sent with spaces', async () => {
    await run(
      [
        {
          locate: 'cart.go:(*Cart).Total@return <|>subtotal',
          action: 'insert_before',
          text: 'if subtotal < 0 {\n    subtotal = 0\n}\n',
        },
      ],
      { apply: true },
    );
    expect(read('cart.go')).toContain('\tif subtotal < 0 {\n\t\tsubtotal = 0\n\t}\n\treturn subtotal');
  });

  it('adds a method after another and deletes a function', async () => {
    const result = await run(
      [
        {
          locate: 'cart.go:(*Cart).Add',
          action: 'insert_after',
          text: 'func (c *Cart) Len() int {\n\treturn len(c.items)\n}',
        },
        { locate: 'cart.go:helper', action: 'delete' },
      ],
      { apply: true },
    );
    expect(read('cart.go')).toContain(
      '\tc.items = append(c.items, item)\n}\n\nfunc (c *Cart) Len() int {\n\treturn len(c.items)\n}\n\n// Total',
    );
    expect(read('cart.go')).not.toContain('helper');
    expect(read('cart.go').endsWith('return subtotal\n}\n')).toBe(true);
    const locate = result.edits[0]?.symbols[0]?.locate as string;
    expect(await lineAt(locate)).toBe('func (c *Cart) Len() int {');
  });
});

describe('edit: any text file, and misses', () => {
  it('edits a file without a grammar by lines and by match', async () => {
    writeFileSync(path.join(root, 'notes.txt'), 'alpha\nbeta\ngamma\n');
    const result = await run(
      [
        { locate: 'notes.txt:2', action: 'replace', text: 'BETA' },
        { locate: 'notes.txt@gamma', action: 'insert_after', text: 'delta' },
      ],
      { apply: true },
    );
    // A match that is a whole line takes insertions as lines.
    expect(read('notes.txt')).toBe('alpha\nBETA\ngamma\ndelta\n');
    expect(await lineAt(result.edits[0]?.new_locate as string)).toBe('BETA');
  });

  it('reports a target that cannot be re-anchored with the locate error', async () => {
    expect((await failure([{ locate: 'cart.py:Cart.nothing', action: 'delete' }])).code).toBe(
      'SYMBOL_NOT_FOUND',
    );
    expect((await failure([{ locate: 'missing.py:f', action: 'delete' }])).code).toBe('FILE_NOT_FOUND');
  });
});
