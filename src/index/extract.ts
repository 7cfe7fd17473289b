/**
 * One file → its index entry: read, hash, decode (binary and oversized files refused the way the
 * workspace refuses them), outline through the syntax layer, flattened to compact numbers.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LineIndex } from '../core/line-index.js';
import type { OutlineSymbol } from '../locate/outline.js';
import { extractOutline } from '../syntax/outline.js';
import { decodeText } from '../workspace/workspace.js';
import { KINDS, STRIDE, type FileEntry, type WalkedFile } from './types.js';

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

/** Extracts one file's symbols. */
export async function extractFile(root: string, job: ExtractJob, maxBytes: number): Promise<ExtractOutcome> {
  const { file } = job;
  let bytes: Buffer;
  try {
    bytes = readFileSync(path.join(root, file.path));
  } catch {
    return { kind: 'unreadable', path: file.path };
  }
  if (bytes.length > maxBytes) return { kind: 'tooLarge', path: file.path };
  const hash = contentHash(bytes);
  if (job.knownHash === hash) return { kind: 'same', path: file.path, hash };
  let text: string;
  try {
    text = decodeText(bytes, file.path, maxBytes).text;
  } catch {
    return { kind: 'binary', path: file.path };
  }
  const outline = await extractOutline(file.language, text);
  return { kind: 'entry', entry: packSymbols({ ...file, size: bytes.length }, hash, text, outline.symbols) };
}

/** Flattens an outline into a FileEntry (pre-order, with depths). */
export function packSymbols(
  file: WalkedFile,
  hash: string,
  text: string,
  symbols: readonly OutlineSymbol[],
): FileEntry {
  const names: string[] = [];
  const values: number[] = [];
  const lines = new LineIndex(text);
  const visit = (list: readonly OutlineSymbol[], depth: number): void => {
    for (const s of list) {
      names.push(s.name);
      const kind = KINDS.indexOf(s.kind);
      values.push(kind < 0 ? 0 : kind, depth, lines.toPosition(s.nameSpan.start).line);
      values.push(s.nameSpan.start, s.nameSpan.end, s.fullSpan.start, s.fullSpan.end);
      visit(s.children, depth + 1);
    }
  };
  visit(symbols, 0);
  if (values.length !== names.length * STRIDE) throw new Error('index entry layout mismatch');
  return {
    path: file.path,
    size: file.size,
    mtimeMs: file.mtimeMs,
    hash,
    language: file.language,
    names,
    data: Int32Array.from(values),
  };
}
