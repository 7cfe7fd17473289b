/**
 * Which workspace files a glob names (docs/workspace.md, "Which files are indexed"): the index's file list, one
 * for every operation — so `diagnostics "src/**\/*.py"`, `find_symbol` with a path, `search` and workspace-wide locate
 * strings agree on which files exist (the same ignore files and excluded folders). A glob is relative to the root,
 * `/`-separated, and matches dot files too; `*` alone is every file. Globs run in linear time (core/glob.ts).
 */
import { compileGlob } from '../../core/glob.js';
import type { IndexAccess } from './index-access.js';

/** Whether a workspace-relative path matches `glob` (`*`: every file). */
export function globMatcher(glob: string): (file: string) => boolean {
  return glob === '*' ? () => true : compileGlob(glob, { dot: true });
}

/** The files `glob` matches, in path order, at most `limit` (`truncated` when more matched). */
export async function filesMatching(
  index: IndexAccess,
  glob: string,
  limit: number,
): Promise<{ files: string[]; truncated: boolean }> {
  const matches = (await index.files()).filter(globMatcher(glob));
  return { files: matches.slice(0, limit), truncated: matches.length > limit };
}
