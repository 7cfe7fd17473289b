/**
 * The ignore files' rules as the walk applies them (docs/workspace.md, "Which files are indexed"): one level per
 * folder with a `.gitignore` or `.ignore` (`ignore` package), git's own excludes weakest at the root, the deepest
 * verdict winning. Ignore files are read as every repository file is (a FIFO or a huge one is refused).
 */
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { readTextOrUndefined } from '../workspace/read-file.js';

/** The ignore files a folder may hold. */
export const IGNORE_FILES: readonly string[] = ['.gitignore', '.ignore'];
/** An ignore file bigger than this is not read. */
const MAX_IGNORE_FILE_BYTES = 1024 * 1024;

/** The rules of one folder's ignore files; `base` is the folder (relative to the root, `''` for the root). */
export interface IgnoreLevel {
  base: string;
  rules: Ignore;
}

/** Git's rules beside the .gitignore files (global excludes, .git/info/exclude), as root levels. */
export function gitExcludeLevels(texts: readonly string[]): IgnoreLevel[] {
  return texts.map((text) => ({ base: '', rules: ignore({ allowRelativePaths: true }).add(text) }));
}

/** The ignore files among a folder's entries. */
export function ignoreFilesIn(entries: readonly { name: string; isFile(): boolean }[]): string[] {
  return IGNORE_FILES.filter((f) => entries.some((e) => e.name === f && e.isFile()));
}

/** The level of folder `dir` from its ignore files `names` (undefined when none can be read). */
export function ignoreLevel(root: string, dir: string, names: readonly string[]): IgnoreLevel | undefined {
  let rules: Ignore | undefined;
  for (const name of names) {
    // An unreadable ignore file ignores nothing.
    const text = readTextOrUndefined(path.join(root, dir, name), {
      maxBytes: MAX_IGNORE_FILE_BYTES,
      noFollow: true,
    });
    if (text !== undefined) rules = (rules ?? ignore({ allowRelativePaths: true })).add(text);
  }
  return rules ? { base: dir, rules } : undefined;
}

/** `base` levels, then those of `dir` and all its ancestors (the root first). */
export function ancestorLevels(root: string, dir: string, base: readonly IgnoreLevel[]): IgnoreLevel[] {
  const parts = dir === '' ? [] : dir.split('/');
  const levels: IgnoreLevel[] = [...base];
  for (let i = 0; i <= parts.length; i++) {
    const level = ignoreLevel(root, parts.slice(0, i).join('/'), IGNORE_FILES);
    if (level) levels.push(level);
  }
  return levels;
}

/** Whether the levels leave `rel` out: the last level with a verdict on it decides (a `!pattern` re-admits). */
export function ignoredByLevels(levels: readonly IgnoreLevel[], rel: string, isDir: boolean): boolean {
  let ignored = false;
  for (const level of levels) {
    const local = level.base === '' ? rel : rel.slice(level.base.length + 1);
    const verdict = level.rules.test(isDir ? `${local}/` : local);
    if (verdict.ignored) ignored = true;
    else if (verdict.unignored) ignored = false;
  }
  return ignored;
}
