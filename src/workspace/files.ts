/**
 * The one place where bytes on disk become text, and where Locus asks the disk about a file (docs/architecture.md,
 * "File boundary"): strict UTF-8 with the BOM removed (NOT_TEXT otherwise), coded errors for every failure, stamps
 * that change when a file does, and the containment check. The bytes themselves are read by `read-file.ts`.
 */
import { readdirSync, realpathSync, statSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { LocusError } from '../core/errors.js';
import { clip, DEFAULT_LIMITS, limitExceeded } from '../core/limits.js';

/**
 * A file's identity, size, nanosecond mtime and ctime as one string ('missing' when it is gone): a change, a new
 * stamp. The ctime catches a file rewritten and given its old mtime back (`touch -r`): nothing can set it back.
 */
export function fileStamp(absPath: string): string {
  try {
    const stats = statSync(absPath, { bigint: true });
    return `${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
  } catch {
    return 'missing';
  }
}

/**
 * Size, kind and change time of a path, or undefined when nothing is there. `mtimeMs` is the later of the mtime and
 * the ctime: a rewrite that restores the old mtime (`touch -r`) still moves it.
 */
export function fileFacts(absPath: string): { size: number; mtimeMs: number; isFile: boolean } | undefined {
  const stats = statSync(absPath, { throwIfNoEntry: false });
  return stats && { size: stats.size, mtimeMs: changeTimeMs(stats), isFile: stats.isFile() };
}

/** The later of a file's mtime and ctime, in milliseconds: what the index keys a file's content by. */
export function changeTimeMs(stats: { mtimeMs: number; ctimeMs: number }): number {
  return Math.max(stats.mtimeMs, stats.ctimeMs);
}

/** Names of the regular files in a folder (empty when it cannot be listed). */
export function filesIn(dir: string): Set<string> {
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

/** A folder being watched; close it when done. */
export type FolderWatch = Pick<FSWatcher, 'close'>;

/**
 * Watches one folder (not recursively) until closed: `onChange` on any event, `onError` once watching fails
 * (the watch is closed by then). Throws when the folder cannot be watched at all.
 */
export function watchFolder(dir: string, onChange: () => void, onError: () => void): FolderWatch {
  const watcher = watch(dir, { persistent: false }, onChange);
  watcher.on('error', () => {
    watcher.close();
    onError();
  });
  return watcher;
}

/** The real path (symlinks resolved) of an existing path; throws like realpath. */
export function realPathOf(absPath: string): string {
  return realpathSync.native(absPath);
}

/** True when `absPath` is `root` or lies below it (lexically: callers resolve symlinks first where it matters). */
export function isInside(absPath: string, root: string): boolean {
  return !escapes(path.relative(root, absPath));
}

/** A failed stat/read as a coded error: missing → FILE_NOT_FOUND, no permission or a link loop → NOT_READABLE. */
export function accessError(cause: unknown, name: string, root: string): LocusError {
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES' || code === 'EPERM') {
    return new LocusError('NOT_READABLE', `${clip(name)} cannot be read (permission denied).`, {
      hint: 'Check the file permissions; Locus runs as the current user.',
      cause,
    });
  }
  if (code === 'ELOOP') {
    // A link loop (or a link where the reader follows none) exists but leads to no file: not "missing".
    return new LocusError(
      'NOT_READABLE',
      `${clip(name)} is a symlink that leads to no file (a loop); not read.`,
      {
        hint: 'Fix or remove the link.',
        cause,
      },
    );
  }
  if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ENAMETOOLONG') {
    return new LocusError('FILE_NOT_FOUND', `${clip(name)} does not exist in ${clip(root)}.`, {
      hint: 'Paths are relative to the workspace root; check the spelling.',
      advice: [{ kind: 'check-root' }],
      cause,
    });
  }
  return new LocusError('NOT_READABLE', `${clip(name)} cannot be read (${code ?? String(cause)}).`, {
    hint: 'The file system refused the read; check the file.',
    cause,
  });
}

export function tooBig(name: string, size: number, max: number): LocusError {
  return limitExceeded('maxFileBytes', `The size of ${clip(name)} in bytes`, size, max);
}

/** True when a relative path climbs out of its base. */
export function escapes(rel: string): boolean {
  return rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel);
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Decodes file bytes as UTF-8 text or throws NOT_TEXT. */
export function decodeText(
  bytes: Uint8Array,
  name: string,
  maxBytes = DEFAULT_LIMITS.maxFileBytes,
): { text: string; hadBom: boolean } {
  if (bytes.length > maxBytes) throw tooBig(name, bytes.length, maxBytes);
  if (bytes.includes(0)) {
    throw new LocusError('NOT_TEXT', `${clip(name)} looks binary (it contains NUL bytes).`, {
      hint: 'Locate in source files only.',
    });
  }
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch (cause) {
    throw new LocusError('NOT_TEXT', `${clip(name)} is not valid UTF-8.`, {
      hint: 'Locus reads UTF-8 text (with or without BOM).',
      cause,
    });
  }
  const hadBom = text.charCodeAt(0) === 0xfeff;
  return { text: hadBom ? text.slice(1) : text, hadBom };
}
