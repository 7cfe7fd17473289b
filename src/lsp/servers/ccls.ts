/**
 * ccls, the alternative C/C++ server (`"cpp": {"command": "ccls"}`): like clangd it needs a compile database to
 * index more than the open file, and it writes its index (`.ccls-cache`) into the project unless told otherwise.
 * Both go to the per-project cache folder (cache-dir.ts), passed with `--init` (merged under the configured
 * `initializationOptions`).
 */
import { join } from 'node:path';
import type { PrepareContext } from './adapter.js';
import { projectCacheDir } from './cache-dir.js';
import { prepareCompileCommands } from './compile-commands.js';

/** The compile database and index folders of a ccls start, as its `--init` argument. */
export async function cclsPrepare({ root, tmpDir }: PrepareContext): Promise<string[]> {
  const dir = projectCacheDir('ccls', root) ?? join(tmpDir, 'ccls');
  prepareCompileCommands(root, dir);
  const init = { compilationDatabaseDirectory: dir, cache: { directory: join(dir, 'index') } };
  return [`--init=${JSON.stringify(init)}`];
}
