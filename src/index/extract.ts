/**
 * One file → its index entry: read, hash, decode (binary and oversized files refused the way the
 * workspace refuses them), outline through the syntax layer, flattened to compact numbers.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { isLocusError } from '../core/errors.js';
import { headerLanguage, indexesSymbols, isAmbiguousHeader } from '../core/languages.js';
import { decodeText } from '../workspace/workspace.js';
import { readFileBytes } from '../workspace/read-file.js';
import { packSymbols } from './pack.js';
import { indexSymbols } from './skeleton.js';
import type { FileEntry, WalkedFile } from './types.js';

/** What became of one file. */
export type ExtractOutcome =
  | { kind: 'entry'; entry: FileEntry }
  /** The content hash equals the cached one: the cached symbols stand. */
  | { kind: 'same'; path: string; hash: string }
  | { kind: 'binary' | 'unreadable' | 'tooLarge'; path: string };

/** A job for a worker or the main thread. */
export interface ExtractJob {
  file: WalkedFile;
  /** Hash of the cached entry, when there is one whose size or mtime disagree. */
  knownHash?: string;
}

/** Sha1 of file bytes, base64 (a cache key, not a security measure). */
export function contentHash(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('base64');
}

/**
 * True when the file's bytes contain one of `needles` (UTF-8 names) not inside a longer word — no
 * ASCII letter, digit or `_` right before or after it — or when it cannot be told (unreadable, over
 * the limit: the extraction then reports why). A cheap test before parsing: a declared name is
 * spelled in its file as a whole token (`$` and non-ASCII neighbours are allowed, which keeps the
 * test a superset).
 */
export function fileMentions(
  root: string,
  filePath: string,
  needles: readonly Buffer[],
  maxBytes: number,
): boolean {
  let bytes: Buffer;
  try {
    bytes = readFileBytes(path.join(root, filePath), { maxBytes, noFollow: true }).bytes;
  } catch {
    return true;
  }
  return needles.some((needle) => containsWord(bytes, needle));
}

/**
 * The jobs whose file spells one of `names` (`fileMentions`), in order; `onDropped` hears each one left out.
 * Reads every candidate's bytes, so it lets other calls run between files every 20 ms.
 */
export async function jobsSpelling(
  jobs: readonly ExtractJob[],
  names: readonly string[],
  options: { root: string; maxBytes: number; onDropped: () => void },
): Promise<ExtractJob[]> {
  const needles = names.map((name) => Buffer.from(name));
  const kept: ExtractJob[] = [];
  let slice = Date.now();
  for (const job of jobs) {
    if (Date.now() - slice > 20) {
      await new Promise((resolve) => setImmediate(resolve));
      slice = Date.now();
    }
    if (fileMentions(options.root, job.file.path, needles, options.maxBytes)) kept.push(job);
    else options.onDropped();
  }
  return kept;
}

function containsWord(bytes: Buffer, needle: Buffer): boolean {
  // Only an edge of the name that is itself a word character needs a boundary (`foo?`, `operator+`).
  const checkBefore = isWordByte(needle[0]);
  const checkAfter = isWordByte(needle[needle.length - 1]);
  for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) {
    if (checkBefore && isWordByte(bytes[at - 1])) continue;
    if (checkAfter && isWordByte(bytes[at + needle.length])) continue;
    return true;
  }
  return false;
}

function isWordByte(byte: number | undefined): boolean {
  if (byte === undefined) return false;
  return (
    (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57) || byte === 95
  );
}

/** True when an entry of this language can stand for the walked file (a `.h` is C, C++ or Objective-C by its text). */
export function languageFits(entryLanguage: string, file: WalkedFile): boolean {
  if (entryLanguage === file.language) return true;
  return (
    !file.languageFixed &&
    isAmbiguousHeader(file.path) &&
    (entryLanguage === 'c' || entryLanguage === 'cpp' || entryLanguage === 'objc')
  );
}

/** Extracts one file's symbols. */
export async function extractFile(root: string, job: ExtractJob, maxBytes: number): Promise<ExtractOutcome> {
  const { file } = job;
  let bytes: Buffer;
  try {
    // The safe reader: a file swapped for a FIFO or device since the walk is refused, not waited on.
    bytes = readFileBytes(path.join(root, file.path), { maxBytes, noFollow: true }).bytes;
  } catch (error) {
    return {
      kind: isLocusError(error) && error.code === 'LIMIT_EXCEEDED' ? 'tooLarge' : 'unreadable',
      path: file.path,
    };
  }
  const hash = contentHash(bytes);
  if (job.knownHash === hash) return { kind: 'same', path: file.path, hash };
  let text: string;
  try {
    text = decodeText(bytes, file.path, maxBytes).text;
  } catch {
    return { kind: 'binary', path: file.path };
  }
  // A `.h` that no configuration or evidence decided in the walk is C or C++ by its text, as for the file's own
  // outline (docs/languages.md).
  const language = isAmbiguousHeader(file.path) && !file.languageFixed ? headerLanguage(text) : file.language;
  // A data file (or Markdown) is indexed for `search`, without its keys (docs/workspace.md, "Which files are indexed").
  const symbols = indexesSymbols(language) ? await indexSymbols(language, text) : [];
  const entry = packSymbols({ ...file, language, size: bytes.length }, hash, text, symbols);
  return { kind: 'entry', entry };
}
