/**
 * Same-named symbols that are one thing for `source` and `edit` (docs/locate-strings.md, "Overloads and
 * declarations"), as in immer 11.2.10 (`current`, `freeze`): TypeScript overload signatures with their
 * implementation, class method overloads, Python `@overload` stubs, a C prototype with its definition further down;
 * `[K]` still picks one member, and a locate (a position) still lands on the first.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocus, type Locus } from '../../src/ops/locus.js';
import { writeTree } from '../index/support.js';

const CURRENT = `/** Takes a snapshot of the current state of a draft. */
export function current<T>(value: Draft<T>): T
export function current(value: Draft<any>): any {
\tif (!isDraft(value)) die(10, value)
\treturn currentImpl(value)
}

function currentImpl(value: any): any {
\treturn value
}
`;
const STORE = `export class Store {
  get(key: string): string;
  get(key: number): number;
  // the implementation
  get(key: any): any {
    return key;
  }
  put(): void {}
}
`;
const STUBS = `from typing import overload

@overload
def parse(x: int) -> int: ...
@overload
def parse(x: str) -> str: ...
def parse(x):
    return x
`;
const PROTOTYPE = `static void fill(int n);

int other(void) { return 0; }

static void fill(int n) {
  (void)n;
}
`;

let root: string;
let locus: Locus;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'locus-overloads-'));
  writeTree(root, { 'current.ts': CURRENT, 'store.ts': STORE, 'parse.py': STUBS, 'fill.c': PROTOTYPE });
  locus = createLocus({ root });
});
afterAll(async () => {
  await locus.close();
  rmSync(root, { recursive: true, force: true });
});

async function sourceOf(locate: string): Promise<{ lines: string[]; notes: string[] }> {
  const result = await locus.source(locate);
  if (!result.ok) throw new Error(`${locate}: ${result.error.message}`);
  return { lines: result.lines, notes: result.notes ?? [] };
}

describe('overload groups and declarations', () => {
  it('source of an overloaded function or method is the whole group; [K] is one member', async () => {
    const current = await sourceOf('current.ts:current');
    expect(current.lines[0]).toBe('export function current<T>(value: Draft<T>): T');
    expect(current.lines.at(-1)).toBe('}');
    expect(current.notes[0]).toContain('2 declarations of current form one overload group');
    expect((await sourceOf('current.ts:current[0]')).lines).toEqual([
      'export function current<T>(value: Draft<T>): T',
    ]);
    const get = await sourceOf('store.ts:Store.get');
    expect(get.lines).toHaveLength(6);
    expect(get.lines.at(-1)).toBe('  }');
    const parse = await sourceOf('parse.py:parse');
    expect(parse.lines[0]).toBe('@overload');
    expect(parse.lines.at(-1)).toBe('    return x');
  });

  it('source of a C function declared above is its definition', async () => {
    const fill = await sourceOf('fill.c:fill');
    expect(fill.lines[0]).toBe('static void fill(int n) {');
    expect(fill.notes[0]).toContain('used the definition of fill (fill[1])');
  });

  it('edit --insert-after lands after the implementation, never between the signatures and it', async () => {
    const preview = await locus.edit([
      { locate: 'current.ts:current', action: 'insert_after', text: 'export const after = 1' },
    ]);
    if (!preview.ok) throw new Error(preview.error.message);
    const applied = await locus.edit(
      [{ locate: 'current.ts:current', action: 'insert_after', text: 'export const after = 1' }],
      { apply: true, fingerprint: preview.fingerprint },
    );
    expect(applied.ok).toBe(true);
    const text = readFileSync(path.join(root, 'current.ts'), 'utf8');
    expect(text).toContain('\treturn currentImpl(value)\n}\n\nexport const after = 1\n');
    expect(text.indexOf('export const after')).toBeGreaterThan(text.indexOf('): any {'));
  });

  it('a locate (a position) still lands on the first declaration', async () => {
    const result = await locus.locate('current.ts:current');
    expect(result).toMatchObject({ ok: true, position: { line: 1 } });
  });
});
