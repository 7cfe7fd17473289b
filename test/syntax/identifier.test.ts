/**
 * The token under a cursor and its syntactic role (docs/operations.md, "What the operations do"); cursors from `<|>` anchors.
 */
import { describe, expect, it } from 'vitest';
import { identifierAt } from '../../src/syntax/identifier.js';
import { anchor } from '../helpers/anchors.js';

const PYTHON = `from typing import List

class Cart:
    def total(self, items: List[int]) -> int:
        # about the total
        subtotal = sum(items)
        self.items.append("hello world")
        return subtotal + 42
`;

const TYPESCRIPT = `import { Product } from './product';

export class Store {
  find(id: string): Product | undefined {
    const found = this.items.get(id);
    return found ?? lookup(id);
  }
}
`;

/** Identifier at the `<|>` placed into `source` right before `needle`'s `at`-th character. */
async function at(language: string, source: string, needle: string, offsetInNeedle: number) {
  const index = source.indexOf(needle);
  if (index < 0) throw new Error(`not found: ${needle}`);
  const { text, offset } = anchor(
    source.slice(0, index + offsetInNeedle) + '<|>' + source.slice(index + offsetInNeedle),
  );
  return identifierAt(language, text, offset);
}

describe('identifierAt: Python', () => {
  it.each([
    ['def total', 5, 'total', 'declaration'],
    ['sum(items)', 1, 'sum', 'call'],
    ['append(', 2, 'append', 'call'],
    ['items.append', 2, 'items', 'property'],
    ['List[int]', 1, 'List', 'type'],
    ['import List', 8, 'List', 'import'],
    ['self, items', 7, 'items', 'parameter'],
    ['return subtotal', 9, 'subtotal', 'variable'],
    ['hello world', 2, 'hello', 'string'],
    ['about the', 2, 'about', 'comment'],
    ['return subtotal', 2, 'return', 'keyword'],
    ['42', 1, '42', 'other'],
  ])('%s → %s', async (needle, offset, text, role) => {
    expect(await at('python', PYTHON, needle, offset)).toMatchObject({ text, role });
  });

  it('names the symbol of a declaration', async () => {
    expect(await at('python', PYTHON, 'def total', 4)).toMatchObject({
      text: 'total',
      role: 'declaration',
      symbol: { path: ['Cart', 'total'], kind: 'method' },
    });
  });

  it('is undefined in whitespace and on punctuation; a cursor right after a word means the word', async () => {
    expect(await at('python', PYTHON, '    def', 1)).toBeUndefined();
    expect(await at('python', PYTHON, '(items)', 0)).toMatchObject({ text: 'sum' });
    expect(await at('python', PYTHON, ': List', 0)).toMatchObject({ text: 'items' });
    expect(await at('python', PYTHON, ' -> ', 2)).toBeUndefined();
  });
});

describe('identifierAt: TypeScript', () => {
  it.each([
    ['class Store', 7, 'Store', 'declaration'],
    ['find(', 1, 'find', 'declaration'],
    ['get(id)', 1, 'get', 'call'],
    ['lookup(', 0, 'lookup', 'call'],
    ['items.get', 1, 'items', 'property'],
    ['Product | undefined', 2, 'Product', 'type'],
    ['{ Product }', 3, 'Product', 'import'],
    ['id: string', 0, 'id', 'parameter'],
    ['found ??', 1, 'found', 'variable'],
    ['this.items', 1, 'this', 'keyword'],
    ["'./product'", 4, 'product', 'string'],
  ])('%s → %s', async (needle, offset, text, role) => {
    expect(await at('typescript', TYPESCRIPT, needle, offset)).toMatchObject({ text, role });
  });
});

const BASH = `deploy_target() {
  local where="$1"
  echo "deploying to $where"
}
deploy_target production
`;

describe('identifierAt: Bash', () => {
  it.each([
    ['deploy_target production', 2, 'deploy_target', 'call'],
    ['echo', 1, 'echo', 'call'],
  ])('%s → %s', async (needle, offset, text, role) => {
    expect(await at('bash', BASH, needle, offset)).toMatchObject({ text, role });
  });
});
