/**
 * The one way Locus replaces a file it owns as a whole (docs/architecture.md, "File boundary"): the new content goes
 * to a temporary file created exclusively beside the target (mode 0600 unless told otherwise), is flushed to disk
 * when it must survive a crash, and is renamed over the target. A reader — another Locus process too — sees the
 * whole old file or the whole new one, never a mix. The apply journal, the index and outline caches and clangd's
 * compile database are written this way; the journal's staged copies of workspace files use `writeNewFile`.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/** How a file is written. */
export interface WriteOptions {
  /** Permission bits of the new file (default 0600: caches and journals are the user's alone). */
  mode?: number;
  /** Flush the content to disk before it replaces the old file (journals: it must survive a crash). */
  durable?: boolean;
}

/** How a file is replaced: how it is written, and where its temporary copy goes. */
export interface ReplaceOptions extends WriteOptions {
  /** The temporary file's path (default: beside the target, named after the process and a random suffix). */
  temporary?: string;
  /** Runs between the temporary file's write and the rename (the apply journal's crash test hook). */
  beforeRename?: () => void;
}

/**
 * Creates `file`, which must not exist yet, with `data` (exclusive create, so a link planted at that name is never
 * followed); flushed to disk with `durable`.
 */
export function writeNewFile(file: string, data: string | Uint8Array, options: WriteOptions = {}): void {
  const fd = openSync(file, 'wx', options.mode ?? 0o600);
  try {
    if (typeof data === 'string') writeSync(fd, data);
    else writeSync(fd, data);
    if (options.durable === true) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Replaces `file` with `data` through a temporary file renamed into place; creates the folder (0700) when missing.
 * Throws the file system's error, having removed the temporary file.
 */
export function writeFileAtomically(
  file: string,
  data: string | Uint8Array,
  options: ReplaceOptions = {},
): void {
  const temporary = options.temporary ?? `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeNewFile(temporary, data, options);
    options.beforeRename?.();
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
