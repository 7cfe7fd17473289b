/**
 * The library's public types (src/index.ts, docs/architecture.md "Public API") are plain: following every import
 * of the emitted declarations from index.d.ts never reaches the language-server layer, child processes, worker
 * threads or any package (the package ships its dependencies inside its bundle, so a type from one could not be
 * resolved by a consumer: docs/architecture.md, "Build"), and the public Locator/Locus expose no internals.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from './mcp/support.js';

const DIST = path.resolve(import.meta.dirname, '../dist');

/**
 * dist/index.d.ts and every declaration file it imports, as the build emitted them (`ensureBuilt` rebuilds when a
 * source is newer than its output; type-checking the sources again here cost 13 s of CPU).
 */
function publicDeclarations(): Map<string, string> {
  const reached = new Map<string, string>();
  const queue = [path.join(DIST, 'index.d.ts')];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    const key = path.relative(DIST, file);
    if (reached.has(key) || !existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    reached.set(key, text);
    for (const m of text.matchAll(/(?:from\s+|import\()\s*['"](\.[^'"]+)['"]/g))
      queue.push(path.resolve(path.dirname(file), (m[1] as string).replace(/\.js$/, '.d.ts')));
  }
  return reached;
}

describe('the public API', () => {
  let declarations = new Map<string, string>();
  beforeAll(async () => {
    await ensureBuilt();
    declarations = publicDeclarations();
  });

  it('reaches only plain types', () => {
    expect(declarations.has('index.d.ts')).toBe(true);
    const internal = [...declarations.keys()].filter((f) =>
      /^(lsp\/|syntax\/|index\/|workspace\/|cli\/|mcp\/)/.test(f),
    );
    const packages = [...declarations].flatMap(([file, text]) =>
      [...text.matchAll(/(?:from\s+|import\()\s*['"]([^.'"][^'"]*)['"]/g)]
        .map((m) => m[1] as string)
        .filter((spec) => !spec.startsWith('node:') || /child_process|worker_threads/.test(spec))
        .map((spec) => `${file} → ${spec}`),
    );
    expect(internal).toEqual([]);
    expect(packages).toEqual([]);
  });

  it('exposes no internals on Locator and Locus', () => {
    const index = declarations.get('index.d.ts') ?? '';
    expect(index).toMatch(/createLocus\(options: LocusOptions\): LocusApi/);
    const api = [...declarations.entries()].filter(([f]) => /ops\/results\/(locator|locus)\.d\.ts$/.test(f));
    for (const [, text] of api) expect(text).not.toMatch(/\b(workspace|syntax|context)\s*:/);
    expect(declarations.get('ops/results/locator.d.ts')).not.toMatch(/Record<string, unknown>/);
  });
});
