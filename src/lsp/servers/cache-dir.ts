/**
 * Per-project cache folders for server state worth keeping between one-shot calls (clangd's compile database and
 * background index): `$LOCUS_CACHE_DIR/<server>/<project>` when set, else `$XDG_CACHE_HOME/locus/…` (default
 * `~/.cache/locus/…`). The project part is the folder name plus a hash of its absolute path. See
 * docs/verified-edits.md.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join, resolve } from 'node:path';

/** The base cache folder of Locus. */
export function locusCacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  if (env.LOCUS_CACHE_DIR) return resolve(env.LOCUS_CACHE_DIR);
  const xdg =
    env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.length > 0 ? env.XDG_CACHE_HOME : join(homedir(), '.cache');
  return join(resolve(xdg), 'locus');
}

/** Creates (if needed) and returns the cache folder of one server for one project root; undefined if impossible. */
export function projectCacheDir(
  server: string,
  root: string,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const abs = resolve(root);
  const key = `${basename(abs).replace(/[^\w.-]/g, '_') || 'root'}-${createHash('sha256').update(abs).digest('hex').slice(0, 16)}`;
  const dir = join(locusCacheRoot(env), server, key);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return dir;
  } catch {
    return undefined;
  }
}
