/**
 * Crash-safe multi-file writes (docs/security.md, "Apply journal"). New contents are staged next to
 * their targets, a journal naming every staged file is written before the first rename, and each
 * target is kept as a hard-linked backup until all renames are done. The next Locus start that can
 * apply finds a leftover journal and finishes the apply (every staged file present) or rolls it back.
 * A journal (and the temporary file it is written through) names the process that owns it; recovery
 * (apply-recovery.ts) reads it back.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chownSync, copyFileSync, existsSync, linkSync, mkdirSync, renameSync, unlinkSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { LocusError } from '../core/errors.js';
import { clip } from '../core/limits.js';
import { writeFileAtomically, writeNewFile } from './atomic-write.js';
import { ownerOf } from './process-owner.js';

/** One file to replace: its real path, new bytes, and the mode/owner to keep. */
export interface CommitFile {
  target: string;
  text: string;
  mode: number;
  uid: number;
  gid: number;
}

/** Writes a staged file; replaceable in tests to inject a failing disk. */
export type FileWriter = (stagedPath: string, text: string, mode: number) => void;

/** One file of an apply: its target, staged new content and backup of the old. */
export interface JournalEntry {
  target: string;
  staged: string;
  backup: string;
  /** sha256 of the content the apply writes. */
  after: string;
}

/** What an apply writes down before its first rename (recovery reads it back). */
export interface Journal {
  version: 1;
  root: string;
  state: 'staging' | 'committing';
  entries: JournalEntry[];
  /** The process applying (`ownerOf`); absent in journals of older versions, which count as abandoned. */
  owner?: string;
}

/** The sha256 of some content, in hex. */
export const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** Where journals live: `$LOCUS_STATE_DIR`, else `$XDG_STATE_HOME/locus`, else `~/.local/state/locus`. */
export function journalDir(): string {
  const explicit = process.env.LOCUS_STATE_DIR;
  if (explicit) return explicit;
  const state = process.env.XDG_STATE_HOME || path.join(homedir(), '.local', 'state');
  return path.join(state, 'locus');
}

/** The start of the names of a root's journals. */
export function journalPrefix(realRoot: string): string {
  return `apply-${sha256(realRoot).slice(0, 16)}-`;
}

/**
 * Test hooks: `LOCUS_TEST_CRASH_AFTER=N` kills the process (SIGKILL) at the N-th step of an apply,
 * `LOCUS_TEST_CRASH_WRITING_JOURNAL=N` at the N-th journal write, between its temporary file and the rename.
 */
function crashPoints(): { step: () => void; journal: () => void } {
  const after = (variable: string): (() => void) => {
    const limit = Number(process.env[variable]);
    let count = 0;
    const valid = Number.isSafeInteger(limit) && limit >= 1;
    return () => void (valid && ++count >= limit && process.kill(process.pid, 'SIGKILL'));
  };
  return { step: after('LOCUS_TEST_CRASH_AFTER'), journal: after('LOCUS_TEST_CRASH_WRITING_JOURNAL') };
}

/** The default writer: exclusive create, content, fsync. */
const durableWriter: FileWriter = (staged, text, mode) => writeNewFile(staged, text, { mode, durable: true });

/**
 * Writes the journal atomically through a temporary file named after its owner (`<journal>.<owner>.tmp`), so the
 * next recovery removes one a kill left behind, and only when its owner is gone.
 */
function saveJournal(file: string, journal: Journal, crash: () => void): void {
  writeFileAtomically(file, JSON.stringify(journal), {
    durable: true,
    temporary: `${file}.${journal.owner ?? process.pid}.tmp`,
    beforeRename: crash,
  });
}

/** Removes a file that may already be gone. */
export function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone: nothing to clean.
  }
}

