/**
 * A compile database for clangd. Without one clangd has no background index, and cross-file references and renames
 * silently miss files (the rename then breaks code). The project's own `compile_commands.json` (at the root or in
 * `build/`) is copied into the project's cache folder; otherwise one is generated there from the C/C++ sources found
 * under the root, with `-I` for every directory holding headers. clangd writes its index next to the database, so
 * the project tree stays untouched. A generated database reflects the files present when the server started.
 *
 * Finding those sources is the one folder walk besides the index's (docs/architecture.md, "File boundary"): it runs
 * when clangd starts, long before an index may exist, reads names only (no file), skips the folders every walk
 * skips (workspace/excluded-folders.ts) and stops at MAX_FILES sources. The project's own database is read the one
 * safe way (docs/security.md, "Reading files"), off the main thread: a FIFO, a device, a link out of the root or a
 * database over 128 MiB counts as none. The copy is private (0600), written atomically.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isHeaderPath, translationUnitLanguage } from '../../core/languages.js';
import { writeFileAtomically } from '../../workspace/atomic-write.js';
import { DEFAULT_EXCLUDED_DIRS } from '../../workspace/excluded-folders.js';
import { readFileBytesAsync } from '../../workspace/read-file.js';

/** The biggest project database copied (big projects have tens of megabytes: the Linux kernel's is about 30 MB). */
export const MAX_COMPILE_DB_BYTES = 128 * 1024 * 1024;
const MAX_FILES = 20_000;
const MAX_INCLUDE_DIRS = 200;

/** Writes `compile_commands.json` into `outDir` (copied or generated); returns whether it was generated. */
export async function prepareCompileCommands(
  root: string,
  outDir: string,
): Promise<{ generated: boolean; files: number }> {
  mkdirSync(outDir, { recursive: true, mode: 0o700 });
  for (const candidate of [
    join(root, 'compile_commands.json'),
    join(root, 'build', 'compile_commands.json'),
  ]) {
    const own = await projectDatabase(candidate, root);
    if (own !== undefined) {
      writeIfChanged(join(outDir, 'compile_commands.json'), own);
      return { generated: false, files: -1 };
    }
  }
  const { sources, includeDirs } = scan(root);
  const includes = [root, ...includeDirs.filter((d) => d !== root)]
    .slice(0, MAX_INCLUDE_DIRS)
    .map((d) => `-I${d}`);
  const entries = sources.map((file) => {
    const cpp = translationUnitLanguage(file) === 'cpp';
    const compiler = cpp ? ['clang++', '-std=c++17'] : ['clang', '-std=c17'];
    return { directory: root, file, arguments: [...compiler, ...includes, '-c', file] };
  });
  writeIfChanged(join(outDir, 'compile_commands.json'), Buffer.from(JSON.stringify(entries, null, 1)));
  return { generated: true, files: entries.length };
}

/** The bytes of the project's database at `file`, or undefined when there is none that may be read. */
async function projectDatabase(file: string, root: string): Promise<Buffer | undefined> {
  if (!existsSync(file)) return undefined;
  try {
    return (await readFileBytesAsync(file, { maxBytes: MAX_COMPILE_DB_BYTES, within: root })).bytes;
  } catch {
    return undefined;
  }
}

function scan(root: string): { sources: string[]; includeDirs: string[] } {
  const sources: string[] = [];
  const includeDirs: string[] = [];
  const stack = [root];
  while (stack.length > 0 && sources.length < MAX_FILES) {
    const dir = stack.pop() as string;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    let hasHeader = false;
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.isDirectory()) {
        if (!DEFAULT_EXCLUDED_DIRS.has(entry.name)) stack.push(join(dir, entry.name));
        continue;
      }
      if (!entry.isFile()) continue;
      if (isHeaderPath(entry.name)) hasHeader = true;
      else if (translationUnitLanguage(entry.name) !== undefined) sources.push(join(dir, entry.name));
    }
    if (hasHeader) includeDirs.push(dir);
  }
  return { sources, includeDirs };
}

/**
 * Leaves an identical database untouched, so clangd's kept index stays valid across starts; otherwise replaces it
 * atomically with a private file (0600, whatever the source's mode): clangd may be reading the previous database
 * while another Locus process writes this one.
 */
function writeIfChanged(file: string, bytes: Buffer): void {
  try {
    if (readFileSync(file).equals(bytes)) return;
  } catch {
    // Not there yet.
  }
  writeFileAtomically(file, bytes);
}
