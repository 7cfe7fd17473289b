import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

/** Which layers each layer may import (besides itself). */
const ALLOWED: Record<string, string[]> = {
  core: [],
  locate: ['core'],
  config: ['core'],
  workspace: ['core'],
  syntax: ['core', 'locate'],
  lsp: ['core', 'config', 'workspace'],
  index: ['core', 'locate', 'workspace', 'syntax', 'config'],
  ops: ['core', 'locate', 'workspace', 'syntax', 'lsp', 'index', 'config'],
  render: ['core', 'locate', 'ops'],
  cli: ['core', 'locate', 'workspace', 'syntax', 'lsp', 'index', 'ops', 'render', 'config'],
  mcp: ['core', 'locate', 'workspace', 'syntax', 'lsp', 'ops', 'render', 'config'],
};
/** Layers that must stay free of Node APIs and tree-sitter (pure, table-tested). */
const PURE = new Set(['core', 'locate']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : full.endsWith('.ts') ? [full] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [
    ...text.matchAll(
      /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm,
    ),
  ].map((m) => (m[1] ?? m[2]) as string);
}

const layerOf = (file: string): string => path.relative(SRC, file).split(path.sep)[0] as string;

describe('architecture: dependencies point one way', () => {
  const files = sourceFiles(SRC).filter((f) => path.dirname(f) !== SRC);
  it('finds the layers', () => {
    expect(new Set(files.map(layerOf))).toEqual(
      new Set([
        'core',
        'locate',
        'config',
        'workspace',
        'syntax',
        'lsp',
        'index',
        'ops',
        'render',
        'cli',
        ...(files.some((f) => layerOf(f) === 'mcp') ? ['mcp'] : []),
      ]),
    );
  });

  it.each(Object.keys(ALLOWED))('%s imports only what it may', (layer) => {
    const violations: string[] = [];
    for (const file of files.filter((f) => layerOf(f) === layer)) {
      for (const spec of imports(file)) {
        if (spec.startsWith('.')) {
          const target = layerOf(path.resolve(path.dirname(file), spec));
          if (target !== layer && !(ALLOWED[layer] ?? []).includes(target))
            violations.push(`${path.relative(SRC, file)} → ${spec}`);
        } else if (PURE.has(layer) && (spec.startsWith('node:') || /tree-sitter|vscode-/.test(spec))) {
          violations.push(`${path.relative(SRC, file)} → ${spec} (pure layer)`);
        }
      }
      if (PURE.has(layer) && /\b(?:process|Buffer|require)\s*[.(]/.test(readFileSync(file, 'utf8'))) {
        violations.push(`${path.relative(SRC, file)} uses a Node global (pure layer)`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('nothing imports the faces (cli, mcp)', () => {
    const offenders = files
      .filter((f) => !['cli', 'mcp'].includes(layerOf(f)))
      .flatMap((f) =>
        imports(f)
          .filter(
            (s) => s.startsWith('.') && ['cli', 'mcp'].includes(layerOf(path.resolve(path.dirname(f), s))),
          )
          .map((s) => `${f} → ${s}`),
      );
    expect(offenders).toEqual([]);
  });

  // ops returns data and never renders; render reads the result *types* of ops and nothing else of it, so
  // a renderer cannot reach a server, a file or a tree (docs/architecture.md, "Layers").
  it('render imports only types from ops', () => {
    const offenders = files
      .filter((f) => layerOf(f) === 'render')
      .flatMap((f) =>
        [
          ...readFileSync(f, 'utf8').matchAll(
            /^\s*(import|export)(\s+type)?\s[^'"]*?from\s+['"](\.\.\/ops\/[^'"]+)['"]/gm,
          ),
        ]
          .filter((m) => m[2] === undefined)
          .map((m) => `${path.relative(SRC, f)} → ${m[3]}`),
      );
    expect(offenders).toEqual([]);
  });

  it('syntax and lsp never import each other', () => {
    for (const [from, to] of [
      ['syntax', 'lsp'],
      ['lsp', 'syntax'],
    ] as const) {
      const bad = files
        .filter((f) => layerOf(f) === from)
        .flatMap((f) =>
          imports(f).filter((s) => s.startsWith('.') && layerOf(path.resolve(path.dirname(f), s)) === to),
        );
      expect(bad).toEqual([]);
    }
  });
});

/**
 * The rooms of `ops/` (docs/architecture.md, "The rooms of ops/") and which rooms each may import. Every
 * folder of `ops/` must be listed here, so a new room has to say where it stands.
 */
const OPS_ROOMS: Record<string, string[]> = {
  results: [],
  locating: ['results'],
  context: ['results', 'locating'],
  navigation: ['results', 'locating', 'context'],
  analysis: ['results', 'locating', 'context'],
  workspace: ['results', 'locating', 'context'],
  edits: ['results', 'locating', 'context', 'navigation', 'analysis'],
};
/** The only module at the top of `ops/`: the library facade over every room. */
const OPS_FACADE = 'locus.ts';

describe('architecture: the rooms of ops/', () => {
  const OPS = path.join(SRC, 'ops');
  const roomOf = (file: string): string => path.relative(OPS, file).split(path.sep)[0] as string;
  const opsFiles = sourceFiles(OPS);

  it('every folder of ops/ is a listed room, and only the facade stands outside them', () => {
    const folders = readdirSync(OPS).filter((n) => statSync(path.join(OPS, n)).isDirectory());
    expect(folders.sort()).toEqual(Object.keys(OPS_ROOMS).sort());
    expect(opsFiles.filter((f) => path.dirname(f) === OPS).map((f) => path.basename(f))).toEqual([
      OPS_FACADE,
    ]);
  });

  it('each room imports only the rooms below it', () => {
    const violations: string[] = [];
    for (const file of opsFiles.filter((f) => path.dirname(f) !== OPS)) {
      const room = roomOf(file);
      for (const spec of imports(file).filter((s) => s.startsWith('.'))) {
        const target = path.resolve(path.dirname(file), spec);
        if (!target.startsWith(OPS + path.sep)) continue;
        const targetRoom = roomOf(target);
        if (targetRoom !== room && !(OPS_ROOMS[room] ?? []).includes(targetRoom))
          violations.push(`${path.relative(SRC, file)} → ${spec}`);
      }
    }
    expect(violations).toEqual([]);
  });
});

describe('architecture: one cache, one wait (docs/architecture.md)', () => {
  const files = sourceFiles(SRC);
  const rel = (f: string): string => path.relative(SRC, f).split(path.sep).join('/');

  /** Timers that are not "wait for X or time out", with why. */
  const TIMERS: Record<string, string> = {
    'core/wait-for.ts': 'the one wait',
    'lsp/supervisor.ts': 'idle shutdown timer',
    'index/workspace-index.ts': 'debounced cache save',
    'mcp/main.ts': 'exit grace after stdin closes',
    'cli/daemon/server.ts': "the daemon's idle period",
  };

  it('waits with a timeout go through core/wait-for.ts', () => {
    const offenders = files
      .filter((f) => /\bsetTimeout\s*\(/.test(readFileSync(f, 'utf8')))
      .map(rel)
      .filter((f) => TIMERS[f] === undefined);
    expect(offenders).toEqual([]);
  });

  /** Module-level mutable state that is process-wide by nature, with why. */
  const MODULE_STATE: Record<string, string> = {
    'syntax/runtime.ts':
      'the current copy of the WASM runtime with its grammars and queries (recycled when idle)',
    'syntax/registry.ts': 'the grammar manifest, read once',
    'syntax/ts-fallback.ts': 'the TypeScript compiler module, imported once',
    'syntax/damaged.ts': 'fallback answers keyed by language and text: a pure memo',
    'index/unpack.ts': 'parents of immutable index entries keyed by identity: a pure memo',
    'index/cache.ts': 'the index format version (a hash of the syntax code), computed once',
    'config/schema.ts': 'the config schemas, built once on first use (zod loads lazily)',
    'syntax/startup.ts': 'whether the tree-sitter runtime started (its compile mode is then fixed)',
    'lsp/process-registry.ts': 'server process groups to kill at process exit',
    'lsp/server-process.ts': 'leftover temp dirs are swept once per process',
    'ops/locating/syntax-worker.ts': "the worker thread's own locator",
    'locate/outline.ts': 'indexes of immutable outlines in WeakMaps: pure memos collected with them',
    'locate/symbol-match.ts': 'name indexes of immutable outlines in a WeakMap: a pure memo',
    'mcp/tool-listing.ts': 'the tools/list answer, read or built once (the tool table never changes)',
    'mcp/tools/index.ts': "the tools' zod input schemas, built once from the static tool table",
  };

  it('no module-level caches or registries outside the listed process-wide ones', () => {
    // `let` at top level, or an empty Map/WeakMap/Set/LruMap (tables built from literals are fine).
    const pattern =
      /^(?:export\s+)?(?:let\s|const\s+\w+[^=]*=\s*new\s+(?:Map|WeakMap|Set|LruMap)\b[^\n(]*\(\s*(?:\)|\{))/m;
    const offenders = files
      .filter((f) => pattern.test(readFileSync(f, 'utf8')))
      .map(rel)
      .filter((f) => MODULE_STATE[f] === undefined);
    expect(offenders).toEqual([]);
  });
});

describe('architecture: one file boundary (docs/architecture.md, "File boundary")', () => {
  const files = sourceFiles(SRC);
  const rel = (f: string): string => path.relative(SRC, f).split(path.sep).join('/');

  /** Files outside workspace/ that may touch the file system, with why (none of them reads workspace text). */
  const FS_EXCEPTIONS: Record<string, string> = {
    'cli/commands/check.ts': "reads the caller's JSONL input (the face's own input, not the workspace)",
    'cli/commands/edit.ts': "reads the replacement text given with --file (the face's own input)",
    'mcp/main.ts': 'checks the --root folder before serving',
    'mcp/tool-listing.ts': 'reads the tool list the build wrote next to the bundle (a Locus package file)',
    'cli/write-stdout.ts': 'writes answers to stdout (file descriptor 1) without building a stream',
    'cli/commands/daemon.ts': "lists the user's daemon folder and removes the sockets of crashed daemons",
    'cli/daemon/client.ts': "checks the --root folder and opens a new daemon's log",
    'cli/daemon/main.ts': 'tells the client that started it that it listens (a pipe on file descriptor 3)',
    'cli/daemon/place.ts': "makes and checks the user's daemon folder, reads a daemon's facts",
    'cli/daemon/protocol.ts': 'reads the build id the build wrote next to the bundle (a Locus package file)',
    'cli/daemon/server.ts': 'writes and removes its own facts file and socket',
    'config/load.ts': 'walks up from the root for locus.config.json and reads it',
    'config/trust.ts': "keeps the user's trusted roots in their own config folder",
    'config/package-version.ts': "reads Locus's own package.json",
    'syntax/registry.ts': "reads Locus's own grammars (manifest, .wasm, queries) from the package",
    'index/walk.ts': 'walks the whole tree once per build (listing, ignore files, stats)',
    'index/git-excludes.ts': "reads the user's git config for core.excludesFile, and the excludes files",
    'index/extract.ts': 'reads each file in a worker thread; the bytes are decoded by workspace/files.ts',
    'index/cache.ts': "persists the index in the user's cache folder",
    'index/quick-check.ts': 'stats the folders and files the persisted index lists (a load without a walk)',
    'index/outline-store.ts': "persists outlines by content in the user's cache folder (one-shot cold start)",
    'lsp/process-registry.ts': "reads /proc to find a server's process group and sweeps its temp folders",
    'lsp/server-process.ts': 'creates and removes the temp folder each server runs with',
    'lsp/server-instance.ts': 'removes the temp folder of a server that stopped',
    'lsp/servers/cache-dir.ts': "creates the servers' cache folder under the user's cache folder",
    'lsp/servers/compile-commands.ts': "writes clangd's generated compile flags to its cache folder",
    'lsp/servers/resolve.ts': 'finds server executables on PATH and in node_modules',
    'lsp/servers/typescript.ts': "finds the workspace's own TypeScript install",
  };

  it('node:fs is used only in workspace/ and the listed files', () => {
    const offenders = files
      .filter((f) => /from\s+['"](?:node:)?fs(?:\/promises)?['"]/.test(readFileSync(f, 'utf8')))
      .map(rel)
      .filter((f) => !f.startsWith('workspace/') && FS_EXCEPTIONS[f] === undefined);
    expect(offenders).toEqual([]);
  });

  it('lists no exception that no longer needs it', () => {
    const stale = Object.keys(FS_EXCEPTIONS).filter(
      (f) => !/from\s+['"](?:node:)?fs(?:\/promises)?['"]/.test(readFileSync(path.join(SRC, f), 'utf8')),
    );
    expect(stale).toEqual([]);
  });

  it('bytes become text only in workspace/files.ts', () => {
    const decoders = files
      .filter((f) =>
        /new TextDecoder\(|\\uFEFF\/|(?<!JSON\.parse\()readFileSync\([^)]*'utf-?8'/.test(
          readFileSync(f, 'utf8'),
        ),
      )
      .map(rel)
      .filter((f) => !['workspace/files.ts', ...Object.keys(FS_EXCEPTIONS)].includes(f));
    expect(decoders).toEqual([]);
  });
});
