/**
 * Reading a file, the one way (docs/security.md, "Reading files"). Every read of a repository file — source or
 * metadata (config, ignore files, compile databases), in the faces, the index's workers or for a server — opens
 * the file non-blocking, checks the opened file with `fstat` (a regular file, under the byte bound), reads at most
 * the bound, and with `within` never follows a symlink out of a folder. So a FIFO, a device (`/dev/zero`) or a
 * file swapped for one after it was listed is a coded error at once, never a hang or an unbounded read.
 */
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { LocusError } from '../core/errors.js';
import { clip, DEFAULT_LIMITS } from '../core/limits.js';
import { accessError, decodeText, isInside, tooBig } from './files.js';

/** How `readFileBytes` reads one file. */
export interface ReadOptions {
  /** Bytes read at most: a bigger file is LIMIT_EXCEEDED (`maxFileBytes`) before a byte is read. */
  maxBytes: number;
  /** How messages name the file (default: its path). */
  name?: string;
  /**
   * The folder the file's real path must stay in (symlinks resolved): a link leading out of it is
   * OUTSIDE_WORKSPACE and never opened. A repository's metadata files are read with its root here.
   */
  within?: string;
  /** Refuse a symlink as the last component (the index reads the files its walk found, which follows no link). */
  noFollow?: boolean;
}

/** The bytes of a regular file and the `fstat` of the very file they were read from. */
export interface ReadBytes {
  bytes: Buffer;
  stats: Stats;
}

/**
 * The bytes of a regular file of at most `options.maxBytes`: opened non-blocking, checked with `fstat` on the
 * open descriptor (not a `stat` before, which a swap could outrun), read up to the bound (a file that grew past
 * it while being read is refused too). Throws coded errors only.
 */
