/** The project root of a file: the nearest ancestor (inside the workspace) holding one of the adapter's markers. */
import { fileFacts, isInside } from '../workspace/files.js';
import { dirname, join } from 'node:path';

/** Nearest directory from the file's up to `workspaceRoot` containing a marker; else `workspaceRoot`. */
export function findProjectRoot(absPath: string, workspaceRoot: string, markers: readonly string[]): string {
  if (markers.length === 0 || !isInside(absPath, workspaceRoot)) return workspaceRoot;
  let dir = dirname(absPath);
  for (;;) {
    if (markers.some((marker) => fileFacts(join(dir, marker)) !== undefined)) return dir;
    if (dir === workspaceRoot) return workspaceRoot;
    const parent = dirname(dir);
    if (parent === dir || !isInside(parent, workspaceRoot)) return workspaceRoot;
    dir = parent;
  }
}
