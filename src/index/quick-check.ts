/**
 * How a process that loads the persisted index finds what changed since it was written without walking the tree
 * (docs/workspace.md, "Building, caching and freshness"): the cache lists every folder the walks listed with its
 * mtime and ignore files' stamps, and every file with its size and mtime. A folder whose mtime or ignore files
 * changed gained, lost or renamed an entry, or its rules changed: it is walked again, with everything below it. A
 * file in an unchanged folder is read again when its own size or mtime changed. So nothing is answered from a
 * stale entry, at the cost of one stat per folder and per file instead of a listing, ignore rules and a stat
 * per file.
 */
import path from 'node:path';
import { fileFacts } from '../workspace/files.js';
import type { CacheContents, FolderStamp } from './cache-format.js';
import type { ExtractJob } from './extract.js';
import type { Walker, WalkResult } from './walk.js';

/** What changed since the cache was written. */
export interface QuickCheck {
  /** Folders to walk again, each with everything below it (none of them below another). */
  dirty: string[];
  /** Files in unchanged folders whose size or mtime changed: to read again. */
  jobs: ExtractJob[];
  /** Files in unchanged folders that are gone. */
  gone: string[];
}

/** The folder of a file path relative to the root (`''` for the root). */
export function folderOf(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash < 0 ? '' : file.slice(0, slash);
}

/** True when `file` (or folder) is `dir` or inside it. */
export function isUnder(file: string, dir: string): boolean {
  return dir === '' || file === dir || file.startsWith(`${dir}/`);
}

/** Compares the cache's folders and files with the disk; `root` is the workspace root. */
export function quickCheck(root: string, walker: Walker, cached: CacheContents): QuickCheck {
  const folders = cached.folders ?? new Map<string, FolderStamp>();
  const changed = [...folders].filter(([dir, stamp]) => !walker.unchanged(dir, stamp)).map(([dir]) => dir);
  // A refused file that changed may be readable now: its folder is walked again.
  for (const [file, rejection] of cached.rejected) {
    const stats = statOf(path.join(root, file));
    if (!stats || stats.size !== rejection.size || stats.mtimeMs !== rejection.mtimeMs)
      changed.push(folderOf(file));
  }
  const dirty = outermost(changed);
  const jobs: ExtractJob[] = [];
  const gone: string[] = [];
  for (const entry of cached.entries.values()) {
    if (dirty.some((dir) => isUnder(entry.path, dir))) continue;
    const stats = statOf(path.join(root, entry.path));
    if (!stats) gone.push(entry.path);
    else if (stats.size !== entry.size || stats.mtimeMs !== entry.mtimeMs) {
      const walked = cached.walked?.get(entry.path);
      const file = {
        path: entry.path,
        size: stats.size,
        mtimeMs: stats.mtimeMs,
        language: walked?.language ?? entry.language,
        ...(walked?.fixed ? { languageFixed: true } : {}),
      };
      jobs.push({ file, knownHash: entry.hash });
    }
  }
  return { dirty, jobs, gone };
}

/** The folders of a list that are not inside another one of it. */
function outermost(dirs: readonly string[]): string[] {
  const unique = [...new Set(dirs)].sort();
  return unique.filter((dir) => !unique.some((other) => other !== dir && isUnder(dir, other)));
}

/** The size and stamp of a file as the walk records them (the later of mtime and ctime), or undefined. */
function statOf(file: string): { size: number; mtimeMs: number } | undefined {
  const facts = fileFacts(file);
  return facts?.isFile ? facts : undefined;
}

/** The folder stamps of the walks so far: a whole walk replaces them, a walk of a folder replaces that folder's. */
export class FolderStamps {
  private stamps = new Map<string, FolderStamp>();

  /** All of them (for the persisted cache). */
  get all(): ReadonlyMap<string, FolderStamp> {
    return this.stamps;
  }

  /** Takes the stamps of a cache. */
  load(stamps: ReadonlyMap<string, FolderStamp>): void {
    this.stamps = new Map(stamps);
  }

  /** Takes a walk's stamps (of the whole root, or of the folder `under`). */
  record(walked: WalkResult, whole: boolean, under = ''): void {
    if (whole) this.stamps = new Map();
    else for (const dir of [...this.stamps.keys()]) if (isUnder(dir, under)) this.stamps.delete(dir);
    for (const [dir, stamp] of walked.folders) this.stamps.set(dir, stamp);
  }
}
