/**
 * The ignore rules git applies beside `.gitignore` files, read without running git (docs/workspace.md, "Which
 * files are indexed"): the user's global excludes file (`core.excludesFile` in their git config, by default
 * `$XDG_CONFIG_HOME/git/ignore`) and the repository's `.git/info/exclude`, weakest first. The user's own git
 * config is theirs, not the workspace's: only its `core.excludesFile` value is read, never executed.
 */
import { homedir } from 'node:os';
import path from 'node:path';
import { readTextOrUndefined } from '../workspace/read-file.js';

const MAX_EXCLUDES_BYTES = 1024 * 1024;

/** The text of each excludes file that exists, in git's order of precedence (later wins). */
export function gitExcludeTexts(root: string, env: NodeJS.ProcessEnv = process.env): string[] {
  // The repository's own file is metadata of an untrusted tree: it must not lead out of the root.
  const texts = [
    readSmall(globalExcludesFile(env)),
    readSmall(path.join(root, '.git', 'info', 'exclude'), root),
  ];
  return texts.filter((text) => text !== undefined);
}

function globalExcludesFile(env: NodeJS.ProcessEnv): string {
  const home = env.HOME ?? homedir();
  const xdg = env.XDG_CONFIG_HOME || path.join(home, '.config');
  // git reads $XDG_CONFIG_HOME/git/config, then ~/.gitconfig: the last value set wins.
  let configured: string | undefined;
  for (const config of [path.join(xdg, 'git', 'config'), path.join(home, '.gitconfig')]) {
    const text = readSmall(config);
    const value = text === undefined ? undefined : coreExcludesFile(text);
    if (value !== undefined) configured = value;
  }
  if (configured === undefined) return path.join(xdg, 'git', 'ignore');
  if (configured === '~' || configured.startsWith('~/')) return path.join(home, configured.slice(1));
  return path.isAbsolute(configured) ? configured : path.join(home, configured);
}

/** `excludesFile` of the `[core]` section (keys are case-insensitive; quotes and comments stripped). */
export function coreExcludesFile(config: string): string | undefined {
  let section = '';
  let value: string | undefined;
  for (const raw of config.split(/\r?\n/)) {
    const line = raw.trim();
    const header = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"[^"]*")?\s*\]/.exec(line);
    if (header) {
      section = (header[1] as string).toLowerCase();
      continue;
    }
    const entry = /^excludesfile\s*=\s*(.*)$/i.exec(line);
    if (section !== 'core' || !entry) continue;
    const unquoted = /^"((?:[^"\\]|\\.)*)"/.exec(entry[1] as string);
    value = unquoted ? (unquoted[1] as string) : (entry[1] as string).replace(/\s*[#;].*$/, '').trim();
  }
  return value === '' ? undefined : value;
}

/**
 * A file's text when it is a small regular file (config and excludes files are tiny; anything else, a FIFO or
 * a device included, is ignored), read the one safe way; `within`: the folder it must not lead out of.
 */
function readSmall(file: string, within?: string): string | undefined {
  return readTextOrUndefined(file, {
    maxBytes: MAX_EXCLUDES_BYTES,
    ...(within === undefined ? {} : { within }),
  });
}
