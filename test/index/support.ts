/** Test support for the workspace index: generated workspaces with ignore rules, links and odd files. */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { afterAll, beforeAll } from 'vitest';
import path from 'node:path';

/** A fresh temp dir. */
export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `locus-index-${prefix}-`));
}

/** Writes files (relative path → content) under a root, creating folders. */
export function writeTree(root: string, files: Record<string, string | Buffer>): void {
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}

/** True when permissions cannot make a file unreadable (running as root). */
export const RUNNING_AS_ROOT = userInfo().uid === 0;

/** Symbols per generated file, by extension. */
const GENERATED: Record<string, (i: number) => string> = {
  py: (i) => `class C${i}:\n    def m${i}(self):\n        return ${i}\n`,
  ts: (i) => `export function f${i}(): number {\n  return ${i};\n}\n`,
  go: (i) => `package p\n\nfunc G${i}() int { return ${i} }\n`,
  rs: (i) => `pub fn r${i}() -> i32 {\n    ${i}\n}\n`,
  java: (i) => `class J${i} {\n  int m() { return ${i}; }\n}\n`,
};
/** Symbols each generated file contributes (class + method, function, func, fn, class + method). */
export const GENERATED_SYMBOLS: Record<string, number> = { py: 2, ts: 1, go: 1, rs: 1, java: 2 };

/** The path of generated file `i` with extension `ext`: 200 files to a folder. */
export const generatedPath = (i: number, ext: string): string =>
  `gen-src/d${Math.floor(i / 200)}/f${i}.${ext}`;

/** Writes `count` small files in five languages under `gen-src/`, 200 per folder; returns the paths. */
export function generateFiles(root: string, count: number): string[] {
  const extensions = Object.keys(GENERATED);
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const ext = extensions[i % extensions.length] as string;
    const rel = generatedPath(i, ext);
    const file = path.join(root, rel);
    if (i % 200 === 0) mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, (GENERATED[ext] as (i: number) => string)(i));
    paths.push(rel);
  }
  return paths;
}

/**
 * The odd cases: ignore rules (root, negation, nested `.gitignore`, `.ignore`), default-excluded and
 * configured folders, links out of the root and a link loop, a binary, an oversized and (unless root)
 * an unreadable file. Returns the paths that must be indexed and the expected skip counts.
 */
export function writeOddCases(
  root: string,
  outside: string,
): {
  indexed: string[];
  /** Data files indexed for search, without symbols (their keys stay out of the index). */
  data: string[];
  skipped: { tooLarge: number; binary: number; unreadable: number; symlinks: number };
} {
  writeTree(outside, { 'secret.py': 'def outside_secret():\n    pass\n' });
  writeTree(root, {
    '.gitignore': 'ignored/\n*.gen.py\n!keep.gen.py\n',
    'ignored/x.py': 'def ignored_x(): pass\n',
    'a.gen.py': 'def gen_a(): pass\n',
    'keep.gen.py': 'def kept_gen(): pass\n',
    'local.py': 'def root_local(): pass\n',
    'sub/.gitignore': 'local.py\n',
    'sub/local.py': 'def sub_local(): pass\n',
    'sub/other.py': 'def sub_other(): pass\n',
    'sub2/.ignore': '*.ts\n',
    'sub2/a.ts': 'export function ignoredTs() {}\n',
    'sub2/b.py': 'def sub2_b(): pass\n',
    'node_modules/pkg/index.js': 'function fromNodeModules() {}\n',
    'build/out.py': 'def from_build(): pass\n',
    'vendor/keep/k.py': 'def vendored_kept(): pass\n',
    'vendor/other/o.py': 'def vendored_other(): pass\n',
    'gen/g.py': 'def configured_excluded(): pass\n',
    'notes.txt': 'not source\n',
    'scripts/run': '#!/usr/bin/env bash\nfunction shebang_fn() { :; }\n',
    'blob.py': Buffer.from([0x64, 0x65, 0x66, 0x00, 0x01]),
    'huge.py': Buffer.alloc(32 * 1024 * 1024 + 1, 0x20), // over the default limits.maxFileBytes
    'locus.config.json': JSON.stringify({ index: { include: ['vendor/keep/**'], exclude: ['gen/**'] } }),
  });
  symlinkSync(root, path.join(root, 'loop'));
  symlinkSync(outside, path.join(root, 'escape'));
  symlinkSync(path.join(outside, 'secret.py'), path.join(root, 'out.py'));
  let unreadable = 0;
  if (!RUNNING_AS_ROOT) {
    writeTree(root, { 'locked.py': 'def locked(): pass\n' });
    chmodSync(path.join(root, 'locked.py'), 0);
    unreadable = 1;
  }
  return {
    indexed: ['keep.gen.py', 'local.py', 'sub/other.py', 'sub2/b.py', 'vendor/keep/k.py', 'scripts/run'],
    data: ['locus.config.json'],
    skipped: { tooLarge: 1, binary: 1, unreadable, symlinks: 3 },
  };
}

/** Removes a dir (restoring permissions first). */
export function removeDir(dir: string): void {
  try {
    chmodSync(path.join(dir, 'locked.py'), 0o644);
  } catch {
    // not there
  }
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Points `LOCUS_CACHE_DIR` at a fresh temp folder for the test file (restored and removed after it);
 * returns a getter for the folder.
 */
export function useTempCacheDir(prefix: string): () => string {
  let dir = '';
  const previous = process.env.LOCUS_CACHE_DIR;
  beforeAll(() => {
    dir = tempDir(prefix);
    process.env.LOCUS_CACHE_DIR = dir;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.LOCUS_CACHE_DIR;
    else process.env.LOCUS_CACHE_DIR = previous;
    removeDir(dir);
  });
  return () => dir;
}
