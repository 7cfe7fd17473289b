/**
 * Ctrl-C during a command that talks to language servers (docs/operations.md, "Exit codes"): the first SIGINT
 * cancels the call end to end — the server request gets `$/cancelRequest`, no write starts after it, the command
 * prints `CANCELLED` and exits 130 — and a second one ends the process at once (the caller's `locus` process when
 * the background Locus answers: cli/daemon/client.ts).
 */
import type { CliIo } from './io.js';

/** Runs `use` with a signal that Ctrl-C aborts; Ctrl-C is heard until `use` settles. */
export async function cancellableByCtrlC<T>(io: CliIo, use: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const release = io.onInterrupt(() => controller.abort());
  try {
    return await use(controller.signal);
  } finally {
    release();
  }
}