function sideFile(target: string, id: string, kind: 'new' | 'old'): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.locus-${id}.${kind}`);
}

/**
 * Replaces every file or none (even across a crash, once recovered). `keepOwner` false lets a
 * forced apply proceed when the owner cannot be kept.
 */
export function commitFiles(
  realRoot: string,
  files: readonly CommitFile[],
  options: { write?: FileWriter; keepOwner?: boolean } = {},
): void {
  const write = options.write ?? durableWriter;
  const crash = crashPoints();
  const id = randomBytes(6).toString('hex');
  mkdirSync(journalDir(), { recursive: true });
  const journalFile = path.join(journalDir(), `${journalPrefix(realRoot)}${id}.json`);
  const entries = files.map((f) => ({
    target: f.target,
    staged: sideFile(f.target, id, 'new'),
    backup: sideFile(f.target, id, 'old'),
    after: sha256(f.text),
  }));
  const owner = ownerOf(process.pid);
  const journal: Journal = {
    version: 1,
    root: realRoot,
    state: 'staging',
    entries,
    ...(owner ? { owner } : {}),
  };
  stage(journalFile, journal, files, { write, keepOwner: options.keepOwner !== false, crash });
  swap(journalFile, entries, crash.step);
  // Backups first: a kill between the two leaves a committed journal, which recovery finishes (and clears),
  // instead of backups no journal names any more.
  for (const entry of entries) removeQuietly(entry.backup);
  crash.step();
  removeQuietly(journalFile);
}

/** Journal first, then every staged file (flushed, mode and owner set), then the journal says `committing`. */
function stage(
  journalFile: string,
  journal: Journal,
  files: readonly CommitFile[],
  how: { write: FileWriter; keepOwner: boolean; crash: ReturnType<typeof crashPoints> },
): void {
  try {
    saveJournal(journalFile, journal, how.crash.journal);
    how.crash.step();
    files.forEach((file, i) => {
      const staged = (journal.entries[i] as JournalEntry).staged;
      how.write(staged, file.text, file.mode & 0o7777);
      keepOwnership(staged, file, how.keepOwner);
      how.crash.step();
    });
    saveJournal(journalFile, { ...journal, state: 'committing' }, how.crash.journal);
    how.crash.step();
  } catch (cause) {
    for (const entry of journal.entries) removeQuietly(entry.staged);
    removeQuietly(journalFile);
    throw writeFailed(cause, 'nothing was written');
  }
}

/** Per file: keep the old content as a backup, rename the staged file over the target. */
function swap(journalFile: string, entries: readonly JournalEntry[], step: () => void): void {
  try {
    for (const entry of entries) {
      backUp(entry.target, entry.backup);
      step();
      renameSync(entry.staged, entry.target);
      step();
    }
  } catch (cause) {
    rollBack(entries);
    removeQuietly(journalFile);
    throw writeFailed(cause, 'every file was restored');
  }
}

/** A hard link costs nothing; a file system without them gets a copy. */
function backUp(target: string, backup: string): void {
  try {
    linkSync(target, backup);
  } catch {
    copyFileSync(target, backup);
  }
}

function keepOwnership(staged: string, file: CommitFile, required: boolean): void {
  const uid = process.getuid?.();
  if (uid === undefined || (file.uid === uid && file.gid === process.getgid?.())) return;
  try {
    // A rename would hand the file to the current user; give the staged copy the original owner.
    chownSync(staged, file.uid, file.gid);
  } catch (cause) {
    if (!required) return;
    throw new LocusError(
      'READ_ONLY',
      `${clip(file.target)} belongs to another user; replacing it would change its owner.`,
      { hint: 'Apply as the file owner, or force the apply to accept the new owner.', cause },
    );
  }
}

function writeFailed(cause: unknown, outcome: string): LocusError {
  if (cause instanceof LocusError) return cause;
  const reason = (cause as NodeJS.ErrnoException).code ?? String(cause);
  return new LocusError('WRITE_FAILED', `Could not write every file (${clip(reason)}); ${outcome}.`, {
    hint: 'Check file permissions and disk space, then try again.',
    cause,
  });
}

/** Puts back every target that has a backup; removes staged files and backups. */
export function rollBack(entries: readonly JournalEntry[]): void {
  for (const entry of entries) {
    if (existsSync(entry.backup)) renameSync(entry.backup, entry.target);
    removeQuietly(entry.staged);
  }
}
