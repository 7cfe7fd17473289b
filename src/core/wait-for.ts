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

/** Waits `ms` milliseconds (a pause before a restart; a poll is `waitUntil`). */
export async function delay(ms: number): Promise<void> {
  await new Promise<void>((resolve) => setTimeout(resolve, ms));
}

/** Options of a poll: how often to look. */
export interface PollOptions extends WaitOptions {
  /** Milliseconds between two looks (default 20). */
  intervalMs?: number;
}

/**
 * The one poll, for a condition no event reports (a process group gone from /proc): looks at once, then every
 * `intervalMs`, at most `ms` milliseconds in all. Like `waitFor`, it says how it ended and never rejects.
 */
export async function waitUntil(
  condition: () => boolean,
  ms: number,
  options: PollOptions = {},
): Promise<WaitOutcome<undefined>> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (options.signal?.aborted === true) return { done: false, reason: 'aborted' };
    if (condition()) return { done: true, value: undefined };
    const left = deadline - Date.now();
    if (left <= 0) return { done: false, reason: 'timeout' };
    // A pause the caller can cut short: a promise that never settles, waited for at most one interval.
    const pause = await waitFor(
      new Promise<never>(() => undefined),
      Math.min(options.intervalMs ?? 20, left),
      options,
    );
    if (!pause.done && pause.reason === 'aborted') return pause;
  }
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
