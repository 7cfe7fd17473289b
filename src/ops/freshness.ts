/**
 * Keeps language servers from answering out of stale files. Servers read files they have not opened
 * from disk and cache them; when an agent edits such a file outside Locus, the server must hear of it
 * (`workspace/didChangeWatchedFiles`). Before every request Locus compares the files and folders it
 * has seen with the disk — a stat per file, a listing per folder — and reports what was created,
 * changed or deleted. Checking at request time (rather than with a watcher) leaves no window in which
 * a change has happened but has not been reported.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FileChange } from '../lsp/types.js';

const MAX_FILES = 2000;
const MAX_DIRS = 200;

/** Stat stamps of seen files and listings of their folders. */
export class FreshnessTracker {
  private readonly files = new Map<string, string>();
  private readonly dirs = new Map<string, Set<string>>();
  private changeCount = 0;

  /** Grows whenever a check finds changes: answers cached at one epoch are stale at a later one. */
  get epoch(): number {
    return this.changeCount;
  }

  /** Remembers a file (and its folder) as the server may now know it. */
  remember(absPath: string): void {
    if (this.files.has(absPath) || this.files.size >= MAX_FILES) return;
    this.files.set(absPath, stampOf(absPath));
    const dir = path.dirname(absPath);
    if (!this.dirs.has(dir) && this.dirs.size < MAX_DIRS) this.dirs.set(dir, listing(dir));
  }

  /** Changes since the last check (and updates the remembered state). */
  changes(): FileChange[] {
    const changes: FileChange[] = [];
    for (const [file, stamp] of this.files) {
      const now = stampOf(file);
      if (now === stamp) continue;
      this.files.set(file, now);
      changes.push({
        path: file,
        kind: now === 'missing' ? 'deleted' : stamp === 'missing' ? 'created' : 'changed',
      });
    }
    for (const [dir, before] of this.dirs) {
      const now = listing(dir);
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
    if (this.files.size < MAX_FILES) this.files.set(file, stampOf(file));
    return { path: file, kind: 'created' };
  }
}

function stampOf(file: string): string {
  try {
    const stats = statSync(file, { bigint: true });
    return `${stats.ino}:${stats.size}:${stats.mtimeNs}`;
  } catch {
    return 'missing';
  }
}

function listing(dir: string): Set<string> {
  try {
    return new Set(
      readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name),
    );
  } catch {
    return new Set();
  }
}
