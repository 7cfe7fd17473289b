/**
 * Keeps language servers from answering out of stale files. Servers read files they have not opened
 * from disk and cache them; when an agent edits such a file outside Locus, the server must hear of it
 * (`workspace/didChangeWatchedFiles`). Before every request Locus compares the files and folders it
 * has seen with the disk — a stat per file, a listing per folder — and reports what was created,
 * changed or deleted. Checking at request time leaves no window in which a change has happened but has
 * not been reported. Long-lived processes (the MCP server) also watch the folders: while no watcher
 * has reported anything since the last sweep, the check costs nothing instead of a stat per file
 * (docs/performance.md, "freshness"); any watcher error turns watching off and every check sweeps.
 */
import { fileStamp, filesIn, watchFolder, type FolderWatch } from '../../workspace/files.js';
import path from 'node:path';
import type { FileChange } from '../../lsp/types.js';

const MAX_FILES = 2000;
const MAX_DIRS = 200;

/** Stat stamps of seen files and listings of their folders. */
export class FreshnessTracker {
  private readonly files = new Map<string, string>();
  private readonly dirs = new Map<string, Set<string>>();
  private changeCount = 0;
  /** Sweeps run so far (a stat per file each; for tests and the bench). */
  sweeps = 0;
  private readonly watchers: FolderWatch[] = [];
  /** Watching and nothing reported since the last sweep: the next check may skip it. */
  private quiet = false;

  /** `watch`: also watch the remembered folders (for long-lived processes; call close()). */
  constructor(private watching = false) {}

  /** Grows whenever a check finds changes: answers cached at one epoch are stale at a later one. */
  get epoch(): number {
    return this.changeCount;
  }

  /** Remembers a file (and its folder) as the server may now know it. */
  remember(absPath: string): void {
    if (this.files.has(absPath) || this.files.size >= MAX_FILES) return;
    this.files.set(absPath, fileStamp(absPath));
    const dir = path.dirname(absPath);
    if (!this.dirs.has(dir) && this.dirs.size < MAX_DIRS) {
      this.dirs.set(dir, filesIn(dir));
      this.watchDir(dir);
    }
    // A file of a folder that is not watched (past MAX_DIRS) can only be checked by sweeping.
    if (!this.dirs.has(dir)) this.stopWatching();
  }

  /** Locus itself changed files (an applied edit): a new epoch, whether or not a check sees them. */
  noteChange(): void {
    this.changeCount++;
  }

  /** Changes since the last check; skips the sweep while the watchers report nothing. */
  async changesSettled(): Promise<FileChange[]> {
    if (!this.watching) return this.changes();
    // One turn of the event loop delivers file events already queued (a write before this request).
    await new Promise((resolve) => setImmediate(resolve));
    if (this.quiet && this.watching) return [];
    this.quiet = true;
    return this.changes();
  }

  /** Closes the watchers (checks then always sweep). */
  close(): void {
    this.stopWatching();
  }

  private watchDir(dir: string): void {
    if (!this.watching) return;
    try {
      this.watchers.push(
        watchFolder(
          dir,
          () => (this.quiet = false),
          () => this.stopWatching(),
        ),
      );
      this.quiet = false;
    } catch {
      this.stopWatching();
    }
  }

  private stopWatching(): void {
    this.watching = false;
    this.quiet = false;
    for (const watcher of this.watchers.splice(0)) watcher.close();
  }

  /** Changes since the last check (and updates the remembered state). */
  changes(): FileChange[] {
    this.sweeps++;
    const changes: FileChange[] = [];
    for (const [file, stamp] of this.files) {
      const now = fileStamp(file);
      if (now === stamp) continue;
      this.files.set(file, now);
      changes.push({
        path: file,
        kind: now === 'missing' ? 'deleted' : stamp === 'missing' ? 'created' : 'changed',
      });
    }
    for (const [dir, before] of this.dirs) {
      const now = filesIn(dir);
      for (const name of now) if (!before.has(name)) changes.push(this.created(path.join(dir, name)));
      for (const name of before)
        if (!now.has(name) && !this.files.has(path.join(dir, name)))
          changes.push({ path: path.join(dir, name), kind: 'deleted' });
      this.dirs.set(dir, now);
    }
    if (changes.length > 0) this.changeCount++;
    return changes;
  }

  private created(file: string): FileChange {
    if (this.files.size < MAX_FILES) this.files.set(file, fileStamp(file));
    return { path: file, kind: 'created' };
  }
}
