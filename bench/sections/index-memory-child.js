/**
 * Child of the index section: loads a root's index from the persisted cache in a fresh process and
 * reports the heap it holds (after GC) and the RSS. Run with --expose-gc; argv: repo root, workspace root.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [repo, root] = process.argv.slice(2);
const { WorkspaceIndex } = await import(pathToFileURL(path.join(repo, 'dist/index/index.js')).href);
const settle = () => {
  for (let i = 0; i < 3; i++) globalThis.gc();
};
settle();
const before = process.memoryUsage();
const index = new WorkspaceIndex(root);
const status = await index.fresh();
settle();
const after = process.memoryUsage();
process.stdout.write(
  JSON.stringify({
    symbols: status.symbols,
    files: status.indexed,
    heapBytes: after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers,
    rss: after.rss,
  }),
);
index.close();
