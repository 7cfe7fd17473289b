/**
 * Builds a plain-JavaScript copy of src/core, src/config and src/lsp (TypeScript's transpileModule, no type check) in a temp dir,
 * so a child `node` process can load the LSP layer without a TypeScript loader. Returns the copy's lsp/manager.js.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { REPO } from './support.js';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Transpiles the LSP layer for child processes; returns `{ dir, index }` (remove `dir` afterwards). */
export function buildLspForChild(): { dir: string; index: string } {
  const dir = mkdtempSync(join(tmpdir(), 'locus-lsp-build-'));
  // lsp and every layer it may import (test/architecture.test.ts, ALLOWED).
  const layers = ['core', 'config', 'workspace', 'lsp'];
  for (const file of layers.flatMap((layer) => sources(join(REPO, 'src', layer)))) {
    const out = join(dir, relative(REPO, file)).replace(/\.ts$/, '.js');
    const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      fileName: file,
    });
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, outputText);
  }
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return { dir, index: join(dir, 'src', 'lsp', 'manager.js') };
}
