/**
 * The persisted index's bytes (docs/workspace.md, "Building, caching and freshness"): a small JSON header, then the
 * numbers of every file as typed arrays and every string once in one UTF-8 block. Loading is a read, a handful of
 * array views and one split — no JSON of a 10 MB file, no base64, no copy of the symbols (each file's packed
 * symbols are a view into the file's buffer). Anything inconsistent is `undefined`: the caller rebuilds.
 */
import { isRecord } from '../core/records.js';
import { charMask } from './rank.js';
import type { BulkEntries } from './store.js';
import { STRIDE, type FileEntry, type SkipCounts } from './types.js';
import type { FolderStamp } from './walk.js';

export type { FolderStamp } from './walk.js';

const MAGIC = 'LOCUSIX6';

/** A file the index refused (binary, oversized, unreadable), remembered with its cache key. */
export interface Rejection {
  size: number;
  mtimeMs: number;
  kind: 'binary' | 'unreadable' | 'tooLarge';
}

const REJECTION_KINDS = new Set(['binary', 'unreadable', 'tooLarge']);

/** What a cache file holds. */
export interface CacheContents {
  entries: Map<string, FileEntry>;
  rejected: Map<string, Rejection>;
  /** The folders the last walks listed, when the cache has them (a one-shot load checks these, not a walk). */
  folders?: Map<string, FolderStamp>;
  /** The walk's rules (configuration and git's excludes) as they were: folders are trusted only when unchanged. */
  rules?: string;
  /** Per file path: the language the walk gave, where it differs from the entry's (a `.h` read as C++) or is fixed. */
  walked?: Map<string, { language: string; fixed: boolean }>;
  /** What the walks skipped (symbolic links, oversized and unreadable files). */
  skipped?: SkipCounts;
  /** The entries as a store loads them at once (a loaded cache only). */
  bulk?: BulkEntries;
}

/** What identifies the cache: format, version and root. */
export interface CacheIdentity {
  format: string;
  version: string;
  root: string;
}

interface Header extends CacheIdentity {
  files: number;
  symbols: number;
  names: number;
  rejected: [string, number, number, string][];
  folders?: [string, number, string][];
  rules?: string;
  walked?: [number, string, boolean][];
  prefixes?: [number, number[][]][];
  skipped?: SkipCounts;
}

/** The cache's bytes. */
export function encodeCache(identity: CacheIdentity, contents: CacheContents): Buffer {
  const entries = [...contents.entries.values()];
  const table = new Map<string, number>();
  const intern = (name: string): number => {
    let i = table.get(name);
    if (i === undefined) table.set(name, (i = table.size));
    return i;
  };
  const symbols = entries.reduce((sum, e) => sum + e.names.length, 0);
  const sizes = new Float64Array(entries.length * 2);
  const counts = new Uint32Array(entries.length);
  const data = new Int32Array(symbols * STRIDE);
  const nameIndexes = new Uint32Array(symbols);
  const prefixes: [number, number[][]][] = [];
  let at = 0;
  entries.forEach((entry, i) => {
    sizes[i * 2] = entry.size;
    sizes[i * 2 + 1] = entry.mtimeMs;
    counts[i] = entry.names.length;
    data.set(entry.data.subarray(0, entry.names.length * STRIDE), at * STRIDE);
    for (const name of entry.names) nameIndexes[at++] = intern(name);
    if (entry.prefixes) prefixes.push([i, entry.prefixes.map((list) => list.map(intern))]);
  });
  const header: Header = {
    ...identity,
    files: entries.length,
    symbols,
    names: table.size,
    rejected: [...contents.rejected].map(([p, r]) => [p, r.size, r.mtimeMs, r.kind]),
    ...(contents.folders
      ? { folders: [...contents.folders].map(([d, f]) => [d, f.mtimeMs, f.ignores]) }
      : {}),
    ...(contents.rules === undefined ? {} : { rules: contents.rules }),
    ...(contents.walked ? { walked: walkedOf(entries, contents.walked) } : {}),
    ...(prefixes.length > 0 ? { prefixes } : {}),
    ...(contents.skipped ? { skipped: contents.skipped } : {}),
  };
  const strings = Buffer.from(
    [
      ...entries.map((e) => e.path),
      ...entries.map((e) => e.hash),
      ...entries.map((e) => e.language),
      ...table.keys(),
    ].join('\0'),
    'utf8',
  );
  const head = Buffer.from(JSON.stringify(header), 'utf8');
  const headEnd = align(MAGIC.length + 4 + head.length);
  const masks = Int32Array.from(table.keys(), (name) => charMask(name.toLowerCase()));
  const parts = [sizes, counts, data, nameIndexes, masks].map((a) =>
    Buffer.from(a.buffer, a.byteOffset, a.byteLength),
  );
  const fixed = Buffer.alloc(headEnd);
  fixed.write(MAGIC, 0, 'latin1');
  fixed.writeUInt32LE(head.length, MAGIC.length);
  head.copy(fixed, MAGIC.length + 4);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(strings.length);
  // Each typed array starts 8-aligned: sizes (f64), then counts, data and names (4 bytes each; padded after counts).
  const pad = Buffer.alloc((8 - ((parts[1] as Buffer).length % 8)) % 8);
  return Buffer.concat([
    fixed,
    parts[0] as Buffer,
    parts[1] as Buffer,
    pad,
    ...parts.slice(2),
    length,
    strings,
  ]);
}

