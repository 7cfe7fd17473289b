/**
 * Acquiring a live server for one call, and replacing it once when it was gone before the call could have harmed
 * it (the retry policy under every Session request; docs/security.md).
 */
import { abortable, throwIfCancelled, type CallScope } from '../core/call.js';
import { isLocusError } from '../core/index.js';
import type { ServerInstance } from './server-instance.js';
import type { Supervisor } from './supervisor.js';

/** How long a call waits for a server that refused a write (EPIPE) to be seen exiting before it retries. */
const UNREACHABLE_EXIT_MS = 2000;

/**
 * Runs `body` on a live server, acquired (started if needed) for it. The call's progress listener hears
 * the start and the project loading meanwhile; its signal stops the wait (a start already under way goes
 * on for the next call, and the acquisition is released once it completes). A server that is gone
 * (EPIPE: nothing reached it) or is declared hung while this call waits for its cancelled requests is
 * replaced, once, so the call after a crash or a timeout succeeds instead of failing a second time
 * (docs/security.md).
 */
export async function withLiveInstance<T>(
  supervisor: Supervisor,
  { signal, onProgress }: CallScope,
  body: (instance: ServerInstance, call: { sent: boolean }) => Promise<T>,
): Promise<T> {
  throwIfCancelled(signal);
  const unsubscribe = supervisor.progress.subscribe(onProgress);
  try {
    for (let attempt = 0; ; attempt++) {
      const instance = await acquireFor(supervisor, signal);
      const call = { sent: false };
      try {
        await abortable(instance.connection.cancelsSettled(), signal);
        if (instance.alive || attempt > 0) return await body(instance, call);
      } catch (error) {
        // A write that found the server gone (EPIPE) can come before its exit is seen: wait for that, so the
        // retry starts a new server instead of writing to the dead one again.
        if (attempt === 0 && instance.unreachable && instance.alive)
          await instance.ended(UNREACHABLE_EXIT_MS);
        if (attempt > 0 || !diedBeforeCall(instance, call.sent)) throw error;
      } finally {
        supervisor.release();
      }
    }
  } finally {
    unsubscribe();
  }
}

/** Acquires the server; a cancel stops the wait and the acquisition is released once it completes. */
async function acquireFor(supervisor: Supervisor, signal: AbortSignal | undefined): Promise<ServerInstance> {
  const acquiring = supervisor.acquire();
  try {
    return await abortable(acquiring, signal);
  } catch (error) {
    if (isLocusError(error) && error.code === 'CANCELLED')
      acquiring.then(
        () => supervisor.release(),
        () => undefined,
      );
    throw error;
  }
}

const OUTSIDE_KILLS = new Set(['SIGKILL', 'SIGTERM', 'SIGHUP', 'SIGINT']);

/**
 * True when the server was gone before this call could have harmed it: the request never went out,
 * a write found its stdin closed (EPIPE), or it was killed from outside (a signal Locus did not
 * send). A server that crashed on its own after the request may have been crashed by it, and a
 * retry would crash it again, so that call fails.
 */
function diedBeforeCall(instance: ServerInstance, sent: boolean): boolean {
  if (instance.alive) return false;
  const signal = instance.deadWith?.details?.signal;
  return !sent || instance.unreachable || (typeof signal === 'string' && OUTSIDE_KILLS.has(signal));
}
