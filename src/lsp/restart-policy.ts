/**
 * Crash restarts: the first restart is immediate, later ones back off exponentially (250 ms, 500 ms, … up to 5 s);
 * more than `maxRestarts` failures inside the window stop restarts until the oldest failure leaves the window.
 */
import { LocusError } from '../core/index.js';

/** Failure history of one session. */
export class RestartPolicy {
  private failures: number[] = [];
  private lastError: LocusError | undefined;

  constructor(
    private readonly maxRestarts: number,
    private readonly windowMs: number,
  ) {}

  /** Records a failure (crash, garbage, hang, failed start). */
  recordFailure(error: LocusError, now = Date.now()): void {
    this.failures.push(now);
    this.lastError = error;
  }

  /** Milliseconds to wait before the next start; throws SERVER_FAILED when the cap is reached. */
  delayBeforeStart(server: string, now = Date.now()): number {
    this.failures = this.failures.filter((t) => now - t < this.windowMs);
    const count = this.failures.length;
    if (count === 0) return 0;
    if (count > this.maxRestarts) {
      const retryAt = (this.failures[0] as number) + this.windowMs;
      throw new LocusError(
        'SERVER_FAILED',
        `${server} failed ${count} times in the last ${Math.round(this.windowMs / 60000)} min; not restarting it ` +
          `for another ${Math.ceil((retryAt - now) / 1000)} s. Last failure: ${this.lastError?.message ?? 'unknown'}`,
        {
          hint: 'Check the server installation and configuration; restarts resume when the window has passed.',
          details: { kind: 'restart-cap', failures: count, retryAt },
        },
      );
    }
    const backoff = count === 1 ? 0 : Math.min(250 * 2 ** (count - 2), 5000);
    const last = this.failures[count - 1] as number;
    return Math.max(0, last + backoff - now);
  }
}
