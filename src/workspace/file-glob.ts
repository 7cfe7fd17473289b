/**
 * Expands a glob over the workspace with a bounded walk. Stand-in until the workspace file index
 * (src/index/) exists: swap `expandGlob` for an index query then. Skips dot folders, node_modules
 * and the usual build folders; stops at `limit` files (the answer says so).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { compileGlob } from '../core/glob.js';

/** Characters that make an argument a glob rather than a locate string. */
export function isGlob(input: string): boolean {
  return /[*?[\]{}]/.test(input) && !input.includes('@');
}

const SKIPPED = new Set(['node_modules', 'dist', 'build', 'out', 'target', 'vendor', '__pycache__']);

/** Workspace-relative paths (with `/`) matching `pattern`, sorted; `truncated` when `limit` was reached. */
export function expandGlob(
  root: string,
  pattern: string,
  limit: number,
): { files: string[]; truncated: boolean } {
  const match = compileGlob(pattern, { dot: false });
  const files: string[] = [];
  const stack = [''];
  let visited = 0;
  while (stack.length > 0) {
    const rel = stack.pop() as string;
    let entries;
    try {
      entries = readdirSync(path.join(root, rel), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (++visited > limit * 200) return { files: files.sort(), truncated: true };
      const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && !SKIPPED.has(entry.name)) stack.push(child);
      } else if (entry.isFile() && match(child)) {
        files.push(child);
        if (files.length >= limit) return { files: files.sort(), truncated: true };
      }
    }
  }
  return { files: files.sort(), truncated: false };
}
