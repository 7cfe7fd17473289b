/**
 * File paths ⇄ `file:` URIs. URIs are built with Node's `pathToFileURL` (as every server tested encodes them) and
 * compared only after decoding, because servers may encode the same path differently.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The `file:` URI of an absolute path. */
export function pathToUri(absPath: string): string {
  return pathToFileURL(absPath).href;
}

/** The absolute path of a `file:` URI, or undefined for other schemes and malformed URIs. */
export function uriToPath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/** A canonical key for a URI so that differently encoded spellings of one file compare equal. */
export function uriKey(uri: string): string {
  return uriToPath(uri) ?? uri;
}
