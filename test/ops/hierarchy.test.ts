/**
 * Call and type hierarchy on the real servers: callers and callees with call sites whose locate strings
 * resolve back, subtypes and supertypes (clangd), CAPABILITY_MISSING with a useful hint where a server has
 * no type hierarchy (TypeScript 7).
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HierarchyItem } from '../../src/ops/analysis/hierarchy.js';
import { createLocus, type Locus, type Outcome } from '../../src/ops/locus.js';
import { describeWithServer } from '../helpers/require-server.js';

const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures');

function ok<T extends { ok: true }>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  return outcome;
}

function setup(fixture: string, extra: Record<string, string> = {}): { dir: string; locus: Locus } {
  const dir = mkdtempSync(path.join(tmpdir(), 'locus-hierarchy-'));
  if (fixture) cpSync(path.join(FIXTURES, fixture), dir, { recursive: true });
  for (const [name, text] of Object.entries(extra)) writeFileSync(path.join(dir, name), text);
  return { dir, locus: createLocus({ root: dir }) };
}

async function expectPlace(locus: Locus, locate: string | undefined, expected: string): Promise<void> {
  const got = await locus.locate(locate as string);
  const want = await locus.locate(expected);
  expect(got.ok && want.ok && got.display).toBe(want.ok && want.display);
}

const childNamed = (item: HierarchyItem | undefined, name: string): HierarchyItem | undefined =>
  item?.children.find((c) => c.name === name);

describeWithServer('pyright', 'call hierarchy — pyright', () => {
  let ctx: { dir: string; locus: Locus };
  beforeAll(() => {
    ctx = setup('python/ops');
  });
  afterAll(async () => {
    await ctx.locus.close();
    rmSync(ctx.dir, { recursive: true, force: true });
  });

  it('lists the callers with their call sites', async () => {
    const result = ok(await ctx.locus.hierarchy('shapes.py:make_circle', 'incoming'));
    const caller = childNamed(result.items[0], 'report');
    expect(caller?.kind).toBe('function');
    await expectPlace(ctx.locus, caller?.place.locate, 'main.py:report');
    await expectPlace(ctx.locus, caller?.call_sites?.[0]?.locate, 'main.py:report@<|>make_circle(2.0)');
    expect(caller?.truncated).toBe(true);
  });
});

describeWithServer('gopls', 'call hierarchy — gopls', () => {
  let ctx: { dir: string; locus: Locus };
  beforeAll(() => {
    ctx = setup('rename-safety/go');
  });
  afterAll(async () => {
    await ctx.locus.close();
    rmSync(ctx.dir, { recursive: true, force: true });
  });

  it('lists the callees with their call sites', async () => {
    const result = ok(await ctx.locus.hierarchy('render.go:Render', 'outgoing', 2));
    const callee = childNamed(result.items[0], 'RenderNode');
    await expectPlace(ctx.locus, callee?.place.locate, 'render.go:Renderer.RenderNode');
    await expectPlace(ctx.locus, callee?.call_sites?.[0]?.locate, 'render.go:Render@r.<|>RenderNode');
  });
});

describeWithServer('typescript', 'call and type hierarchy — TypeScript 7', () => {
  let ctx: { dir: string; locus: Locus };
  beforeAll(() => {
    ctx = setup('rename-safety/typescript');
  });
  afterAll(async () => {
    await ctx.locus.close();
    rmSync(ctx.dir, { recursive: true, force: true });
  });

  it('walks callers two levels deep', async () => {
    const result = ok(await ctx.locus.hierarchy('subject.ts:Observable.emitAll', 'incoming', 2));
    const next = childNamed(result.items[0], 'next');
    await expectPlace(ctx.locus, next?.place.locate, 'subject.ts:Subject.next');
    await expectPlace(ctx.locus, next?.children[0]?.call_sites?.[0]?.locate, 'main.ts@subject.<|>next(1)');
  });

  it('says what works instead when type hierarchy is missing', async () => {
    const result = await ctx.locus.hierarchy('subject.ts:Subject', 'supertypes');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('CAPABILITY_MISSING');
      expect(result.error.hint).toMatch(/implementation/);
    }
  });
});

describeWithServer('clangd', 'type hierarchy — clangd', () => {
  let ctx: { dir: string; locus: Locus };
  beforeAll(() => {
    ctx = setup('', {
      'compile_commands.json':
        '[{"directory":".","file":"shapes.cpp","command":"c++ -std=c++17 -c shapes.cpp"}]',
      'shapes.cpp':
        'struct Shape { virtual double area() const = 0; };\n' +
        'struct Circle : Shape { double r = 1; double area() const override { return 3 * r * r; } };\n' +
        'struct Unit : Circle {};\n',
    });
  });
  afterAll(async () => {
    await ctx.locus.close();
    rmSync(ctx.dir, { recursive: true, force: true });
  });

  it('lists subtypes to a depth and supertypes', async () => {
    const down = ok(await ctx.locus.hierarchy('shapes.cpp:Shape', 'subtypes', 2));
    const circle = childNamed(down.items[0], 'Circle');
    await expectPlace(ctx.locus, circle?.place.locate, 'shapes.cpp:Circle');
    expect(childNamed(circle, 'Unit')).toBeDefined();
    const up = ok(await ctx.locus.hierarchy('shapes.cpp:Unit', 'supertypes', 2));
    expect(childNamed(childNamed(up.items[0], 'Circle'), 'Shape')).toBeDefined();
  });
});
