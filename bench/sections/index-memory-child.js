/**
 * Child of the index section: loads a root's index in a fresh process — from the persisted cache, or
 * with `cold` as third argument built from nothing — and reports the heap it holds (after GC), the RSS,
 * the wall time and the CPU time of all threads (workers included), which a loaded machine does not
 * inflate the way it inflates wall time, and the lines of the files the index holds (the rate's numerator: not every
 * file of the tree, testdata and ignored files are left out). Run with --expose-gc; argv: repo root, workspace
 * root[, cold].
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [repo, root, mode] = process.argv.slice(2);
const { WorkspaceIndex } = await import(pathToFileURL(path.join(repo, 'dist/index/index.js')).href);
const settle = () => {
  for (let i = 0; i < 3; i++) globalThis.gc();
};
settle();
const before = process.memoryUsage();
const cpu = process.cpuUsage();
const start = performance.now();
const index = new WorkspaceIndex(root, mode === 'cold' ? { noCache: true } : {});
const status = await index.fresh();
const wallMs = performance.now() - start;
const used = process.cpuUsage(cpu);
settle();
const after = process.memoryUsage();
process.stdout.write(
  JSON.stringify({
    symbols: status.symbols,
    files: status.indexed,
    parsed: status.parsed,
    heapBytes: after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers,
    rss: after.rss,
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    lines: indexedLines(index.store.paths()),
  }),
);
index.close();

function indexedLines(files) {
  let lines = 0;
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  }
  return lines;
}
