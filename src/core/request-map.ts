/**
 * The one id → {resolve, reject} map of Locus (docs/architecture.md, "One cache, one wait"): requests sent to
 * another party (an MCP client, a syntax or index worker) wait here for their answer, each bounded by a timeout
 * and by the caller's abort signal. Whoever reads the answers calls `resolve`/`reject` by id; a party that dies
 * calls `rejectAll`. An answer for an id nobody waits for (timed out, aborted, never sent) is ignored.
 */
import { waitFor } from './wait-for.js';

/** How long a request may wait, and what ends it early. */
export interface RequestOptions {
  /** Milliseconds before it fails with `timeoutError()`; Infinity (the default): no limit. */
  timeoutMs?: number;
  /** Fails it with `abortError()` when fired. */
  signal?: AbortSignal | undefined;
  /** Let the process exit while only this request's timer is left. */
  unref?: boolean;
}

interface Waiter<T> {
  resolve(value: T): void;
  reject(error: Error): void;
}

/** Pending requests by id. */
export class RequestMap<K, T> {
  private readonly waiters = new Map<K, Waiter<T>>();

  constructor(
    private readonly errors: { timeout: (id: K, ms: number) => Error; aborted: (id: K) => Error },
  ) {}

  /** Number of requests still waiting. */
  get size(): number {
    return this.waiters.size;
  }

  has(id: K): boolean {
    return this.waiters.has(id);
  }

  /**
   * Registers `id` (replacing nobody: an id in use is a bug of the caller) and waits for its answer, its timeout
   * or its signal, whichever comes first. The entry is gone when the promise settles.
   */
  async wait(id: K, options: RequestOptions = {}): Promise<T> {
    if (this.waiters.has(id)) throw new Error(`request id ${String(id)} is already waiting`);
    let mine: Waiter<T> | undefined;
    const answer = new Promise<T>((resolve, reject) => this.waiters.set(id, (mine = { resolve, reject })));
    try {
      const outcome = await waitFor(answer, options.timeoutMs ?? Infinity, {
        signal: options.signal,
        unref: options.unref === true,
      });
      if (outcome.done) return outcome.value;
      throw outcome.reason === 'timeout'
        ? this.errors.timeout(id, options.timeoutMs ?? Infinity)
        : this.errors.aborted(id);
    } finally {
      if (this.waiters.get(id) === mine) this.waiters.delete(id);
    }
  }

  /** Settles `id` with its answer; false when nobody waits for it. */
  resolve(id: K, value: T): boolean {
    const waiter = this.take(id);
    waiter?.resolve(value);
    return waiter !== undefined;
  }

  /** Fails `id`; false when nobody waits for it. */
  reject(id: K, error: Error): boolean {
    const waiter = this.take(id);
    waiter?.reject(error);
    return waiter !== undefined;
  }

  /** Fails every waiting request (the other party is gone). */
  rejectAll(error: Error): void {
    const all = [...this.waiters.values()];
    this.waiters.clear();
    for (const waiter of all) waiter.reject(error);
  }

  private take(id: K): Waiter<T> | undefined {
    const waiter = this.waiters.get(id);
    this.waiters.delete(id);
    return waiter;
  }
}
