/**
 * JSON Lines input of `locus check` with a bound on line length: the one bounded line reader
 * (src/core/line-splitter.ts) over a stream. A line over the limit is skipped as it streams (never
 * buffered whole) and reported in its place, so one bad line cannot stop the stream.
 */
import type { Readable } from 'node:stream';
import { LineSplitter, type BoundedLine } from '../core/line-splitter.js';

export type { BoundedLine } from '../core/line-splitter.js';

/** Lines of `input` (`\n` or `\r\n`), each at most `maxBytes` bytes. */
export async function* boundedLines(input: Readable, maxBytes: number): AsyncGenerator<BoundedLine> {
  const splitter = new LineSplitter(maxBytes, utf8);
  for await (const chunk of input as AsyncIterable<Buffer | string>)
    yield* splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  yield* splitter.end();
}

/** A JSON line's bytes as text (malformed UTF-8 becomes U+FFFD, and then not valid JSON). */
export function utf8(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}
