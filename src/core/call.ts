/**
 * What one call carries besides its arguments: an abort signal and a progress listener (docs/mcp.md,
 * "Cancellation" and "Progress"). Every layer passes the same `CallScope` down; the faces fill it (MCP from
 * the tool call's `extra`, the CLI from Ctrl-C and its stderr status line).
 */
import { LocusError } from './errors.js';
import { waitFor } from './wait-for.js';

/**
 * One progress event. `message` is face-neutral, human-readable text ("starting pyright", "loading project
 * (412 files)"); `done`/`total` or `percentage` are set when the emitter knows them.
 * - `server-starting`, `project-loading`, `server-ready`: emitted by the LSP layer (percentages relayed from
 *   the server's own `$/progress`).
 * - `index`: building the workspace index (files done / total).
 * - `step`: any other step of an operation (verification, applying an edit …).
 */
export interface ProgressEvent {
  kind: 'server-starting' | 'project-loading' | 'server-ready' | 'index' | 'step';
  message: string;
  /** Which server or component the event is about (e.g. `pyright`). */
  source?: string;
  percentage?: number;
  done?: number;
  total?: number;
}

/** Receives progress events; must not throw and must return quickly. */
export type ProgressListener = (event: ProgressEvent) => void;

/** The per-call options every operation accepts. */
export interface CallScope {
  /** Aborts the call: language-server requests are cancelled and no write starts after it. */
  signal?: AbortSignal;
  /** Progress of slow steps (server start, project load, index build, verification). */
  onProgress?: ProgressListener;
}

/** The CANCELLED error. */
export function cancelledError(): LocusError {
  return new LocusError('CANCELLED', 'The call was cancelled; nothing was written after the cancel.', {
    hint: 'Repeat the call to run it again.',
  });
}

/** Throws CANCELLED when the signal has fired. */
export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw cancelledError();
}

/** Settles like `work`, or rejects with CANCELLED as soon as `signal` fires (`work` keeps running). */
export async function abortable<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  throwIfCancelled(signal);
  const outcome = await waitFor(work, Infinity, { signal });
  if (!outcome.done) throw cancelledError();
  return outcome.value;
}

/** Calls a listener, ignoring what it throws (a broken progress sink must not fail the call). */
export function emitProgress(listener: ProgressListener | undefined, event: ProgressEvent): void {
  if (listener === undefined) return;
  try {
    listener(event);
  } catch {
    // Progress is advisory.
  }
}