export function readFileBytes(absPath: string, options: ReadOptions): ReadBytes {
  const name = options.name ?? absPath;
  let fd: number | undefined;
  let target: { path: string; real: boolean } | undefined;
  try {
    target = pathToOpen(absPath, options);
    fd = openSync(target.path, openFlags(target.real));
    const stats = fstatSync(fd);
    checkOpened(stats, name, options.maxBytes);
    const sink = new BoundedSink(stats.size, options.maxBytes, name);
    while (sink.more()) sink.took(readSync(fd, sink.buffer, sink.length, sink.room, sink.length));
    return { bytes: sink.bytes(), stats };
  } catch (cause) {
    throw readError(cause, name, absPath, target);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * `readFileBytes` on the thread pool (`fs/promises`), with the same checks: for callers that can wait, so a big
 * metadata file (a compile database) is read off the main thread.
 */
export async function readFileBytesAsync(absPath: string, options: ReadOptions): Promise<ReadBytes> {
  const name = options.name ?? absPath;
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  let target: { path: string; real: boolean } | undefined;
  try {
    target = pathToOpen(absPath, options);
    handle = await open(target.path, openFlags(target.real));
    const stats = await handle.stat();
    checkOpened(stats, name, options.maxBytes);
    const sink = new BoundedSink(stats.size, options.maxBytes, name);
    while (sink.more())
      sink.took((await handle.read(sink.buffer, sink.length, sink.room, sink.length)).bytesRead);
    return { bytes: sink.bytes(), stats };
  } catch (cause) {
    throw readError(cause, name, absPath, target);
  } finally {
    await handle?.close();
  }
}

/**
 * The text of a regular file of at most `maxBytes`, from any path (a server may name devices, FIFOs or huge
 * files outside the root: those are refused before a byte is read).
 */
export function readTextFile(
  absPath: string,
  name: string = absPath,
  maxBytes: number = DEFAULT_LIMITS.maxFileBytes,
): { text: string; hadBom: boolean } {
  return decodeText(readFileBytes(absPath, { maxBytes, name }).bytes, name, maxBytes);
}

/**
 * The text of a file read as `readFileBytes` reads it (default bound: `maxFileBytes`), or undefined when it is
 * gone, unreadable, not text, too big or outside `within`.
 */
export function readTextOrUndefined(absPath: string, options: Partial<ReadOptions> = {}): string | undefined {
  const maxBytes = options.maxBytes ?? DEFAULT_LIMITS.maxFileBytes;
  try {
    return decodeText(readFileBytes(absPath, { ...options, maxBytes }).bytes, absPath, maxBytes).text;
  } catch {
    return undefined;
  }
}

/** Bytes read from each end of a file to sniff its language. */
export const SNIFF_BYTES = 512;

/**
 * The one language sniffer's input (docs/languages.md, "One registry"): the first and the last `SNIFF_BYTES` of a
 * regular file, joined by a line break — where a shebang, an Emacs modeline (first two lines) or a vim/ex modeline
 * (first or last five lines) can be. Latin-1: every byte is one character and nothing can fail, and the markers
 * looked for are ASCII. Opened like `readFileBytes` (a FIFO or a device is never read); undefined when the file is
 * not a readable regular file.
 */
export function sniffText(absPath: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(absPath, openFlags(false));
    const stats = fstatSync(fd);
    if (!stats.isFile()) return undefined;
    const at = (offset: number): string => {
      const buffer = Buffer.alloc(Math.max(0, Math.min(SNIFF_BYTES, stats.size - offset)));
      return buffer.subarray(0, readSync(fd as number, buffer, 0, buffer.length, offset)).toString('latin1');
    };
    const head = at(0);
    return stats.size > SNIFF_BYTES
      ? `${head}\n${at(Math.max(SNIFF_BYTES, stats.size - SNIFF_BYTES))}`
      : head;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Non-blocking, so opening a FIFO returns at once instead of waiting for a writer; `O_NOFOLLOW` when the path is
 * already real, so a link swapped in after it was resolved is not followed.
 */
function openFlags(real: boolean): number {
  return constants.O_RDONLY | constants.O_NONBLOCK | (real ? constants.O_NOFOLLOW : 0);
}

/** The path to open: with `within`, the real path, checked to stay inside that folder; else the path as given. */
function pathToOpen(absPath: string, options: ReadOptions): { path: string; real: boolean } {
  if (options.within === undefined) return { path: absPath, real: options.noFollow === true };
  const real = realpathSync.native(absPath);
  if (!isInside(real, realpathSync.native(options.within))) {
    throw new LocusError(
      'OUTSIDE_WORKSPACE',
      `${clip(options.name ?? absPath)} leads outside ${clip(options.within)} (a symlink to ${clip(real)}); not read.`,
      { hint: 'Locus reads only files inside the workspace root, also through symlinks.' },
    );
  }
  return { path: real, real: true };
}

/** A failed open or read as a coded error; `O_NOFOLLOW` meeting a link is a link not followed, not a loop. */
function readError(cause: unknown, name: string, absPath: string, target?: { real: boolean }): LocusError {
  if (cause instanceof LocusError) return cause;
  if (target?.real === true && (cause as NodeJS.ErrnoException | undefined)?.code === 'ELOOP') {
    return new LocusError('NOT_READABLE', `${clip(name)} is a symlink where Locus follows none; not read.`, {
      hint: 'It was replaced by a link after Locus listed or resolved it; run the command again.',
      cause,
    });
  }
  return accessError(cause, name, path.dirname(absPath));
}

/** The checks on the opened file: a regular file (not a folder, device, FIFO or socket) and not too big. */
function checkOpened(stats: Stats, name: string, maxBytes: number): void {
  if (stats.isDirectory())
    throw new LocusError('NOT_TEXT', `${clip(name)} is a directory, not a file.`, {
      hint: 'Name a file inside it.',
    });
  if (!stats.isFile())
    throw new LocusError('NOT_TEXT', `${clip(name)} is not a regular file (a device, FIFO or socket).`, {
      hint: 'Locus reads regular files only.',
    });
  if (stats.size > maxBytes) throw tooBig(name, stats.size, maxBytes);
}

/**
 * The buffer a read fills: sized by `fstat` plus one byte (to notice a file that grew), grown while the file
 * keeps giving bytes, never past `max + 1`; one byte over `max` is LIMIT_EXCEEDED.
 */
class BoundedSink {
  buffer: Buffer;
  length = 0;
  private ended = false;

  constructor(
    size: number,
    private readonly max: number,
    private readonly name: string,
  ) {
    this.buffer = Buffer.allocUnsafe(Math.min(size, max) + 1);
  }

  /** Whether to read more (growing the buffer when it is full and the bound allows). */
  more(): boolean {
    if (this.ended) return false;
    if (this.length < this.buffer.length) return true;
    if (this.length > this.max) throw tooBig(this.name, this.length, this.max);
    const grown = Buffer.allocUnsafe(Math.min(this.buffer.length * 2, this.max + 1));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
    return true;
  }

  /** Bytes free in the buffer. */
  get room(): number {
    return this.buffer.length - this.length;
  }

  /** Records one read's count (0: end of file). */
  took(count: number): void {
    if (count === 0) this.ended = true;
    this.length += count;
  }

  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}
