/**
 * The library's public types (src/index.ts, docs/architecture.md "Public API") are plain: following every import
 * of the emitted declarations from index.d.ts never reaches the language-server layer, child processes, worker
 * threads or any package (the package ships its dependencies inside its bundle, so a type from one could not be
 * resolved by a consumer: docs/architecture.md, "Build"), and the public Locator/Locus expose no internals.
 */
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '..');

/** index.d.ts and every declaration file it imports, emitted in memory from the sources. */
function publicDeclarations(): Map<string, string> {
  const config = ts.readConfigFile(path.join(REPO, 'tsconfig.build.json'), (f) => ts.sys.readFile(f));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, REPO);
  const options = { ...parsed.options, declaration: true, emitDeclarationOnly: true, noEmit: false };
  const emitted = new Map<string, string>();
  const program = ts.createProgram([path.join(REPO, 'src/index.ts')], options);
  program.emit(undefined, (file, text) => {
    if (file.endsWith('.d.ts')) emitted.set(path.resolve(file), text);
  });
  const outDir = options.outDir ?? path.join(REPO, 'dist');
  const reached = new Map<string, string>();
  const queue = [path.join(outDir, 'index.d.ts')];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    const text = emitted.get(file);
    if (text === undefined || reached.has(file)) continue;
    reached.set(path.relative(outDir, file), text);
    for (const m of text.matchAll(/(?:from\s+|import\()\s*['"](\.[^'"]+)['"]/g))
      queue.push(path.resolve(path.dirname(file), (m[1] as string).replace(/\.js$/, '.d.ts')));
  }
  return reached;
}

describe('the public API', () => {
  const declarations = publicDeclarations();

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
