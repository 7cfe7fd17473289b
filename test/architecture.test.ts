import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  callsInLoops,
  circles,
  decodingSites,
  importsOf,
  localNames,
  parsed,
  rel,
  resolveImport,
  SRC,
  sourceFiles,
  withoutComments,
} from './helpers/source-tree.js';

/** Which layers each layer may import (besides itself). */
const ALLOWED: Record<string, string[]> = {
  core: [],
  locate: ['core'],
  // config reads its files with workspace/'s one safe reader (docs/security.md, "Reading files").
  config: ['core', 'workspace'],
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

/** The module specifiers a file imports. */
const imports = (file: string): string[] => importsOf(file).map((edge) => edge.spec);

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

// A circle of imports inside a layer is a knot a reader cannot start from (and, when the edges exist at run time, a
// module that can see another one half-initialised). Type-only imports are erased at run time and left aside.
describe('architecture: no circles of imports', () => {
  it('no module reaches itself through run-time imports', () => {
    const graph = new Map<string, string[]>();
    for (const file of sourceFiles(SRC)) {
      const targets = importsOf(file)
        .filter((edge) => !edge.typeOnly)
        .map((edge) => resolveImport(file, edge.spec))
        .filter((target): target is string => target !== undefined);
      graph.set(rel(file), targets.map(rel));
    }
    expect(circles(graph)).toEqual([]);
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
      .filter((f) =>
        /\bset(?:Timeout|Interval)\s*\(|['"](?:node:)?timers\/promises['"]/.test(readFileSync(f, 'utf8')),
      )
      .map(rel)
      .filter((f) => TIMERS[f] === undefined);
    expect(offenders).toEqual([]);
  });

  // A loop that pauses and looks again is a poll: `waitUntil` is the one poll (core/wait-for.ts), so a poll has a
  // bound, a cancel and one place to be measured. Pauses are timers, `delay` and `waitFor` under any local name.
  it('no polling loops outside core/wait-for.ts', () => {
    const offenders = files
      .filter((f) => rel(f) !== 'core/wait-for.ts')
      .filter((f) =>
        /\b(?:set(?:Timeout|Interval)|delay|waitFor)\b|timers\/promises/.test(readFileSync(f, 'utf8')),
      )
      .flatMap((f) => {
        const source = parsed(f);
        const pauses = new Set([
          'setTimeout',
          'setInterval',
          ...localNames(source, /wait-for\.js$/, 'delay'),
          ...localNames(source, /wait-for\.js$/, 'waitFor'),
          ...localNames(source, /timers\/promises$/, 'setTimeout'),
        ]);
        return callsInLoops(source, pauses).map((call) => `${rel(f)}: ${call}`);
      });
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
    'lsp/uri.ts': 'file paths and URIs converted: a bounded pure memo keyed by the string',
    'lsp/server-process.ts': 'leftover temp dirs are swept once per process',
    'ops/locating/syntax-worker.ts': "the worker thread's own locator",
    'locate/outline.ts': 'indexes of immutable outlines in WeakMaps: pure memos collected with them',
    'locate/symbol-match.ts': 'name indexes of immutable outlines in a WeakMap: a pure memo',
    'locate/tokens.ts': "each language's token pattern, built on first use from the static operator table",
    'mcp/tool-listing.ts': 'the tools/list answer, read or built once (the tool table never changes)',
    'mcp/tools/index.ts': "the tools' zod input schemas, built once from the static tool table",
    'cli/io.ts': "what runs before the CLI's output (its one terminal's status line erases itself)",
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
    'config/load.ts':
      'walks up from the root for locus.config.json (whose bytes workspace/read-file.ts reads)',
    'config/trust.ts': "keeps the user's trusted roots in their own config folder",
    'config/package-version.ts': "reads Locus's own package.json",
    'syntax/registry.ts': "reads Locus's own grammars (manifest, .wasm, queries) from the package",
    'index/walk.ts': 'walks the whole tree once per build (listing and stats; files are read by workspace/)',
    'index/cache.ts': "persists the index in the user's cache folder",
    'index/outline-store.ts': "persists outlines by content in the user's cache folder (one-shot cold start)",
    'lsp/process-registry.ts': "reads /proc to find a server's process group and sweeps its temp folders",
    'lsp/server-process.ts': 'creates and removes the temp folder each server runs with',
    'lsp/server-launch.ts': 'removes the temp folder of a server whose spawn failed',
    'lsp/servers/cache-dir.ts': "creates the servers' cache folder under the user's cache folder",
    'lsp/servers/compile-commands.ts':
      "writes clangd's compile database (copied or generated) to its cache folder",
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

  /**
   * Files that read bytes themselves (docs/security.md, "Reading files"), with why: none reads a repository file.
   * Every repository file — source or metadata — is read by workspace/read-file.ts (non-blocking open, fstat,
   * bounded, never out of the root through a link).
   */
  const OWN_READERS: Record<string, string> = {
    'workspace/read-file.ts': 'the one safe reader',
    'workspace/atomic-write.ts': 'opens the files it creates, to write them (reads nothing)',
    'cli/commands/daemon.ts':
      "connects to a daemon's socket (`open` names the socket client, not a file read)",
    'cli/daemon/client.ts': "connects to the daemon's socket and opens a new daemon's log to write",
    'cli/daemon/place.ts': "reads a daemon's facts file in the user's private daemon folder",
    'cli/daemon/protocol.ts': 'reads the build id the build wrote next to the bundle (a Locus package file)',
    'cli/daemon/server.ts': 'opens a call for a client (a method named `open`, no file read)',
    'workspace/apply-recovery.ts': "reads its own journals in the user's state folder",
    'cli/commands/check.ts': "streams the caller's JSONL input",
    'cli/commands/edit.ts': 'reads the replacement text given with --file',
    'config/package-version.ts': "reads Locus's own package.json",
    'syntax/registry.ts': "reads Locus's own grammars",
    'mcp/tool-listing.ts': 'reads the tool list the build wrote',
    'index/cache.ts': "reads the index cache in the user's cache folder",
    'index/outline-store.ts': "reads outlines in the user's cache folder",
    'lsp/process-registry.ts': 'reads /proc',
    'workspace/process-owner.ts': "reads /proc to tell whether an apply journal's owner still runs",
    'lsp/servers/compile-commands.ts': "compares clangd's database in the user's cache folder",
  };
  const READ_CALL = /\b(?:readFileSync|readSync|openSync|createReadStream|readFile|open)\(/;

  it('only the listed files read bytes themselves; repository files go through workspace/read-file.ts', () => {
    const readers = files
      .filter((f) => /from\s+['"](?:node:)?fs(?:\/promises)?['"]/.test(readFileSync(f, 'utf8')))
      .filter((f) => READ_CALL.test(readFileSync(f, 'utf8')))
      .map(rel);
    expect(readers.filter((f) => OWN_READERS[f] === undefined)).toEqual([]);
    expect(Object.keys(OWN_READERS).filter((f) => !readers.includes(f))).toEqual([]);
  });

  // A file Locus writes whole (a journal, a cache, clangd's database) is replaced atomically by one function; only
  // the apply journal (apply-journal.ts, and apply-recovery.ts after a crash) renames other files (its staged
  // copies and backups, docs/security.md, "Apply journal").
  it('files are written and renamed only by workspace/atomic-write.ts and the apply journal', () => {
    const writers = files
      .filter((f) => {
        const text = readFileSync(f, 'utf8');
        return (
          /from\s+['"](?:node:)?fs(?:\/promises)?['"]/.test(text) &&
          /\b(?:writeFileSync|renameSync|appendFileSync|writeFile|rename|appendFile)\(/.test(
            withoutComments(text),
          )
        );
      })
      .map(rel);
    expect(
      writers.filter(
        (f) =>
          ![
            'workspace/atomic-write.ts',
            'workspace/apply-journal.ts',
            'workspace/apply-recovery.ts',
          ].includes(f),
      ),
    ).toEqual([]);
  });

  /**
   * Who lists folders, with why. Only two walk a tree: the index's walk (the one answer to "which files", with the
   * ignore files) and the bounded metadata scan for clangd's compile database (it runs before any index exists).
   */
  const FOLDER_LISTINGS: Record<string, string> = {
    'index/walk.ts': 'the walk: every file the index covers (docs/workspace.md, "Which files are indexed")',
    'lsp/servers/compile-commands.ts':
      "the one exception: a bounded scan of names for clangd's generated compile database, at server start",
    'workspace/files.ts': 'lists one folder (`filesIn`)',
    'workspace/file-language.ts': "lists a header's own folder for its translation units",
    'workspace/apply-recovery.ts': 'lists its journal folder for leftovers',
    'cli/commands/daemon.ts': "lists the user's private daemon folder (`locus daemon status|stop`)",
    'index/cache.ts': 'lists its cache folder to prune old indexes',
    'index/outline-store.ts': 'lists its cache shards to prune them',
    'lsp/process-registry.ts': 'lists /proc and its temp folders',
    'lsp/server-process.ts': 'lists the temp folder a server ran with',
  };

  it('folders are listed only by the listed files; only the index walks the tree (and one listed exception)', () => {
    const listing = files
      .filter((f) => /\b(?:readdirSync|readdir|opendirSync|opendir)\(/.test(readFileSync(f, 'utf8')))
      .map(rel);
    expect(listing.filter((f) => FOLDER_LISTINGS[f] === undefined)).toEqual([]);
    expect(Object.keys(FOLDER_LISTINGS).filter((f) => !listing.includes(f))).toEqual([]);
  });

  /**
   * Who turns bytes into text besides workspace/files.ts (strict UTF-8, BOM removed, NOT_TEXT otherwise), with
   * why. None of them decodes a repository's file: a workspace's sources and metadata are decoded in one place,
   * whoever reads them (docs/architecture.md, "File boundary").
   */
  const TEXT_DECODERS: Record<string, string> = {
    'cli/commands/edit.ts': "the replacement text given with --file (the caller's own input)",
    'cli/line-reader.ts': "lines of the caller's JSON Lines input (`check`)",
    'mcp/guarded-stdio.ts': "the MCP client's messages",
    'lsp/framing-guard.ts': "a language server's protocol headers, and a sample of the garbage it printed",
    'lsp/server-process.ts': "the tail of a language server's stderr",
    'lsp/process-registry.ts': '/proc',
    'workspace/process-owner.ts': "/proc, whether an apply journal's owner still runs",
    'workspace/read-file.ts':
      "the sniffer's Latin-1 view of a file's two ends (the markers it looks for are ASCII; no text is decoded)",
    'config/package-version.ts': "Locus's own package.json",
    'syntax/registry.ts': "Locus's own grammar manifest and queries",
    'mcp/tool-listing.ts': 'the tool list the build wrote next to the bundle',
    'index/cache.ts': 'the index Locus persisted in the user cache folder',
    'index/outline-store.ts': 'outlines Locus persisted in the user cache folder',
    'workspace/apply-recovery.ts': "Locus's own journals in the user's state folder",
    'cli/daemon/call-io.ts':
      "a call's output sent to the client that asked (the caller's own terminal stream)",
    'cli/daemon/client.ts': "a starting daemon's word on its ready pipe",
    'cli/daemon/place.ts': "a daemon's facts file in the user's private daemon folder",
    'cli/daemon/protocol.ts': 'the daemon protocol stream and the build id Locus wrote next to its bundle',
    'index/cache-format.ts': 'the string table of the index Locus persisted in the user cache folder',
  };

  it('bytes become text only in workspace/files.ts and the listed files', () => {
    const decoders = files
      .filter((f) => rel(f) !== 'workspace/files.ts')
      .flatMap((f) => decodingSites(parsed(f)).map((site) => ({ file: rel(f), site })));
    expect(
      decoders.filter((d) => TEXT_DECODERS[d.file] === undefined).map((d) => `${d.file}: ${d.site}`),
    ).toEqual([]);
    expect(Object.keys(TEXT_DECODERS).filter((f) => !decoders.some((d) => d.file === f))).toEqual([]);
  });
});

// "Which language is this file" is decided by one function, FileLanguages.languageOf (docs/languages.md, "One
// registry"): nothing else applies the registry's rules to a file or sniffs one.
describe('architecture: one language of a file', () => {
  /** The registry's rules on a path or a text, and the one sniffer, by the module that exports them. */
  const RULES: Record<string, string[]> = {
    'core/languages.ts': ['detectLanguage', 'languageForShebang', 'languageForModeline', 'headerLanguage'],
    'workspace/read-file.ts': ['sniffText'],
  };
  /** Who may use them besides `workspace/file-language.ts`, with why. */
  const ALSO: Record<string, string> = {
    'index/extract.ts:headerLanguage':
      "a `.h` the walk's decision left to its text is decided when the index's worker reads that text",
  };

  it('the rules still exist under these names', () => {
    for (const [module, names] of Object.entries(RULES)) {
      const text = readFileSync(path.join(SRC, module), 'utf8');
      for (const name of names)
        expect(text, `${module} ${name}`).toMatch(new RegExp(`export function ${name}\\b`));
    }
  });

  it('only workspace/file-language.ts applies them', () => {
    const users = sourceFiles(SRC).flatMap((file) =>
      Object.entries(RULES).flatMap(([module, names]) => {
        if (rel(file) === module || rel(file) === 'workspace/file-language.ts') return [];
        const imported = importsOf(file).some(
          (edge) => resolveImport(file, edge.spec) === path.join(SRC, module),
        );
        if (!imported) return [];
        const text = readFileSync(file, 'utf8');
        return names
          .filter((name) => new RegExp(`\\b${name}\\b`).test(text))
          .map((name) => `${rel(file)}:${name}`);
      }),
    );
    expect(users.filter((use) => ALSO[use] === undefined)).toEqual([]);
  });
});

// Files aim at ~300 lines and may not pass MAX_LINES (CONTRIBUTING.md, "Style"): a file that grows past it is split
// along a real seam, not granted an exception. Every file under src/ is measured, whatever its name.
describe('architecture: files stay small', () => {
  const MAX_LINES = 350;
  /** Files known to be over the limit, with why; each must still be over it (a split file leaves the list). */
  const OVERSIZED: Record<string, string> = {};
  const lineCount = (file: string): number => readFileSync(file, 'utf8').split('\n').length - 1;

  it(`every file under src/ has at most ${MAX_LINES} lines`, () => {
    const over = sourceFiles(SRC)
      .filter((f) => lineCount(f) > MAX_LINES && OVERSIZED[rel(f)] === undefined)
      .map((f) => `${rel(f)}: ${lineCount(f)} lines`);
    expect(over).toEqual([]);
  });

  it('lists no exception that is no longer over the limit', () => {
    const stale = Object.keys(OVERSIZED).filter(
      (f) => !existsSync(path.join(SRC, f)) || lineCount(path.join(SRC, f)) <= MAX_LINES,
    );
    expect(stale).toEqual([]);
  });
});
