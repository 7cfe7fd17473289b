/**
 * The persisted index: one file per workspace root under the user cache folder (cache-format.ts), holding one
 * entry per source file (its cache key — size, mtime, content hash — and its packed symbols). The
 * file carries a version hash of everything that shapes outlines (grammars, queries, hooks, Locus
 * version), so a cache from another version is never trusted. Anything malformed is ignored and
 * rebuilt; writes go to a temporary file renamed into place, so a reader (or a second writer) sees a
 * whole old file or a whole new one, never a mix (docs/workspace.md).
 */
import { createHash, type Hash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { endianness } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { userCacheFolder } from '../config/user-folders.js';
import { grammarFiles } from '../syntax/registry.js';
import { writeFileAtomically } from '../workspace/atomic-write.js';
import { decodeCache, encodeCache, type CacheContents } from './cache-format.js';
import { STRIDE } from './types.js';

// Version 2: symbol names stored once in a table, files refer to them by index.
// Version 3: path prefixes (a Go method's receiver type), `x`.
// Version 4: a prefix sits between the parent's path and the name (`ns.Foo.bar` defined in `namespace ns`).
// Version 5: a `.h` is parsed as C or C++ by its text, as its own outline is.
// Version 6: binary (cache-format.ts), with the folders the walks listed.
const FORMAT = 'locus-index/6';

/** The cache folder: `LOCUS_CACHE_DIR`, else `configured` (relative to the root), else the user cache folder. */
export function cacheDirectory(root: string, configured?: string): string {
  const env = process.env.LOCUS_CACHE_DIR;
  if (env) return path.resolve(env);
  if (configured) return path.resolve(root, configured);
  return userCacheFolder();
}

/** The cache file of a workspace root (by its real path). */
export function cacheFile(directory: string, realRoot: string): string {
  const key = createHash('sha1').update(realRoot).digest('hex').slice(0, 20);
  return path.join(directory, `index-${key}.json`);
}

let version: string | undefined;

/** Hash of everything that decides what an outline contains. */
export function indexVersion(): string {
  if (version) return version;
  const hash = createHash('sha1').update(FORMAT).update(endianness());
  const pkg = fileURLToPath(new URL('../../package.json', import.meta.url));
  hashFiles(hash, [pkg, ...grammarFiles()]);
  version = hash.update(outlineCodeHash()).digest('hex').slice(0, 16);
  return version;
}

/**
 * The hash of the code that extracts outlines: the syntax layer's files. In the bundle, where that code is spread
 * over chunks, the build wrote the same hash of the compiled syntax layer beside them, so the bundle and the
 * compiled modules agree on the version and share caches (docs/architecture.md, "Build").
 */
function outlineCodeHash(): string {
  try {
    return readFileSync(new URL('./code-hash.txt', import.meta.url), 'utf8').trim();
  } catch {
    return syntaxCodeHash(fileURLToPath(new URL('../syntax/', import.meta.url)));
  }
}

/** The hash of a syntax layer's files (what `outlineCodeHash` reads from the bundle). */
export function syntaxCodeHash(dir: string): string {
  return hashFiles(createHash('sha1'), filesUnder(dir, /\.[jt]s$/)).digest('hex');
}

function hashFiles(hash: Hash, files: string[]): Hash {
  for (const file of files) {
    try {
      hash.update(file.slice(file.lastIndexOf(path.sep))).update(readFileSync(file));
    } catch {
      hash.update('missing');
    }
  }
  return hash;
}

function filesUnder(dir: string, pattern: RegExp): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => pattern.test(f))
      .sort()
      .map((f) => path.join(dir, f));
  } catch {
    return [];
  }
}

export type { CacheContents, FolderStamp, Rejection } from './cache-format.js';

/** Loads a cache file; undefined when it is absent, corrupt or of another version/root. */
export function loadCache(file: string, realRoot: string): CacheContents | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  return decodeCache(bytes, { format: FORMAT, version: indexVersion(), root: realRoot });
}

/** Writes the cache atomically; returns false (and leaves any old file) when it cannot. */
export function saveCache(file: string, realRoot: string, contents: CacheContents): boolean {
  return writeAtomically(
    file,
    encodeCache({ format: FORMAT, version: indexVersion(), root: realRoot }, contents),
  );
}

/** A file entry's packed numbers as stored: their bytes in base64. */
export function encodeData(data: Int32Array): string {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
}

/** The packed numbers of `count` symbols from their stored form; undefined when the size is wrong. */
export function decodeData(base64: string, count: number): Int32Array | undefined {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length !== count * STRIDE * 4) return undefined;
  const data = new Int32Array(count * STRIDE);
  new Uint8Array(data.buffer).set(bytes);
  return data;
}

/**
 * Writes `body` to `file` through a temporary file renamed into place, so a reader sees a whole old file
 * or a whole new one; returns false (and leaves any old file) when it cannot.
 */
export function writeAtomically(file: string, body: string | Uint8Array): boolean {
  try {
    writeFileAtomically(file, body);
    return true;
  } catch {
    return false;
  }
}
