/**
 * `edit` with `format: true` against the real servers: the server formats the edited span only (range
 * formatting; gopls, which has none, formats the document and only the edits inside the span are kept).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLocus, type Locus } from '../../src/ops/locus.js';
import { describeWithServer } from '../helpers/require-server.js';

let root: string;
let locus: Locus;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'locus-edit-format-'));
  cpSync(path.resolve(__dirname, '../fixtures/edit'), root, { recursive: true });
  locus = createLocus({ root });
});
afterAll(async () => {
  await locus.close();
  rmSync(root, { recursive: true, force: true });
});

const read = (file: string): string => readFileSync(path.join(root, file), 'utf8');

describeWithServer('typescript', 'edit --format (TypeScript)', () => {
  it('formats the inserted method and nothing else', async () => {
    writeFileSync(path.join(root, 'cart.ts'), read('cart.ts').replace('x * 2', 'x*2'));
    const result = await locus.edit(
      [{ locate: 'cart.ts:Cart.add', action: 'insert_after', text: 'clear(): void {\nthis.items = [ ];\n}' }],
      { format: true, apply: true },
    );
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(read('cart.ts')).toContain('  clear(): void {\n    this.items = [];\n  }');
    expect(read('cart.ts')).toContain('return x*2;');
  });
});

describeWithServer('gopls', 'edit --format (Go, no range formatting)', () => {
  it('keeps only the document-formatting edits inside the edited span', async () => {
    writeFileSync(path.join(root, 'cart.go'), read('cart.go').replace('subtotal := 0.0', 'subtotal :=  0.0'));
    const result = await locus.edit(
      [{ locate: 'cart.go:helper', action: 'replace', text: 'func helper(x int) int {\nreturn x*3\n}' }],
      { format: true, apply: true },
    );
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(read('cart.go')).toContain('func helper(x int) int {\n\treturn x * 3\n}');
    expect(read('cart.go')).toContain('subtotal :=  0.0');
  });
});
