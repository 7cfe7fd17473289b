/**
 * What Locus knows about servers it does not start by default, keyed by executable name: a configuration line
 * `{"languages": {"java": {"command": "jdtls"}}}` then gets the server's readiness, project markers and settings
 * (docs/languages.md, "Any other server"). A command no recipe names gets the generic readiness rule. The table
 * is data for the servers added later too (YAML, JSON, CSS, HTML): add a row, and docs/languages.md's recipe
 * table, which `test/lsp/recipes.test.ts` checks against this one.
 */
import { clientCapabilities } from '../capabilities.js';
import { GENERIC_READINESS, type ReadySignal } from '../readiness.js';
import type { ServerAdapter } from './adapter.js';
import { cclsPrepare } from './ccls.js';
import { projectCacheDir } from './cache-dir.js';
import { join } from 'node:path';

/** One server Locus knows by its executable's name. */
export interface ServerRecipe {
  /** Human name. */
  name: string;
  /** Executable names (the `command`'s last path segment) this recipe applies to. */
  commands: readonly string[];
  /** The configuration line of docs/languages.md, as users write it. */
  config: string;
  /** How readiness is told, in words (the recipe table of docs/languages.md). */
  readinessText: string;
  readiness: ReadySignal[];
  projectMarkers: readonly string[];
  /** Arguments when the configuration gives none. */
  args?: readonly string[];
  /** What the server needs beyond the defaults of a configured server (see `ServerAdapter` for each). */
  quirks?: Partial<
    Pick<
      ServerAdapter,
      | 'initializationOptions'
      | 'settings'
      | 'actualEncoding'
      | 'prepare'
      | 'opensChangedFiles'
      | 'answersBeforeReady'
      | 'wakeWhileLoadingMs'
      | 'offline'
      | 'extraCapabilities'
    >
  >;
}

/** A proxy nothing listens on (TCP port 9, discard): a server's download through it fails at once, offline. */
const OFFLINE_PROXY = 'http://127.0.0.1:9';

/**
 * The vscode-langservers-extracted servers claim pull diagnostics always but serve them only to a client that says
 * it pulls (to others they push): Locus says so, and pulls.
 */
const saysItPulls: ServerAdapter['extraCapabilities'] = (encodings) => ({
  textDocument: { ...clientCapabilities(encodings).textDocument, diagnostic: { dynamicRegistration: false } },
});

/** The CSS server's validation with its default lint rules. */
const CSS_LINT = { validate: true, lint: { unknownProperties: 'warning' } };

const diagnosticsOrProgress = 'generic: a work-done progress ended or diagnostics arrived, then 0.5 s quiet';

