/**
 * Which files bash-language-server analyses in the background. Its `globPattern` (default
 * `**\/*@(.sh|.inc|.bash|.command)`) cannot see scripts without an extension (`bin/deploy` with a shebang,
 * bash-completion's `completions/ssh` with a modeline), so their functions are missing from cross-file definition
 * and references. Locus knows these files (shebang, modeline: docs/languages.md), so the pattern it gives the server
 * adds them by name to the default one — never every extension-less file, which the server would read as bash
 * (README, LICENSE, Makefile: false references). See docs/languages.md, "Bash: the server's files".
 */
import { isPlainObject } from '../config.js';
import type { LanguageServerConfig } from '../config.js';

/** The server's own default pattern (bash-language-server 5.8 `config.js`). */
export const BASH_DEFAULT_GLOB = '**/*@(.sh|.inc|.bash|.command)';
/** The server's default `backgroundAnalysisMaxFiles`: it analyses at most this many files in the background. */
const SERVER_MAX_FILES = 500;
/** At most this many scripts are named in the pattern (each is a regex the server tests every file against). */
export const MAX_LISTED_SCRIPTS = 500;
/** The server's default `backgroundAnalysisIgnore`. */
const SERVER_IGNORE = ['**/node_modules/**', '**/.git/**'];
/** Characters with a meaning in a fast-glob pattern: a path holding one is left out rather than escaped. */
const GLOB_SPECIAL = /[*?[\]{}()!@+,\\]/;

/**
 * The `bashIde` settings that make the server analyse `scripts` (paths relative to its root, found by their
 * content) besides its default extensions, or undefined when there is nothing to add or the user set the
 * pattern (`settings.bashIde.globPattern`, `initializationOptions.globPattern` or the `GLOB_PATTERN` variable).
 * The answer repeats the user's initialization options: a `workspace/configuration` answer replaces them.
 */
export function bashScriptSettings(
  scripts: readonly string[],
  entry: LanguageServerConfig,
): Record<string, unknown> | undefined {
  const userSettings = section(section(entry.settings).bashIde);
  const userInit = section(entry.initializationOptions);
  if (
    'globPattern' in userSettings ||
    'globPattern' in userInit ||
    entry.env?.GLOB_PATTERN !== undefined ||
    process.env.GLOB_PATTERN !== undefined
  )
    return undefined;
  const maxFiles = numberOr(userSettings.backgroundAnalysisMaxFiles ?? userInit.backgroundAnalysisMaxFiles);
  const listed = scripts
    .filter((path) => path !== '' && !GLOB_SPECIAL.test(path))
    .slice(0, Math.min(MAX_LISTED_SCRIPTS, maxFiles));
  if (listed.length === 0) return undefined;
  const bashIde: Record<string, unknown> = {
    ...userInit,
    globPattern: `{${BASH_DEFAULT_GLOB},${listed.join(',')}}`,
  };
  // With its default pattern the server skips hidden folders; with any other it walks them. Keep skipping them
  // unless a listed script lives in one or the user chose what to ignore.
  const hidden = listed.some((path) => path.startsWith('.') || path.includes('/.'));
  if (!hidden && !('backgroundAnalysisIgnore' in userSettings) && !('backgroundAnalysisIgnore' in userInit))
    bashIde.backgroundAnalysisIgnore = [...SERVER_IGNORE, '**/.*/**'];
  return { bashIde };
}

function section(value: unknown): Record<string, unknown> {
  return isPlainObject(value) ? value : {};
}

function numberOr(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : SERVER_MAX_FILES;
}
