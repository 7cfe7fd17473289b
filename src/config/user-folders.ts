/**
 * The user's own folders Locus writes to (docs/workspace.md, "Building, caching and freshness"; docs/operations.md,
 * "The daemon"). A leaf module: the daemon's client, which must load almost nothing, finds its folder here too.
 */
import { homedir, platform } from 'node:os';
import path from 'node:path';

/**
 * The user cache folder of Locus: `$XDG_CACHE_HOME/locus` (when absolute), `~/Library/Caches/locus` on macOS,
 * `%LOCALAPPDATA%\locus\Cache` on Windows, else `~/.cache/locus`. `LOCUS_CACHE_DIR` and `index.cacheDir` come first
 * where the caller honours them.
 */
export function userCacheFolder(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'locus');
  if (platform() === 'darwin') return path.join(homedir(), 'Library', 'Caches', 'locus');
  if (platform() === 'win32') {
    const local = env.LOCALAPPDATA ?? path.join(homedir(), 'AppData', 'Local');
    return path.join(local, 'locus', 'Cache');
  }
  return path.join(homedir(), '.cache', 'locus');
}
