/**
 * Change detection for long-lived processes: one non-recursive `fs.watch` per indexed folder
 * (recursive watching is not available on Linux in Node 20). An event marks its folder dirty; before
 * an answer, only dirty folders are walked again. Any doubt — a watcher error, too many folders, a
 * platform without watching — means a full stat sweep instead, so no answer rests on a missed event.
 */
import { watchFolder, type FolderWatch } from '../workspace/files.js';
import path from 'node:path';

/** Above this many folders, watchers are not worth their kernel resources: full sweeps instead. */
const MAX_WATCHED = 4096;

/** What the next sweep must look at. */
export interface SweepPlan {
  full: boolean;
  dirs: string[];
}

/** Watches the folders the walks report. */
export class DirectoryWatcher {
  private readonly watchers = new Map<string, FolderWatch>();
  private dirty = new Set<string>();
  /** The first look is a full sweep, which also reports every folder to track (unless `settled`). */
  private first = true;
  private broken = false;

  constructor(private readonly root: string) {}

  /** Watches these folders (relative to the root) from now on. */
  track(dirs: readonly string[]): void {
    if (this.broken) return;
    for (const dir of dirs) {
      if (this.watchers.has(dir)) continue;
      if (this.watchers.size >= MAX_WATCHED) return this.fail();
      try {
        const watcher = watchFolder(
          dir === '' ? this.root : path.join(this.root, dir),
          () => this.dirty.add(dir),
          () => {
            this.watchers.delete(dir);
            this.dirty.add(dir);
            this.dirty.add(parentOf(dir));
          },
        );
        this.watchers.set(dir, watcher);
      } catch (error) {
        // A folder gone since it was listed: its parent changed, and is looked at again.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') this.dirty.add(parentOf(dir));
        else return this.fail();
      }
    }
  }

  /**
   * The folders tracked so far are known to be as the index has them (a check against the persisted cache): the
   * first look is not a full sweep, only what changed since they were tracked.
   */
  settled(): void {
    this.first = false;
  }

  /** The folders changed since the last call (after letting pending events arrive). */
  async changes(): Promise<SweepPlan> {
    // Events for writes that finished before this call are queued in the kernel; one turn of the
    // event loop delivers them.
    await new Promise((resolve) => setImmediate(resolve));
    if (this.broken || this.first) {
      this.first = false;
      this.dirty = new Set();
      return { full: true, dirs: [] };
    }
    const dirs = [...this.dirty].sort();
    this.dirty = new Set();
    const roots = dirs.filter((d) => !dirs.some((o) => o !== d && (o === '' || d.startsWith(`${o}/`))));
    return roots.includes('') ? { full: true, dirs: [] } : { full: false, dirs: roots };
  }

  /** Stops every watcher. */
  close(): void {
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }

  private fail(): void {
    this.broken = true;
    this.close();
  }
}

function parentOf(dir: string): string {
  return dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '';
}
