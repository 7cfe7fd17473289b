/**
 * Ctrl-C during a command that talks to language servers (docs/operations.md, "Exit codes"): the first SIGINT
 * cancels the call end to end — the server request gets `$/cancelRequest`, no write starts after it, the command
 * prints `CANCELLED` and exits 130 — and a second one ends the process at once.
 */

/** Runs `use` with a signal that a SIGINT aborts; the handler is gone when `use` settles. */
export async function cancellableByCtrlC<T>(use: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  // Stays registered until `use` settles (a `once` listener would be gone when the server registry's own
  // handler runs, and that handler re-raises the signal when it is the only listener left).
  const cancel = (): void => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
  };
  process.on('SIGINT', cancel);
  try {
    return await use(controller.signal);
  } finally {
    process.off('SIGINT', cancel);
  }
}
