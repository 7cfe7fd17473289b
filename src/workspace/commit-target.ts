/**
 * The last check before a planned change is written (docs/security.md, "Apply journal"): the real file behind any
 * symlink, still inside the root, still as planned, writable unless forced; its mode and owner go along.
 */
import { accessSync, constants, realpathSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { LocusError } from '../core/errors.js';
import { clip } from '../core/limits.js';
import type { CommitFile } from './apply-journal.js';
import { readTextOrUndefined } from './read-file.js';

/** What a planned change must say about its file. */
export interface PlannedChange {
  absPath: string;
  /** As the caller named it (for messages). */
  file_path: string;
  before: string;
  after: string;
  hadBom: boolean;
}

/**
 * Where and how one change is written: through symlinks to the real file (inside the root only),
 * with its mode and owner, refused when read-only unless forced, and only if still as planned.
 */
export function commitTarget(realRoot: string, change: PlannedChange, force: boolean): CommitFile {
  let target: string;
  let stats: Stats;
  try {
    target = realpathSync.native(change.absPath);
    stats = statSync(target);
  } catch {
    throw changedSince(change);
  }
  const rel = path.relative(realRoot, target);
  if (rel.startsWith('..') || path.isAbsolute(rel)) {
    throw new LocusError(
      'OUTSIDE_WORKSPACE',
      `${clip(change.file_path)} links outside the workspace; not written.`,
      {
        hint: 'Locus writes only files inside the workspace root.',
      },
    );
  }
  // Bounded like every read: a file swapped for a huge one since the plan is simply "changed".
  const max = Buffer.byteLength(change.before, 'utf8') + 4;
  if (stats.size > max || readTextOrUndefined(target, { maxBytes: max }) !== change.before)
    throw changedSince(change);
  if (!force && !writable(target, stats.mode)) {
    throw new LocusError('READ_ONLY', `${clip(change.file_path)} is read-only; nothing was written.`, {
      hint: 'Make the file writable, or force the apply.',
      advice: [{ kind: 'force' }],
    });
  }
  const text = (change.hadBom ? '\uFEFF' : '') + change.after;
  return { target, text, mode: stats.mode, uid: stats.uid, gid: stats.gid };
}

/** Read-only means no write bit for anyone, or no write access for this user. */
function writable(file: string, mode: number): boolean {
  if ((mode & 0o222) === 0) return false;
  try {
    accessSync(file, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function changedSince(change: PlannedChange): LocusError {
  return new LocusError(
    'FILE_CHANGED',
    `${clip(change.file_path)} changed since the edit was computed; nothing was written.`,
    { hint: 'Preview the edit again.' },
  );
}
