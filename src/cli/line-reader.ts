/**
 * JSON Lines input with a bound on line length: a line over the limit is skipped as it streams
 * (never buffered whole) and reported in its place, so one bad line cannot stop the stream.
 */
import type { Readable } from 'node:stream';

/** One input line, or the size of one that was over the limit. */
export type BoundedLine = { kind: 'line'; text: string } | { kind: 'oversized'; bytes: number };

const NEWLINE = 0x0a;

/** Lines of `input` (`\n` or `\r\n`), each at most `maxBytes` bytes. */
export async function* boundedLines(input: Readable, maxBytes: number): AsyncGenerator<BoundedLine> {
  let parts: Buffer[] = [];
  let size = 0;
  let skipping = false;
  const finish = (): BoundedLine => {
    const line: BoundedLine = skipping
      ? { kind: 'oversized', bytes: size }
      : { kind: 'line', text: Buffer.concat(parts).toString('utf8').replace(/\r$/, '') };
    parts = [];
    size = 0;
    skipping = false;
    return line;
  };
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let from = 0;
    while (from <= bytes.length) {
      const newline = bytes.indexOf(NEWLINE, from);
      const end = newline < 0 ? bytes.length : newline;
      size += end - from;
      if (size > maxBytes) skipping = true;
      if (skipping) parts = [];
      else if (end > from) parts.push(bytes.subarray(from, end));
      if (newline < 0) break;
      yield finish();
      from = newline + 1;
    }
  }
  if (size > 0 || skipping) yield finish();
}
