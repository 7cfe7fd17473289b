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
import type { RenameWarningKind, WarningConfidence } from '../../src/ops/edits/rename-safety.js';
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
  /** Each expected warning: its kind, the locate string of the place it names, and its confidence when it matters. */
  expected: { kind: RenameWarningKind; at: string; confidence?: WarningConfidence }[];
  /** Places that must have no warning (the same word that is something else). */
  absent?: string[];
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
    name: 'pyright: overrides in subclasses of a generic base, headers over several lines (click 8.2), and getattr by name',
    server: 'pyright',
    fixture: 'python',
    locate: 'generic_params.py:GenericParamType.convert',
    newName: 'convert_value',
    expected: [
      { kind: 'unrenamed-override', at: 'generic_params.py:_NumberBase.convert', confidence: 'high' },
      { kind: 'unrenamed-override', at: 'generic_params.py:_RangeBase.convert', confidence: 'high' },
      { kind: 'unrenamed-in-string', at: 'generic_params.py:convert_all@"<|>convert"', confidence: 'high' },
    ],
    // The docstring names `convert` too: documentation, not a use.
    absent: ['generic_params.py:convert_all@`<|>convert`'],
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
    name: 'gopls: a method named in a template string (cobra UseLine and its usage template)',
    server: 'gopls',
    fixture: 'go',
    locate: 'command.go:(*Command).UseLine',
    newName: 'UsageLine',
    expected: [{ kind: 'unrenamed-in-string', at: 'command.go@{{.<|>UseLine', confidence: 'high' }],
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
    // ImageMagick's `-trim` option (neofetch) is another word.
    absent: ['util.sh@-<|>trim'],
  },
  {
    name: 'bash-language-server: command words where tree-sitter-bash misreads code as a string (bash-completion)',
    server: 'bash',
    fixture: 'bash',
    locate: 'completion.sh:_filedir',
    newName: '_fd',
    expected: [
      { kind: 'unrenamed-occurrence', at: 'completion.sh:_variables@<|>_filedir', confidence: 'high' },
      { kind: 'unrenamed-occurrence', at: 'completion.sh:_thumbnail@<|>_filedir' },
    ],
    // `} # _filedir()` is a comment.
    absent: ['completion.sh@# <|>_filedir'],
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
        if (want.confidence) expect(found?.confidence).toBe(want.confidence);
        expect(found?.blocks_apply).toBe(true);
      }
    });

    it('says nothing where the same word is something else', async () => {
      for (const at of c.absent ?? []) {
        const place = await locus.locate(at);
        if (!place.ok) throw new Error(`fixture anchor ${at}: ${place.error.message}`);
        expect(preview.warnings.filter((w) => w.display === place.display)).toEqual([]);
      }
    });

    it('ranks the warnings by confidence', () => {
      const ranks = preview.warnings.map((w) => ['high', 'medium', 'low'].indexOf(w.confidence));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
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

/** A copy of a fixture and a Locus on it for the enclosing describe. */
function fixtureWorkspace(fixture: string): { dir: () => string; locus: () => Locus } {
  let dir: string;
  let locus: Locus;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), `locus-rename-safety-${fixture}-`));
    cpSync(path.join(FIXTURES, fixture), dir, { recursive: true });
    locus = createLocus({ root: dir });
  });
  afterAll(async () => {
    await locus?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { dir: () => dir, locus: () => locus };
}

describeWithServer('gopls', 'rename safety — a clean rename and a forced apply', () => {
  const workspace = fixtureWorkspace('go');

  it('has no warnings when nothing is missed, and applies', async () => {
    const locus = workspace.locus();
    const dir = workspace.dir();
    const result = ok(await locus.rename('render.go:Render', 'RenderAll', { apply: true }));
    expect(result.warnings.filter((w) => w.blocks_apply)).toEqual([]);
    // gopls renames the doc comment on purpose: reported, not blocking.
    expect(result.warnings.map((w) => w.kind)).toEqual(['edit-in-comment']);
    expect(readFileSync(path.join(dir, 'render.go'), 'utf8')).toContain('func RenderAll(');
  });

  it('applies despite warnings with force', async () => {
    const locus = workspace.locus();
    const dir = workspace.dir();
    const result = ok(
      await locus.rename('render.go:Renderer.RenderNode', 'Emit', { apply: true, force: true }),
    );
    expect(result.applied).toBe(true);
    expect(result.warnings.length).toBeGreaterThan(0);
    expect(readFileSync(path.join(dir, 'render.go'), 'utf8')).toContain('Emit(w io.Writer, n Node) error');
  });
});

describeWithServer(
  'typescript',
  'rename safety — a module path that spells the name is not an occurrence',
  () => {
    const workspace = fixtureWorkspace('typescript');

    it("has no warning for `from './isFunction'` (rxjs)", async () => {
      const result = ok(await workspace.locus().rename('isFunction.ts:isFunction', 'isFn'));
      expect(result.files.map((f) => f.file_path).sort()).toEqual(['isFunction.ts', 'main.ts']);
      expect(result.warnings).toEqual([]);
    });
  },
);
