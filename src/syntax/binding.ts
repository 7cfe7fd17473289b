/**
 * One private copy of web-tree-sitter (docs/performance.md, "Memory"). The package keeps its Emscripten
 * module in a module-level variable that `Parser.init()` fills once, and that module's WebAssembly memory
 * only grows; every grammar loaded into it stays compiled as long as it lives. An ES module stays in the
 * module map for the life of the process, so neither could ever be freed. The package's CommonJS build can:
 * it is required and removed from the require cache at once, so each call returns a separate copy, and a
 * copy nobody references any more is garbage-collected with its memory and its compiled grammars.
 * Each copy counts its live trees, so the runtime can tell when dropping it invalidates nothing.
 */
import { createRequire } from 'node:module';
import type * as TreeSitter from 'web-tree-sitter';

/** The web-tree-sitter API of one copy. */
export type TreeSitterModule = typeof TreeSitter;

/** One initialised copy of web-tree-sitter. */
export interface Binding {
  readonly ts: TreeSitterModule;
  /** Trees parsed (or copied) with this copy and not deleted yet. */
  liveTrees(): number;
  /** Current size of this copy's WebAssembly memory, in bytes (its high-water mark). */
  heapBytes(): number;
}

/** Trees created and deleted by every copy of this process (for leak tests). */
export interface TreeTotals {
  created: number;
  deleted: number;
}

const totals: TreeTotals = { created: 0, deleted: 0 };

/** A new copy of web-tree-sitter, initialised (its own WebAssembly instance and memory). */
export async function freshBinding(): Promise<Binding> {
  const ts = requireFresh();
  // Emscripten fills the options object in as its module (HEAP8 follows memory growth).
  const module: { HEAP8?: Int8Array } = {};
  await ts.Parser.init(module as Parameters<TreeSitterModule['Parser']['init']>[0]);
  return { ts, liveTrees: countTrees(ts), heapBytes: () => module.HEAP8?.byteLength ?? 0 };
}

/** Totals over every copy so far. */
export function treeTotals(): TreeTotals {
  return { ...totals };
}

function requireFresh(): TreeSitterModule {
  // A require function of its own each time: a module's parent keeps a list of its children.
  const require = createRequire(import.meta.url);
  const file = require.resolve('web-tree-sitter');
  try {
    return require(file) as TreeSitterModule;
  } finally {
    delete require.cache[file];
  }
}

/**
 * Wraps this copy's own `parse`, `copy` and `delete` (no other code shares these classes) to count live
 * trees: whoever creates them (outline, recovery, rename checks), the count says whether one is alive.
 */
function countTrees(ts: TreeSitterModule): () => number {
  const live = new WeakSet<TreeSitter.Tree>();
  let count = 0;
  const track = (tree: TreeSitter.Tree | null): TreeSitter.Tree | null => {
    if (tree) {
      live.add(tree);
      count++;
      totals.created++;
    }
    return tree;
  };
  const { parse } = ts.Parser.prototype;
  const { copy, delete: remove } = ts.Tree.prototype;
  ts.Parser.prototype.parse = function (this: TreeSitter.Parser, ...args: Parameters<typeof parse>) {
    return track(parse.apply(this, args));
  };
  ts.Tree.prototype.copy = function (this: TreeSitter.Tree) {
    return track(copy.call(this)) as TreeSitter.Tree;
  };
  ts.Tree.prototype.delete = function (this: TreeSitter.Tree) {
    if (live.delete(this)) {
      count--;
      totals.deleted++;
    }
    remove.call(this);
  };
  return () => count;
}
