/**
 * Memory probe, run in its own process (`node --expose-gc bench/sections/memory-child.js <input.json>`) so other
 * sections do not pollute its RSS. Prints one JSON object on stdout:
 * - RSS after importing Locus, and after loading every bundled grammar (one outline per language);
 * - phase A: RSS during many locates of files whose content keeps changing (one line rewritten before each
 *   locate: incremental reparse + new outline every time);
 * - phase B (optional): RSS while locating many distinct new files (the tree cache must stay bounded).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const gc = globalThis.gc ?? (() => {});

function memory(label, locates) {
  gc();
  const m = process.memoryUsage();
  return {
    label,
    locates,
    rss: m.rss,
    heapUsed: m.heapUsed,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
  };
}

const COMMENT = { '.py': '#', '.go': '//', '.ts': '//', '.js': '//' };
const SAMPLE = {
  '.py': 'def f():\n    return 1\n',
  '.go': 'package p\n\nfunc F() {}\n',
  '.sh': 'f() { echo; }\n',
};

const { createLocator } = await import(pathToFileURL(path.join(input.repo, 'dist/index.js')).href);
const root = mkdtempSync(path.join(tmpdir(), 'locus-bench-mem-'));
const out = { points: [] };
try {
  out.points.push(memory('after importing Locus', 0));
  const locator = createLocator({ root });
  // Every language of the one registry (docs/languages.md) that has a grammar in the manifest.
  const manifest = JSON.parse(readFileSync(path.join(input.repo, 'grammars/manifest.json'), 'utf8'));
  const { LANGUAGES } = await import(pathToFileURL(path.join(input.repo, 'dist/core/languages.js')).href);
  mkdirSync(path.join(root, 'grammars'));
  out.grammars = [];
  for (const { id, extensions } of LANGUAGES.filter((spec) => spec.id in manifest)) {
    const ext = extensions[0];
    const rel = `grammars/sample-${id}${ext}`;
    writeFileSync(path.join(root, rel), SAMPLE[ext] ?? 'x\n');
    const result = await locator.outline(rel);
    out.grammars.push({ id, ok: result.ok, error: result.ok ? undefined : result.error.code });
  }
  out.points.push(memory(`after loading all ${out.grammars.length} grammars`, 0));

  mkdirSync(path.join(root, 'pool'));
  const pool = [];
  for (const [i, file] of input.pool.entries()) {
    const rel = `pool/f${i}${file.ext}`;
    writeFileSync(path.join(root, rel), file.text);
    const outline = await locator.outline(rel);
    const symbols = outline.ok ? outline.symbols : [];
    const middle = symbols[Math.floor(symbols.length / 2)];
    pool.push({ ...file, rel, locate: middle ? `${rel}:${middle.path}` : `${rel}:1` });
  }
  let failures = 0;
  const checkpoints = new Set(input.checkpoints);
  for (let i = 1; i <= input.locates; i++) {
    const file = pool[i % pool.length];
    writeFileSync(path.join(root, file.rel), `${COMMENT[file.ext] ?? '#'} edit ${i}\n${file.text}`);
    const result = await locator.locate(file.locate);
    if (!result.ok) failures++;
    if (checkpoints.has(i)) out.points.push(memory(`changing files: ${i} locates`, i));
  }
  out.failures = failures;

  if (input.newFiles > 0) {
    mkdirSync(path.join(root, 'new'));
    const marks = new Set([Math.round(input.newFiles / 4), Math.round(input.newFiles / 2), input.newFiles]);
    for (let i = 1; i <= input.newFiles; i++) {
      const file = input.pool[i % input.pool.length];
      const rel = `new/n${i}${file.ext}`;
      writeFileSync(path.join(root, rel), `${COMMENT[file.ext] ?? '#'} new file ${i}\n${file.text}`);
      const result = await locator.locate(`${rel}:2`);
      if (!result.ok) failures++;
      if (marks.has(i)) out.points.push(memory(`new files: ${i} distinct files located`, i));
    }
  }
  await locator.close();
} finally {
  rmSync(root, { recursive: true, force: true });
}
process.stdout.write(JSON.stringify(out));
