/**
 * What the CLI prints and how it exits (docs/operations.md, "Command line"): 0 success, 1 the locate/operation failed,
 * 2 invalid input or usage. Every command reads and writes through a `CliIo`: the process's own terminal, or, in the
 * background Locus, the terminal of the `locus` process that asked (docs/operations.md, "The daemon"), so a call
 * behaves the same either way.
 */
import type { Readable } from 'node:stream';
import { NEUTRAL_WORDING, type Wording } from '../core/advice.js';
import { INPUT_ERROR_CODES, type ErrorData } from '../core/errors.js';
import { renderError } from '../render/error.js';
import type { Sessions } from './sessions.js';

export { writeStdout } from './write-stdout.js';

/** Exit codes of the CLI. */
export const EXIT = { ok: 0, failed: 1, usage: 2, cancelled: 130 } as const;

/** The caller's stderr as the status line sees it. */
export type StderrStream = Pick<NodeJS.WriteStream, 'write' | 'isTTY' | 'columns'>;

/** Where one CLI call reads and writes. */
export interface CliIo {
  /** The caller's working directory: a relative `--root`, `check FILE` and `edit --file F` are relative to it. */
  readonly cwd: string;
  /** Writes `text` to stdout as it is. */
  stdout(text: string): void;
  /** The caller's stderr (terminal or not, its width). */
  readonly stderr: StderrStream;
  /** Standard input as a stream, asked for only by the commands that read it. */
  stdin(): Readable;
  /**
   * Hears Ctrl-C until the returned function is called: the first one calls `cancel`, a second one ends the
   * caller's process at once with exit 130.
   */
  onInterrupt(cancel: () => void): () => void;
  /** Where commands get their workspace (a fresh one per call, or the background Locus's warm one). */
  readonly sessions: Sessions;
}

/**
 * The same io, with `erase` run before anything is written to stdout or stderr: the terminal's status line erases
 * itself there, so an answer never starts on the status text's line (docs/mcp.md, "Progress").
 */
export function erasingFirst(io: CliIo, erase: () => void): CliIo {
  const stderr = io.stderr;
  return {
    cwd: io.cwd,
    sessions: io.sessions,
    stdin: () => io.stdin(),
    onInterrupt: (cancel) => io.onInterrupt(cancel),
    stdout: (text) => {
      erase();
      io.stdout(text);
    },
    stderr: {
      isTTY: stderr.isTTY,
      columns: stderr.columns,
      write: ((chunk: string) => {
        erase();
        return stderr.write(chunk);
      }) as StderrStream['write'],
    },
  };
}

/** Writes a line to stdout. */
export function out(io: CliIo, text: string): void {
  io.stdout(text.endsWith('\n') ? text : `${text}\n`);
}

/** Writes a line to stderr. */
export function err(io: CliIo, text: string): void {
  io.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
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
  io: CliIo,
  result: T | { ok: false; error: ErrorData },
  json: boolean,
  render: (ok: T, word: Wording) => string,
  word: Wording = NEUTRAL_WORDING,
): number {
  if (json) out(io, JSON.stringify(result));
  if (!result.ok) {
    const failure = result as { ok: false; error: ErrorData };
    if (!json) err(io, renderError(failure.error, word));
    return exitFor(failure.error);
  }
  if (!json) out(io, render(result as T, word));
  return EXIT.ok;
}

/** A usage error: message and the command's usage line on stderr, exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
