/**
 * Rename safety on the real servers, one fixture per case the servers get wrong (test/fixtures/rename-safety):
 * pyright leaves overriding subclass methods, gopls the implementing method, TypeScript 7 the structural
 * Observer member, clangd uses inside macro bodies, bash-language-server same-name uses in files it does not
 * rename; a new name colliding with a sibling. Each test fails when its warning is missing. Applying with
 * warnings is refused (UNSAFE_EDIT, nothing written) unless forced.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLocus, type Locus, type Outcome } from '../../src/ops/locus.js';
import type { RenameResult } from '../../src/ops/edits/rename.js';
import type { RenameWarningKind } from '../../src/ops/edits/rename-safety.js';
import { describeWithServer } from '../helpers/require-server.js';

const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures', 'rename-safety');

interface Case {
  name: string;
  server: string;
  fixture: string;
  locate: string;
  newName: string;
  /** Overrides on top of the defaults (another server for the language). */
  lspConfig?: { languages: Record<string, { server: string }> };
  /** Each expected warning: its kind and the locate string of the place it names (a locate resolving to it). */
  expected: { kind: RenameWarningKind; at: string }[];
}

const CASES: Case[] = [
  {
    name: 'pyright: overriding subclass methods (click ParamType.convert)',
    server: 'pyright',
    fixture: 'python',
    locate: 'params.py:ParamType.convert',
    newName: 'convert_value',
    expected: [
      { kind: 'unrenamed-override', at: 'params.py:IntParamType.convert' },
      { kind: 'unrenamed-override', at: 'params.py:BoolParamType.convert' },
    ],
  },
  {
    name: 'pyright: a new name colliding with a sibling method (Cart.subtotal → total)',
    server: 'pyright',
    fixture: 'python',
    locate: 'cart.py:Cart.subtotal',
    newName: 'total',
    expected: [{ kind: 'name-collision', at: 'cart.py:Cart.total' }],
  },
  {
    name: 'gopls: the implementing method of an interface method',
    server: 'gopls',
    fixture: 'go',
    locate: 'render.go:Renderer.RenderNode',
    newName: 'Render2',
    expected: [{ kind: 'unrenamed-override', at: 'render.go:(*HTMLRenderer).RenderNode' }],
  },
  {
    name: 'TypeScript 7: the structural Observer.next a Subject satisfies',
    server: 'typescript',
    fixture: 'typescript',
    locate: 'subject.ts:Subject.next',
    newName: 'emit',
    expected: [
      { kind: 'unrenamed-occurrence', at: 'subject.ts:Observer.next' },
      { kind: 'unrenamed-occurrence', at: 'subject.ts:Observable.emitAll@observer.<|>next' },
    ],
  },
  {
    name: 'typescript-language-server (classic): the structural Observer.next',
    server: 'typescript-classic',
    fixture: 'typescript',
    locate: 'subject.ts:Subject.next',
    newName: 'emit',
    lspConfig: { languages: { typescript: { server: 'typescript-classic' } } },
    expected: [{ kind: 'unrenamed-occurrence', at: 'subject.ts:Observer.next' }],
  },
  {
    name: 'clangd: uses inside macro bodies',
    server: 'clangd',
    fixture: 'c',
    locate: 'state.c:lua_State.top',
    newName: 'stacktop',
    expected: [
      { kind: 'unrenamed-occurrence', at: 'state.c:api_incr_top@-><|>top' },
      { kind: 'unrenamed-occurrence', at: 'state.c:stack_size@-><|>top' },
    ],
  },
  {
    name: 'bash-language-server: same-name uses it references but does not rename',
    server: 'bash',
    fixture: 'bash',
    locate: 'util.sh:trim',
    newName: 'strip',
    expected: [
      { kind: 'unrenamed-reference', at: 'other.sh:trim' },
      { kind: 'unrenamed-reference', at: 'other.sh@<|>trim "a b"' },
    ],
  },
];

function ok<T extends { ok: true }>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  return outcome;
}

for (const c of CASES) {
  describeWithServer(c.server, `rename safety — ${c.name}`, () => {
    let dir: string;
    let locus: Locus;
    let preview: RenameResult;
    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), `locus-rename-safety-${c.fixture}-`));
      cpSync(path.join(FIXTURES, c.fixture), dir, { recursive: true });
      locus = createLocus({ root: dir, ...(c.lspConfig ? { lspConfig: c.lspConfig } : {}) });
      preview = ok(await locus.rename(c.locate, c.newName));
    });
    afterAll(async () => {
      await locus?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('warns about each missed place, with a locate string leading to it', async () => {
      for (const want of c.expected) {
        const place = await locus.locate(want.at);
        if (!place.ok) throw new Error(`fixture anchor ${want.at}: ${place.error.message}`);
        const found = preview.warnings.find((w) => w.kind === want.kind && w.display === place.display);
        expect(
          found,
          `${want.kind} at ${place.display} in ${JSON.stringify(preview.warnings)}`,
        ).toBeDefined();
        const back = await locus.locate(found?.locate as string);
        expect(back.ok && back.display).toBe(place.display);
      }
    });

    it('refuses to apply with warnings (UNSAFE_EDIT, nothing written)', async () => {
      const before = preview.files.map((f) => readFileSync(path.join(dir, f.file_path), 'utf8'));
      const refused = await locus.rename(c.locate, c.newName, { apply: true });
      expect(refused.ok).toBe(false);
      if (!refused.ok) {
        expect(refused.error.code).toBe('UNSAFE_EDIT');
        expect(refused.error.message).toContain(c.expected[0]?.kind);
        expect(refused.error.advice).toEqual([{ kind: 'force' }]);
      }
      const after = preview.files.map((f) => readFileSync(path.join(dir, f.file_path), 'utf8'));
      expect(after).toEqual(before);
    });
  });
}

describeWithServer('gopls', 'rename safety — a clean rename and a forced apply', () => {
  let dir: string;
  let locus: Locus;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'locus-rename-safety-clean-'));
    cpSync(path.join(FIXTURES, 'go'), dir, { recursive: true });
    locus = createLocus({ root: dir });
  });
  afterAll(async () => {
    await locus?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has no warnings when nothing is missed, and applies', async () => {
    const result = ok(await locus.rename('render.go:Render', 'RenderAll', { apply: true }));
    expect(result.warnings.filter((w) => w.blocks_apply)).toEqual([]);
    // gopls renames the doc comment on purpose: reported, not blocking.
    expect(result.warnings.map((w) => w.kind)).toEqual(['edit-in-comment']);
    expect(readFileSync(path.join(dir, 'render.go'), 'utf8')).toContain('func RenderAll(');
  });

  it('applies despite warnings with force', async () => {
    const result = ok(
      await locus.rename('render.go:Renderer.RenderNode', 'Emit', { apply: true, force: true }),
    );
    expect(result.applied).toBe(true);
    expect(result.warnings.length).toBeGreaterThan(0);
    expect(readFileSync(path.join(dir, 'render.go'), 'utf8')).toContain('Emit(w io.Writer, n Node) error');
  });
});
