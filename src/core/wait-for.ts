/**
 * The one bounded wait of Locus (docs/architecture.md, "One cache, one wait"): wait for a promise or an abort
 * signal, at most so long, optionally cut short by the caller's cancel. The wait never rejects on its own: it says
 * how it ended, and each caller turns a timeout into its own answer or coded error (a TIMEOUT naming the request,
 * a `settled: false`, a next rung of the shutdown ladder). A rejection of the awaited promise passes through.
 */

/** How a wait ended: the awaited thing happened (with its value), the time ran out, or the caller cancelled. */
export type WaitOutcome<T> = { done: true; value: T } | { done: false; reason: 'timeout' | 'aborted' };

/** Options of a wait. */
export interface WaitOptions {
  /** Ends the wait early with `reason: 'aborted'` (checked first: an aborted signal never waits). */
  signal?: AbortSignal | undefined;
  /** Do not keep the process alive for this timer alone (Node timers; ignored elsewhere). */
  unref?: boolean;
}

/**
 * Waits for `what` (a promise settling, or a signal firing) at most `ms` milliseconds (`Infinity`: no time limit).
 * Timers and listeners are removed however the wait ends.
 */
export function waitFor<T>(what: PromiseLike<T>, ms: number, options?: WaitOptions): Promise<WaitOutcome<T>>;
export function waitFor(
  what: AbortSignal,
  ms: number,
  options?: WaitOptions,
): Promise<WaitOutcome<undefined>>;
export function waitFor<T>(
  what: PromiseLike<T> | AbortSignal,
  ms: number,
  options: WaitOptions = {},
): Promise<WaitOutcome<T | undefined>> {
  const { signal } = options;
  if (signal?.aborted === true) return Promise.resolve({ done: false, reason: 'aborted' });
  if (isSignal(what) && what.aborted) return Promise.resolve({ done: true, value: undefined });
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (): void => {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (isSignal(what)) what.removeEventListener('abort', onFired);
    };
    const onAbort = (): void => {
      finish();
      resolve({ done: false, reason: 'aborted' });
    };
    const onFired = (): void => {
      finish();
      resolve({ done: true, value: undefined });
    };
    if (ms !== Infinity) {
      timer = setTimeout(
        () => {
          finish();
          resolve({ done: false, reason: 'timeout' });
        },
        Math.max(0, ms),
      );
      if (options.unref === true) (timer as { unref?: () => void }).unref?.();
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    if (isSignal(what)) {
      what.addEventListener('abort', onFired, { once: true });
      return;
    }
    what.then(
      (value) => {
        finish();
        resolve({ done: true, value });
      },
      (error: unknown) => {
        finish();
        reject(error);
      },
    );
  });
}

/** Waits `ms` milliseconds (a pause between polls or before a restart). */
export async function delay(ms: number): Promise<void> {
  await new Promise<void>((resolve) => setTimeout(resolve, ms));
}

/**
 * Wakes whoever waits for "the next time X happens": `wake()` settles the current `next`, and later waits wait for
 * the next `wake()`. A promise rather than an AbortSignal: any number may wait (a signal warns past 10 listeners).
 */
export class Wakeup {
  private fire: () => void = () => undefined;
  private pending: Promise<void> = this.arm();

  /** Settles at the next `wake()`. */
  get next(): Promise<void> {
    return this.pending;
  }

  wake(): void {
    const fire = this.fire;
    this.pending = this.arm();
    fire();
  }

  private arm(): Promise<void> {
    return new Promise<void>((resolve) => (this.fire = resolve));
  }
}

function isSignal(what: unknown): what is AbortSignal {
  return typeof AbortSignal !== 'undefined' && what instanceof AbortSignal;
}
