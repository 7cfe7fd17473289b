/**
 * File paths ⇄ `file:` URIs. URIs are built with Node's `pathToFileURL` (as every server tested encodes them) and
 * compared only after decoding, because servers may encode the same path differently.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LruMap } from '../core/lru-map.js';

/**
 * Conversions remembered: an answer converts the same few URIs once per place (a rename preview of 67 edits
 * spent ~0.6 ms of its own time in Node's URL parser), and the result depends on nothing but the string.
 */
const CONVERTED = 2048;
const uris = new LruMap<string, string>({ maxEntries: CONVERTED });
const paths = new LruMap<string, string | undefined>({ maxEntries: CONVERTED });

/** The `file:` URI of an absolute path. */
export function pathToUri(absPath: string): string {
  let uri = uris.get(absPath);
  if (uri === undefined) {
    uri = pathToFileURL(absPath).href;
    uris.set(absPath, uri);
  }
  return uri;
}

/** The absolute path of a `file:` URI, or undefined for other schemes and malformed URIs. */
export function uriToPath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  if (paths.has(uri)) return paths.get(uri);
  let path: string | undefined;
  try {
    path = fileURLToPath(uri);
  } catch {
    path = undefined;
  }
  paths.set(uri, path);
  return path;
}

/** A canonical key for a URI so that differently encoded spellings of one file compare equal. */
export function uriKey(uri: string): string {
  return uriToPath(uri) ?? uri;
}
