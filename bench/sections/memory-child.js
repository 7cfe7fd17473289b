/**
 * Memory probe, run in its own process (`node --expose-gc bench/sections/memory-child.js <input.json>`) so other
 * sections do not pollute its RSS. Prints one JSON object on stdout:
 * - RSS after importing Locus, and after loading every bundled grammar (one outline per language);
 * - phase A: RSS during many locates of files whose content keeps changing (one line rewritten before each
 *   locate: incremental reparse + new outline every time);
 * - phase B: RSS after the outline of a big file (the biggest entry repeated to ~50,000 lines) and locates in it;
 * - phase C (optional): RSS while locating many distinct new files (the tree cache must stay bounded);
 * - RSS once the locator has been idle for two recycle periods (the tree cache lets the runtime drop its
 *   WebAssembly instance: docs/performance.md, "Memory"). Each point also gives the size of the runtime's
 *   WebAssembly memory, how many grammars it holds and how many times it was recycled.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const gc = globalThis.gc ?? (() => {});
const dist = (file) => pathToFileURL(path.join(input.repo, 'dist', file)).href;
/** Runtime counters and the recycle policy; absent in builds from before recycling (to measure those too). */
const runtime = await import(dist('syntax/runtime.js'));
const policy = await import(dist('syntax/recycle-policy.js')).catch(() => undefined);
// A short idle period, so the idle point below needs a 2 s wait, not a minute; the phases never pause that long.
policy?.setRecyclePolicy({ idleMs: input.idleMs });

/** Readings after two full collections a moment apart: array buffers (WASM memories) are freed by a concurrent sweep. */
async function memory(label, locates) {
  gc();
  await new Promise((resolve) => setTimeout(resolve, 50));
  gc();
  const m = process.memoryUsage();
  const stats = runtime.runtimeStats?.();
  return {
    label,
    locates,
    rss: m.rss,
    heapUsed: m.heapUsed,
    heapTotal: m.heapTotal,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
    wasmBytes: stats?.heapBytes,
    grammars: stats?.languages.length ?? runtime.loadedLanguageIds().length,
    recycled: stats?.recycled,
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
  out.points.push(await memory('after importing Locus', 0));
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
  out.points.push(await memory(`after loading all ${out.grammars.length} grammars`, 0));

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
    if (checkpoints.has(i)) out.points.push(await memory(`changing files: ${i} locates`, i));
  }

  if (input.big) failures += await bigFile(locator, input.big);

  if (input.newFiles > 0) {
    mkdirSync(path.join(root, 'new'));
    const marks = new Set([Math.round(input.newFiles / 4), Math.round(input.newFiles / 2), input.newFiles]);
    for (let i = 1; i <= input.newFiles; i++) {
      const file = input.newPool[i % input.newPool.length];
      const rel = `new/n${i}${file.ext}`;
      writeFileSync(path.join(root, rel), `${COMMENT[file.ext] ?? '#'} new file ${i}\n${file.text}`);
      const result = await locator.locate(`${rel}:2`);
      if (!result.ok) failures++;
      if (marks.has(i)) out.points.push(await memory(`new files: ${i} distinct files located`, i));
    }
  }
  out.failures = failures;
  // Two idle periods and a margin: the tree cache's timer recycles between one and two periods after the last call.
  await new Promise((resolve) => setTimeout(resolve, 2 * input.idleMs + 500));
  out.points.push(await memory(`idle for ${((2 * input.idleMs + 500) / 1000).toFixed(1)} s`, 0));
  await locator.close();
} finally {
  rmSync(root, { recursive: true, force: true });
}

/** Outline of the big file, a few locates in it, one edit and a locate after it (a full parse: no tree kept). */
async function bigFile(locator, big) {
  mkdirSync(path.join(root, 'big'));
  const rel = `big/big${big.ext}`;
  const text = big.text.repeat(big.repeat);
  writeFileSync(path.join(root, rel), text);
  const lines = text.split('\n').length;
  let failures = (await locator.outline(rel)).ok ? 0 : 1;
  for (let k = 1; k <= 5; k++)
    if (!(await locator.locate(`${rel}:${Math.ceil((lines * k) / 6)}`)).ok) failures++;
  writeFileSync(path.join(root, rel), `${COMMENT[big.ext] ?? '#'} edit\n${text}`);
  if (!(await locator.locate(`${rel}:2`)).ok) failures++;
  out.points.push(
    await memory(`big file: ${lines} lines, ${(text.length / 1e6).toFixed(1)} M characters`, 0),
  );
  return failures;
}
process.stdout.write(JSON.stringify(out));
