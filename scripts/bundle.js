// Second step of `npm run build`: bundles tsc's output (dist/**.js) into dist/bundle/, which is what the `locus`
// binary, the workers and the library entry run (docs/architecture.md, "Build"). One bundle instead of ~200
// modules makes a cold one-shot command start faster (Node resolves and compiles each module file separately),
// and the installed package no longer needs the MCP SDK, zod, the JSON-RPC and diff packages at run time
// (they are inside the bundle: docs/operations.md, "Install"). Lazy `import()`s stay lazy: each is its own chunk.
// What stays outside: Node's modules, web-tree-sitter (it loads its own .wasm next to itself), TypeScript 5.9
// (the fallback parser, 23 MB, loaded only for broken TS/JS) and the language servers, which run as programs.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'rolldown';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
const OUT = path.join(DIST, 'bundle');

/** Entry name → tsc output. The worker names are the ones their spawners ask for (`./worker.js` next to them). */
const ENTRIES = {
  'cli-main': 'cli/main.js',
  'mcp-main': 'mcp/main.js',
  index: 'index.js',
  worker: 'index/worker.js',
  'syntax-worker': 'ops/locating/syntax-worker.js',
  // The background process of the warm CLI (docs/operations.md, "The daemon").
  'daemon-main': 'cli/daemon/main.js',
};

const EXTERNAL = [
  /^node:/,
  'web-tree-sitter',
  'typescript',
  /^pyright(\/|$)/,
  /^typescript-language-server(\/|$)/,
  /^bash-language-server(\/|$)/,
];

// The config schemas load zod synchronously, and only when a config file exists (docs/performance.md, "Cold
// start"): `createRequire(import.meta.url)('zod')` in the sources. In the bundle zod is a chunk of its own,
// `zod.js` (also what the MCP SDK's chunks import), and that call loads it by path: Node ≥ 20.19 `require()`s an
// ES module synchronously. Anything bundled into the chunks that run before would be compiled on every start.
const ZOD_ENTRY = '\0locus-zod';
const lazyZod = {
  name: 'lazy-zod',
  resolveId: (id) => (id === ZOD_ENTRY ? ZOD_ENTRY : null),
  load: (id) => (id === ZOD_ENTRY ? "export { z } from 'zod';" : null),
  transform(code, id) {
    if (!id.endsWith(path.join('config', 'schema.js'))) return null;
    const pattern = /createRequire\(import\.meta\.url\)\('zod'\)/g;
    if (!pattern.test(code)) throw new Error(`bundle: the zod loading pattern is gone from ${id}`);
    return { code: code.replace(pattern, "createRequire(import.meta.url)('./zod.js')"), map: null };
  },
};

rmSync(OUT, { recursive: true, force: true });
await build({
  input: {
    ...Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(DIST, file)])),
    zod: ZOD_ENTRY,
  },
  platform: 'node',
  external: EXTERNAL,
  plugins: [lazyZod],
  logLevel: 'warn',
  output: {
    dir: OUT,
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunk-[hash].js',
    // The layers every face loads for its first answer — core, locate, render, config, workspace and the CLI's own
    // top-level modules — are one chunk, not the ~30 small ones rolldown's reachability split made of them (a
    // cached one-shot `locate` loaded 38 chunks): Node reads, resolves and links each module file on its own
    // (docs/performance.md, "Cold start"). What loads lazily stays lazy: the operations, the LSP layer, the
    // index build, the MCP tools and zod are not in it.
    codeSplitting: {
      groups: [
        {
          name: 'base',
          test: (id) =>
            /[\\/]dist[\\/](core|locate|render|config|workspace)[\\/]/.test(id) ||
            /[\\/]dist[\\/]cli[\\/][^\\/]+\.js$/.test(id),
        },
      ],
    },
    minify: false,
    sourcemap: false,
  },
});

// The launcher's client of the warm CLI runs before every command, so it is one file of its own that loads nothing
// but Node's modules (its few small leaves are copied in rather than shared as chunks: each chunk is a file to load).
await build({
  input: { 'cli-client': path.join(DIST, 'cli', 'daemon', 'client.js') },
  platform: 'node',
  external: EXTERNAL,
  logLevel: 'warn',
  output: { dir: OUT, format: 'esm', entryFileNames: '[name].js', codeSplitting: false, minify: false },
});

// `tools/list` as the server answers it, so the server's start needs neither zod nor the tool modules
// (src/mcp/tool-listing.ts).
const { listTools } = await import(pathToFileURL(path.join(DIST, 'mcp', 'tools', 'index.js')).href);
writeFileSync(path.join(OUT, 'tools-list.json'), `${JSON.stringify(listTools())}\n`);

// What decides an outline is the syntax layer's code: the index version reads its hash here in a bundle
// (src/index/cache.ts), the same hash the compiled modules compute from dist/syntax/, so both share caches.
const { syntaxCodeHash } = await import(pathToFileURL(path.join(DIST, 'index', 'cache.js')).href);
writeFileSync(path.join(OUT, 'code-hash.txt'), `${syntaxCodeHash(path.join(DIST, 'syntax'))}\n`);

// The build a daemon runs: a client of another build makes it leave and starts its own (docs/operations.md, "The
// daemon"). Everything that can change an answer: the bundle's code, the grammars and the package version.
const buildHash = createHash('sha256');
const hashTree = (dir) => {
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(dir, name);
    try {
      buildHash.update(name).update(readFileSync(file));
    } catch {
      // a folder
    }
  }
};
hashTree(OUT);
hashTree(path.join(ROOT, 'grammars'));
buildHash.update(readFileSync(path.join(ROOT, 'package.json')));
writeFileSync(path.join(OUT, 'build-id.txt'), `${buildHash.digest('hex').slice(0, 24)}\n`);
