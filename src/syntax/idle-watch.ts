/**
 * Counts a cache's operations and calls back once a whole period passed without one (docs/performance.md,
 * "Memory": the tree cache recycles the runtime when idle). A flag, not a clock: an operation only marks
 * itself; the timer looks once a period and fires between one and two periods after the last operation.
 */
import { waitFor } from '../core/wait-for.js';

/** The idle timer of one cache. */
export class IdleWatch {
  private busy = 0;
  private used = false;
  /** Aborts the pending wait (set while one runs). */
  private timer: AbortController | undefined;

  /**
   * @param period the idle period in ms, read each time the timer is set (0 or less: no timer)
   * @param onIdle called when idle; returns false to be called again a period later (its work was refused)
   */
  constructor(
    private readonly period: () => number,
    private readonly onIdle: () => boolean,
  ) {}

  /** Operations in flight. */
  get active(): number {
    return this.busy;
  }

  /** Runs one operation, counting it. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    this.busy++;
    try {
      return await work();
    } finally {
      this.busy--;
      this.used = true;
      this.arm();
    }
  }

  /** Clears the timer (the next operation sets it again). */
  stop(): void {
    this.timer?.abort();
    this.timer = undefined;
  }

  private arm(): void {
    const period = this.period();
    if (this.timer || period <= 0) return;
    const timer = new AbortController();
    this.timer = timer;
    // unref: a one-shot process exits when its work is done, not when the timer would fire.
    void waitFor(timer.signal, period, { unref: true }).then(({ done }) => {
      if (done || this.timer !== timer) return; // stopped
      this.timer = undefined;
      if (this.used || this.busy > 0) {
        this.used = false;
        this.arm();
      } else if (!this.onIdle()) this.arm();
    });
  }
}