/** Every recipe, in the order of the documentation table. */
export const RECIPES: readonly ServerRecipe[] = [
  {
    name: 'Eclipse JDT LS',
    commands: ['jdtls'],
    config: '"java": {"command": "jdtls"}',
    readinessText: '`language/status` notification of type `ServiceReady`',
    readiness: [
      {
        kind: 'status',
        method: 'language/status',
        ready: (p) => ((p as { type?: unknown } | null)?.type === 'ServiceReady' ? true : undefined),
      },
    ],
    projectMarkers: ['pom.xml', 'build.gradle', 'build.gradle.kts', 'settings.gradle', '.project'],
    quirks: {
      // jdtls keeps its Eclipse workspace in -data: a cache folder, never the project.
      prepare: async ({ root, tmpDir }) => ['-data', projectCacheDir('jdtls', root) ?? join(tmpDir, 'jdtls')],
    },
  },
  {
    name: 'Ruby LSP',
    commands: ['ruby-lsp'],
    config: '"ruby": {"command": "ruby-lsp"}',
    readinessText: '`$/progress` "Ruby LSP: indexing files" ends',
    readiness: [{ kind: 'progress', title: /indexing files/i }],
    projectMarkers: ['Gemfile'],
  },
  {
    name: 'Solargraph',
    commands: ['solargraph'],
    config: '"ruby": {"command": "solargraph", "args": ["stdio"]}',
    readinessText: diagnosticsOrProgress,
    readiness: GENERIC_READINESS,
    projectMarkers: ['Gemfile', '.solargraph.yml'],
    args: ['stdio'],
  },
  {
    name: 'lua-language-server',
    commands: ['lua-language-server'],
    config: '"lua": {"command": "lua-language-server"}',
    readinessText: '`$/progress` "Loading workspace" ends',
    readiness: [{ kind: 'progress', title: /^Loading workspace/i }],
    projectMarkers: ['.luarc.json', '.luarc.jsonc'],
    quirks: { settings: { Lua: { telemetry: { enable: false } } } },
  },
  {
    name: 'Intelephense',
    commands: ['intelephense'],
    config: '"php": {"command": "intelephense", "args": ["--stdio"]}',
    readinessText:
      '`indexingEnded` notification (`indexingStarted` takes readiness back), or its log line `Indexing finished` (a client that takes work-done progress gets no notifications)',
    readiness: [
      { kind: 'status', method: 'indexingStarted', ready: () => false },
      { kind: 'status', method: 'indexingEnded', ready: () => true },
      { kind: 'log', pattern: /Indexer: Indexing finished/ },
    ],
    projectMarkers: ['composer.json'],
    args: ['--stdio'],
  },
  {
    name: 'Phpactor',
    commands: ['phpactor'],
    config: '"php": {"command": "phpactor", "args": ["language-server"]}',
    readinessText: diagnosticsOrProgress,
    readiness: GENERIC_READINESS,
    projectMarkers: ['composer.json', '.phpactor.json'],
    args: ['language-server'],
  },
  {
    name: 'csharp-ls',
    commands: ['csharp-ls'],
    config: '"csharp": {"command": "csharp-ls"}',
    readinessText: diagnosticsOrProgress,
    readiness: GENERIC_READINESS,
    projectMarkers: ['Directory.Build.props', 'global.json'],
  },
  {
    name: 'OmniSharp',
    commands: ['OmniSharp', 'omnisharp'],
    config: '"csharp": {"command": "OmniSharp", "args": ["-lsp"]}',
    readinessText: diagnosticsOrProgress,
    readiness: GENERIC_READINESS,
    projectMarkers: ['Directory.Build.props', 'global.json', 'omnisharp.json'],
    args: ['-lsp'],
  },
  {
    name: 'kotlin-language-server',
    commands: ['kotlin-language-server'],
    config: '"kotlin": {"command": "kotlin-language-server"}',
    readinessText: diagnosticsOrProgress,
    readiness: GENERIC_READINESS,
    projectMarkers: ['settings.gradle.kts', 'settings.gradle', 'build.gradle.kts', 'build.gradle', 'pom.xml'],
  },
  {
    name: 'SourceKit-LSP',
    commands: ['sourcekit-lsp'],
    config: '"swift": {"command": "sourcekit-lsp"}',
    readinessText: diagnosticsOrProgress,
    readiness: GENERIC_READINESS,
    projectMarkers: ['Package.swift', 'compile_commands.json'],
  },
  {
    name: 'Metals',
    commands: ['metals'],
    config: '"scala": {"command": "metals"}',
    readinessText: diagnosticsOrProgress,
    readiness: GENERIC_READINESS,
    projectMarkers: ['build.sbt', 'build.sc', 'build.mill'],
  },
  {
    name: 'ZLS',
    commands: ['zls'],
    config: '"zig": {"command": "zls"}',
    readinessText: 'at once (it analyses files on demand and has no project loading)',
    readiness: [{ kind: 'immediate' }],
    projectMarkers: ['build.zig', 'zls.json'],
  },
  {
    name: 'ElixirLS',
    commands: ['elixir-ls', 'language_server.sh'],
    config: '"elixir": {"command": "elixir-ls"}',
    readinessText: diagnosticsOrProgress,
    readiness: GENERIC_READINESS,
    projectMarkers: ['mix.exs'],
  },
  {
    name: 'ccls',
    commands: ['ccls'],
    config: '"cpp": {"command": "ccls"}',
    readinessText: '`$/progress` "indexing" ends (ccls sends the end at its next message: Locus wakes it)',
    readiness: [{ kind: 'progress', title: /index/i }],
    projectMarkers: ['compile_commands.json', '.ccls', 'CMakeLists.txt', 'Makefile'],
    quirks: {
      prepare: cclsPrepare,
      // Like clangd it re-reads only opened files and answers a definition with the header's declaration until
      // its index is built; and it reports its index's end only when a message wakes it.
      opensChangedFiles: true,
      answersBeforeReady: false,
      wakeWhileLoadingMs: 250,
    },
  },
  {
    name: 'python-lsp-server (pylsp)',
    commands: ['pylsp'],
    config: '"python": {"command": "pylsp"}',
    readinessText: 'at once (jedi reads files on demand); columns read as code points',
    readiness: [{ kind: 'immediate' }],
    projectMarkers: ['pyproject.toml', 'setup.py', 'setup.cfg', 'requirements.txt'],
    // pylsp 1.7 negotiates nothing (so UTF-16) but counts code points (docs/languages.md, "Any other server").
    quirks: { actualEncoding: 'utf-32' },
  },
  {
    name: 'YAML (yaml-language-server)',
    commands: ['yaml-language-server'],
    config: '"yaml": {"command": "yaml-language-server"}',
    readinessText: 'at once (it reads only the open file); no schema store, downloads refused',
    readiness: [{ kind: 'immediate' }],
    projectMarkers: [],
    args: ['--stdio'],
    quirks: {
      // The schema store (a catalogue fetched from schemastore.org) and Kubernetes CRDs are network lookups.
      settings: { yaml: { schemaStore: { enable: false }, kubernetesCRDStore: { enable: false } } },
      // A `# yaml-language-server: $schema=https://…` line in a workspace file would make it download: its HTTP
      // client (request-light, `http.proxy`) is pointed at a closed local port, so every download fails at once.
      offline: {
        settings: { http: { proxy: OFFLINE_PROXY, proxyStrictSSL: true } },
        env: { HTTP_PROXY: OFFLINE_PROXY, HTTPS_PROXY: OFFLINE_PROXY, http_proxy: OFFLINE_PROXY },
      },
    },
  },
  {
    name: 'JSON (vscode-langservers-extracted)',
    commands: ['vscode-json-language-server'],
    config: '"json": {"command": "vscode-json-language-server"}',
    readinessText: 'at once (it reads only the open file); schemas from files only',
    readiness: [{ kind: 'immediate' }],
    projectMarkers: [],
    args: ['--stdio'],
    quirks: {
      initializationOptions: { provideFormatter: true },
      extraCapabilities: saysItPulls,
      // A `"$schema": "https://…"` is then asked of Locus (vscode/content), which has no such method: no download.
      offline: { initializationOptions: { handledSchemaProtocols: ['file'] } },
    },
  },
  {
    name: 'CSS (vscode-langservers-extracted)',
    commands: ['vscode-css-language-server'],
    config: '"css": {"command": "vscode-css-language-server"}',
    readinessText: 'at once (it reads only the open file)',
    readiness: [{ kind: 'immediate' }],
    projectMarkers: [],
    args: ['--stdio'],
    quirks: {
      initializationOptions: { provideFormatter: true },
      extraCapabilities: saysItPulls,
      // Asked per language (css, scss, less) through workspace/configuration; without them it lints nothing.
      settings: { css: CSS_LINT, scss: CSS_LINT, less: CSS_LINT },
    },
  },
  {
    name: 'HTML (vscode-langservers-extracted)',
    commands: ['vscode-html-language-server'],
    config: '"html": {"command": "vscode-html-language-server"}',
    readinessText: 'at once (it reads only the open file)',
    readiness: [{ kind: 'immediate' }],
    projectMarkers: [],
    args: ['--stdio'],
    quirks: {
      initializationOptions: { provideFormatter: true, embeddedLanguages: { css: true, javascript: true } },
      extraCapabilities: saysItPulls,
    },
  },
];

/** The recipe of an executable (its last path segment), if any. */
export function recipeFor(command: string): ServerRecipe | undefined {
  const name = command.split(/[\\/]/).pop() ?? command;
  return RECIPES.find((recipe) => recipe.commands.includes(name));
}
