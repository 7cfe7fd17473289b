/**
 * What the CLI prints and how it exits (docs/operations.md, "Command line"): 0 success, 1 the locate/operation failed,
 * 2 invalid input or usage.
 */
import { writeSync } from 'node:fs';
import { NEUTRAL_WORDING, type Wording } from '../core/advice.js';
import { INPUT_ERROR_CODES, type ErrorData } from '../core/errors.js';
import { renderError } from '../render/error.js';

/** Exit codes of the CLI. */
export const EXIT = { ok: 0, failed: 1, usage: 2, cancelled: 130 } as const;

/**
 * What runs before any line is written to stdout or stderr: the terminal's status line erases itself there, so
 * an answer never starts on the status text's line (docs/mcp.md, "Progress"). One per process: the CLI runs
 * one command, with one terminal.
 */
let beforeOutput: (() => void) | undefined;

/** Sets (or, with undefined, clears) what runs before any output. */
export function setBeforeOutput(hook: (() => void) | undefined): void {
  beforeOutput = hook;
}

/** Writes a line to stdout. */
export function out(text: string): void {
  beforeOutput?.();
  writeStdout(text.endsWith('\n') ? text : `${text}\n`);
}

/**
 * Writes straight to file descriptor 1: the first use of `process.stdout` builds a stream (a socket for a pipe),
 * about 5 ms of a one-shot command's start (docs/performance.md, "Cold start"). A reader that went away (EPIPE)
 * gets nothing more; a non-blocking descriptor that is full (EAGAIN) gets the rest through the stream.
 */
function writeStdout(text: string): void {
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

/** Writes a line to stderr. */
export function err(text: string): void {
  beforeOutput?.();
  process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
}

/**
 * Exit code for a failed result: 2 for invalid input, including a file or folder named on the command line
 * (`details.argument`: `--root`, `check FILE`); 1 when the locate or the operation failed.
 */
export function exitFor(error: ErrorData): number {
  if (error.code === 'CANCELLED') return EXIT.cancelled;
  return INPUT_ERROR_CODES.has(error.code) || error.details?.argument !== undefined
    ? EXIT.usage
    : EXIT.failed;
}

/** Prints a result (JSON or text) and returns the exit code. */
export function report<T extends { ok: boolean }>(
  result: T | { ok: false; error: ErrorData },
  json: boolean,
  render: (ok: T, word: Wording) => string,
  word: Wording = NEUTRAL_WORDING,
): number {
  if (json) out(JSON.stringify(result));
  if (!result.ok) {
    const failure = result as { ok: false; error: ErrorData };
    if (!json) err(renderError(failure.error, word));
    return exitFor(failure.error);
  }
  if (!json) out(render(result as T, word));
  return EXIT.ok;
}

/** A usage error: message and the command's usage line on stderr, exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
