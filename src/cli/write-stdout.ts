/**
 * Answers go to file descriptor 1 directly (docs/performance.md, "Cold start"). A leaf module: the daemon's client
 * writes what the background Locus sends through it too.
 */
import { writeSync } from 'node:fs';

/**
 * Writes straight to file descriptor 1: the first use of `process.stdout` builds a stream (a socket for a pipe),
 * about 5 ms of a one-shot command's start. A reader that went away (EPIPE) gets nothing more; a non-blocking
 * descriptor that is full (EAGAIN) gets the rest through the stream.
 */
export function writeStdout(text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let written = 0;
  try {
    while (written < bytes.length) written += writeSync(1, bytes, written);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EPIPE') return;
    if (code !== 'EAGAIN') throw error;
    process.stdout.write(bytes.subarray(written));
  }
}
