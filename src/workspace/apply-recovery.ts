/**
 * Recovery of applies a crash interrupted (docs/security.md, "Apply journal"): a leftover journal is finished
 * (every new content on disk or staged) or rolled back. A journal names the process that owns it: the applies of a
 * live process are left alone — another Locus applying to the same root right now — and what a dead one left is
 * cleared, the temporary files it wrote its journal through included.
 */
import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { LIMIT_CEILINGS } from '../core/limits.js';
import { journalDir, journalPrefix, removeQuietly, rollBack, sha256, type Journal } from './apply-journal.js';
import { ownerAlive } from './process-owner.js';
import { readFileBytes } from './read-file.js';

/** The hash of a target as it is now; read the one safe way (a target swapped for a FIFO is not waited on). */
function contentHash(file: string): string | undefined {
  try {
    return sha256(readFileBytes(file, { maxBytes: LIMIT_CEILINGS.maxFileBytes + 4 }).bytes);
  } catch {
    return undefined;
  }
}

/** Finishes an interrupted commit when every new content is on disk or staged; else rolls it back. */
function recoverOne(journal: Journal): 'finished' | 'rolled-back' {
  const finishable =
    journal.state === 'committing' &&
    journal.entries.every((e) => existsSync(e.staged) || contentHash(e.target) === e.after);
  if (finishable) {
    for (const entry of journal.entries) {
      if (existsSync(entry.staged)) renameSync(entry.staged, entry.target);
      removeQuietly(entry.backup);
    }
    return 'finished';
  }
  rollBack(journal.entries);
  return 'rolled-back';
}

/**
 * Completes or undoes applies to `realRoot` that a crash interrupted, and removes the temporary journal files a
 * kill left; the applies of live processes (another Locus applying right now) are left alone. Returns what it did.
 */
export function recoverApplies(realRoot: string): {
  finished: number;
  rolledBack: number;
  stuck: number;
  active: number;
} {
  const done = { finished: 0, rolledBack: 0, stuck: 0, active: 0 };
  let names: string[];
  try {
    names = readdirSync(journalDir());
  } catch {
    return done;
  }
  const prefix = journalPrefix(realRoot);
  for (const name of names.filter((n) => n.startsWith(prefix))) {
    const file = path.join(journalDir(), name);
    const temp = /\.json\.([\d-]+)\.tmp$/.exec(name);
    if (temp) {
      if (!ownerAlive(temp[1])) removeQuietly(file);
    } else if (name.endsWith('.json')) {
      recoverJournal(file, realRoot, done);
    }
  }
  return done;
}

function recoverJournal(file: string, realRoot: string, done: ReturnType<typeof recoverApplies>): void {
  let journal: Journal;
  try {
    journal = JSON.parse(readFileSync(file, 'utf8')) as Journal;
  } catch {
    removeQuietly(file);
    return;
  }
  if (journal.root !== realRoot) return;
  if (ownerAlive(journal.owner)) {
    done.active++;
    return;
  }
  try {
    if (recoverOne(journal) === 'finished') done.finished++;
    else done.rolledBack++;
    removeQuietly(file);
  } catch {
    // Left for the next start (say, a directory that is read-only right now).
    done.stuck++;
  }
}
