/**
 * The one list of folders no walk enters by default (docs/workspace.md, "Which files are indexed"): version
 * control, dependencies, virtual environments, caches and build output. The index's walk applies it (with the
 * ignore files and `index.include`/`index.exclude` on top), and so does the bounded scan for clangd's generated
 * compile database, so both agree on which sources a project has.
 */

/** Folders left out of every walk (the index's unless `index.include` names something inside them). */
export const DEFAULT_EXCLUDED_DIRS: ReadonlySet<string> = new Set([
  '.git',
  '.hg',
  '.svn',
  '.jj',
  'node_modules',
  'bower_components',
  '__pycache__',
  '.venv',
  'venv',
  '.tox',
  '.nox',
  '.mypy_cache',
  '.pytest_cache',
  '.ruff_cache',
  '.next',
  '.nuxt',
  '.svelte-kit',
  '.turbo',
  '.parcel-cache',
  '.gradle',
  '.idea',
  '.vscode',
  '.cache',
  'dist',
  'build',
  'out',
  'target',
  'coverage',
  'vendor',
  'Pods',
  '.terraform',
  '.dart_tool',
  'zig-cache',
  'zig-out',
]);
