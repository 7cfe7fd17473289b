/**
 * Call and type hierarchy on the real servers: callers and callees with call sites whose locate strings
 * resolve back, subtypes and supertypes (clangd), and on servers without type hierarchy (TypeScript 7, pyright)
 * the same answer from implementations and class headers, in the same call, with a note saying so.
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

  it('lists each call site once (pyright sends every one twice)', async () => {
    const result = ok(await ctx.locus.hierarchy('shapes.py:Circle.area', 'incoming'));
    const sites = childNamed(result.items[0], 'report')?.call_sites ?? [];
    const displays = async (locates: string[]): Promise<string[]> =>
      (await Promise.all(locates.map((l) => ctx.locus.locate(l)))).map((r) =>
        r.ok ? r.display : r.error.code,
      );
    expect(await displays(sites.map((s) => s.locate ?? '(no locate)'))).toEqual(
      await displays(['main.py:report@<|>area() +', 'main.py:report@return circle.<|>area']),
    );
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
    ctx = setup('rename-safety/typescript', {
      'relay.ts':
        "import { Observable, type Observer } from './subject';\nexport class Relay extends Observable<Observer<number>> {}\n",
    });
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

  it('answers subtypes without a type hierarchy, from implementations and class headers, and says so', async () => {
    const result = ok(await ctx.locus.hierarchy('subject.ts@class <|>Observable', 'subtypes'));
    expect(result.source).toBe('implementations');
    expect(result.notes?.join('\n')).toMatch(/no type hierarchy.*whose header names it/);
    expect(result.items.map((i) => i.name)).toEqual(['Observable']);
    const subject = childNamed(result.items[0], 'Subject');
    await expectPlace(ctx.locus, subject?.place.locate, 'subject.ts@class <|>Subject');
    expect(subject?.truncated).toBe(true);
    expect(result.items[0]?.children.map((c) => c.name).sort()).toEqual(['Relay', 'Subject']);
    expect(result.total).toBe(2);
  });

  it('answers supertypes from the class header resolved with definition, from a use of the class too', async () => {
    const result = ok(await ctx.locus.hierarchy('main.ts@new <|>Subject', 'supertypes', 2));
    expect(result.notes?.join('\n')).toMatch(/supertypes come from the names in its class header/);
    await expectPlace(ctx.locus, result.items[0]?.place.locate, 'subject.ts@class <|>Subject');
    const base = childNamed(result.items[0], 'Observable');
    await expectPlace(ctx.locus, base?.place.locate, 'subject.ts@class <|>Observable');
  });

  it('leaves type arguments out of the supertypes (Observer in Observable<Observer<number>>)', async () => {
    const result = ok(await ctx.locus.hierarchy('relay.ts@class <|>Relay', 'supertypes'));
    expect(result.items[0]?.children.map((c) => c.name)).toEqual(['Observable']);
  });

  it('answers nothing, not an error, where no class is', async () => {
    const result = ok(
      await ctx.locus.hierarchy('subject.ts:Observable.emitAll@<|>observer.next', 'subtypes'),
    );
    expect(result.items).toEqual([]);
  });
});

describeWithServer('pyright', 'type hierarchy without the capability — pyright', () => {
  let ctx: { dir: string; locus: Locus };
  beforeAll(() => {
    ctx = setup('rename-safety/python');
  });
  afterAll(async () => {
    await ctx.locus.close();
    rmSync(ctx.dir, { recursive: true, force: true });
  });

  it('walks subtypes two levels through headers over several lines', async () => {
    const result = ok(
      await ctx.locus.hierarchy('generic_params.py@class <|>GenericParamType', 'subtypes', 2),
    );
    expect(result.source).toBe('implementations');
    const number = childNamed(result.items[0], '_NumberBase');
    await expectPlace(ctx.locus, number?.place.locate, 'generic_params.py@class <|>_NumberBase');
    expect(childNamed(number, '_RangeBase')).toBeDefined();
    expect(childNamed(number, 'IntType')).toBeDefined();
  });

  it('walks supertypes through generic bases, leaving out what lies outside the workspace', async () => {
    const result = ok(await ctx.locus.hierarchy('generic_params.py@class <|>IntType', 'supertypes', 3));
    const number = childNamed(result.items[0], '_NumberBase');
    expect(childNamed(number, 'GenericParamType')).toBeDefined();
    expect(result.total).toBe(2);
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