function walkedOf(
  entries: readonly FileEntry[],
  walked: ReadonlyMap<string, { language: string; fixed: boolean }>,
): [number, string, boolean][] {
  const out: [number, string, boolean][] = [];
  entries.forEach((entry, i) => {
    const w = walked.get(entry.path);
    if (w && (w.fixed || w.language !== entry.language)) out.push([i, w.language, w.fixed]);
  });
  return out;
}

const align = (n: number): number => Math.ceil(n / 8) * 8;

/** The cache in `bytes`, when it is whole, consistent and of `identity`; undefined otherwise. */
export function decodeCache(bytes: Buffer, identity: CacheIdentity): CacheContents | undefined {
  try {
    return decode(bytes, identity);
  } catch {
    return undefined;
  }
}

function decode(raw: Buffer, identity: CacheIdentity): CacheContents | undefined {
  if (raw.length < MAGIC.length + 4 || raw.toString('latin1', 0, MAGIC.length) !== MAGIC) return undefined;
  // Typed arrays need aligned offsets: a buffer that does not start on 8 bytes is copied once.
  const bytes = raw.byteOffset % 8 === 0 ? raw : Buffer.from(raw);
  const headLength = bytes.readUInt32LE(MAGIC.length);
  const header = JSON.parse(
    bytes.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + headLength),
  ) as Header;
  if (!isRecord(header) || header.format !== identity.format || header.version !== identity.version)
    return undefined;
  if (header.root !== identity.root || !counted(header)) return undefined;
  const { files, symbols, names } = header;
  let at = align(MAGIC.length + 4 + headLength);
  const view = <T>(
    make: (buffer: ArrayBuffer, offset: number, length: number) => T,
    length: number,
    width: number,
  ) => {
    if (at + length * width > bytes.length) throw new Error('truncated');
    const array = make(bytes.buffer as ArrayBuffer, bytes.byteOffset + at, length);
    at += length * width;
    return array;
  };
  const sizes = view((b, o, n) => new Float64Array(b, o, n), files * 2, 8);
  const counts = view((b, o, n) => new Uint32Array(b, o, n), files, 4);
  at = align(at);
  const data = view((b, o, n) => new Int32Array(b, o, n), symbols * STRIDE, 4);
  const nameIndexes = view((b, o, n) => new Uint32Array(b, o, n), symbols, 4);
  const masks = view((b, o, n) => new Int32Array(b, o, n), names, 4);
  const stringBytes = bytes.readUInt32LE(at);
  if (at + 4 + stringBytes !== bytes.length) return undefined;
  const strings = bytes.toString('utf8', at + 4, at + 4 + stringBytes).split('\0');
  if (strings.length !== files * 3 + names) return undefined;
  const table = strings.slice(files * 3);
  const entries = new Map<string, FileEntry>();
  const list: FileEntry[] = [];
  let symbol = 0;
  for (let i = 0; i < files; i++) {
    const count = counts[i] as number;
    if (symbol + count > symbols) return undefined;
    const fileNames = new Array<string>(count);
    for (let k = 0; k < count; k++) {
      const name = table[nameIndexes[symbol + k] as number];
      if (name === undefined) return undefined;
      fileNames[k] = name;
    }
    const path = strings[i] as string;
    const entry = {
      path,
      size: sizes[i * 2] as number,
      mtimeMs: sizes[i * 2 + 1] as number,
      hash: strings[files + i] as string,
      language: strings[files * 2 + i] as string,
      names: fileNames,
      data: data.subarray(symbol * STRIDE, (symbol + count) * STRIDE),
    };
    entries.set(path, entry);
    list.push(entry);
    symbol += count;
  }
  if (symbol !== symbols || entries.size !== files || !addPrefixes(header, list, table)) return undefined;
  const contents = contentsOf(header, entries, list);
  if (contents) contents.bulk = { entries: list, table, nameIndexes, masks };
  return contents;
}

function counted(header: Header): boolean {
  return [header.files, header.symbols, header.names].every((n) => Number.isInteger(n) && n >= 0);
}

function addPrefixes(header: Header, list: readonly FileEntry[], table: readonly string[]): boolean {
  for (const [file, prefixes] of header.prefixes ?? []) {
    const entry = list[file];
    const named = prefixes.map((p) => p.map((i) => table[i]));
    if (!entry || !named.every((p) => p.every((n) => n !== undefined))) return false;
    entry.prefixes = named as string[][];
  }
  return true;
}

function contentsOf(
  header: Header,
  entries: Map<string, FileEntry>,
  list: readonly FileEntry[],
): CacheContents | undefined {
  const rejected = new Map<string, Rejection>();
  for (const [p, size, mtimeMs, kind] of header.rejected) {
    if (typeof p !== 'string' || !REJECTION_KINDS.has(kind)) return undefined;
    rejected.set(p, { size, mtimeMs, kind: kind as Rejection['kind'] });
  }
  const contents: CacheContents = { entries, rejected };
  if (header.folders)
    contents.folders = new Map(header.folders.map(([d, m, i]) => [d, { mtimeMs: m, ignores: i }]));
  if (header.rules !== undefined) contents.rules = header.rules;
  if (header.skipped) contents.skipped = { ...header.skipped };
  if (header.walked) {
    const walked = new Map<string, { language: string; fixed: boolean }>();
    for (const [file, language, fixed] of header.walked) {
      const path = list[file]?.path;
      if (path === undefined) return undefined;
      walked.set(path, { language, fixed });
    }
    contents.walked = walked;
  }
  return contents;
}
