/** waitFor: how a bounded wait ends, on fake timers (no wall-clock assumptions). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { delay, waitFor, waitUntil, Wakeup, type WaitOutcome } from '../../src/core/wait-for.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

type Trigger = 'resolve' | 'fire' | 'abort' | 'none';

interface Case {
  name: string;
  /** Wait on a promise or on a signal. */
  on: 'promise' | 'signal';
  ms: number;
  /** What happens at 50 ms. */
  at50: Trigger;
  expected: WaitOutcome<unknown>;
}

const CASES: Case[] = [
  {
    name: 'a promise settling first gives its value',
    on: 'promise',
    ms: 100,
    at50: 'resolve',
    expected: { done: true, value: 'v' },
  },
  {
    name: 'a promise too slow times out',
    on: 'promise',
    ms: 10,
    at50: 'resolve',
    expected: { done: false, reason: 'timeout' },
  },
  {
    name: 'a signal firing first ends the wait',
    on: 'signal',
    ms: 100,
    at50: 'fire',
    expected: { done: true, value: undefined },
  },
  {
    name: 'a signal that never fires times out',
    on: 'signal',
    ms: 100,
    at50: 'none',
    expected: { done: false, reason: 'timeout' },
  },
  {
    name: 'the caller cancelling ends the wait',
    on: 'promise',
    ms: 100,
    at50: 'abort',
    expected: { done: false, reason: 'aborted' },
  },
  {
    name: 'without a time limit only the promise ends it',
    on: 'promise',
    ms: Infinity,
    at50: 'resolve',
    expected: { done: true, value: 'v' },
  },
  {
    name: 'a zero wait times out at once',
    on: 'signal',
    ms: 0,
    at50: 'fire',
    expected: { done: false, reason: 'timeout' },
  },
];

describe('waitFor', () => {
  it.each(CASES)('$name', async (c) => {
    let resolve: (value: string) => void = () => undefined;
    const promise = new Promise<string>((r) => (resolve = r));
    const awaited = new AbortController();
    const caller = new AbortController();
    const what = c.on === 'promise' ? promise : awaited.signal;
    const outcome = waitFor<unknown>(what as Promise<unknown>, c.ms, { signal: caller.signal });
    setTimeout(() => {
      if (c.at50 === 'resolve') resolve('v');
      if (c.at50 === 'fire') awaited.abort();
      if (c.at50 === 'abort') caller.abort();
    }, 50);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(outcome).resolves.toEqual(c.expected);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes a rejection through and clears its timer', async () => {
    const outcome = waitFor(Promise.reject(new Error('boom')), 1000);
    await expect(outcome).rejects.toThrow('boom');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not wait when the caller already cancelled or the signal already fired', async () => {
    const cancelled = AbortSignal.abort();
    await expect(waitFor(new Promise(() => undefined), 1000, { signal: cancelled })).resolves.toEqual({
      done: false,
      reason: 'aborted',
    });
    await expect(waitFor(AbortSignal.abort(), 1000)).resolves.toEqual({ done: true, value: undefined });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('removes its listeners from both signals', async () => {
    const awaited = new AbortController();
    const caller = new AbortController();
    const added = vi.spyOn(caller.signal, 'addEventListener');
    const removed = vi.spyOn(caller.signal, 'removeEventListener');
    const outcome = waitFor(awaited.signal, 100, { signal: caller.signal });
    awaited.abort();
    await outcome;
    expect(removed.mock.calls.map((c) => c[1])).toEqual(added.mock.calls.map((c) => c[1]));
  });
});

describe('Wakeup', () => {
  it('wakes the current waiters only; later waits wait for the next wake', async () => {
    const wakeup = new Wakeup();
    const first = waitFor(wakeup.next, 100);
    wakeup.wake();
    await expect(first).resolves.toEqual({ done: true, value: undefined });
    const second = waitFor(wakeup.next, 100);
    await vi.advanceTimersByTimeAsync(100);
    await expect(second).resolves.toEqual({ done: false, reason: 'timeout' });
  });
});

describe('Wakeup with many waiters', () => {
  it('wakes them all, with no listener-leak warning', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error): void => void warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const wakeup = new Wakeup();
      const waits = Array.from({ length: 50 }, () => waitFor(wakeup.next, 1000));
      wakeup.wake();
      const outcomes = await Promise.all(waits);
      expect(outcomes.every((o) => o.done)).toBe(true);
      await vi.advanceTimersByTimeAsync(0);
      expect(warnings).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});

describe('delay', () => {
  it('resolves after the time', async () => {
    let done = false;
    void delay(30).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(29);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});

describe('waitUntil', () => {
  const POLLS: { name: string; trueAt: number; abortAt?: number; expected: WaitOutcome<undefined> }[] = [
    {
      name: 'a condition already true ends it at once',
      trueAt: 0,
      expected: { done: true, value: undefined },
    },
    { name: 'a condition that becomes true is seen', trueAt: 50, expected: { done: true, value: undefined } },
    {
      name: 'a condition never true times out',
      trueAt: Infinity,
      expected: { done: false, reason: 'timeout' },
    },
    {
      name: 'the caller cancelling ends it',
      trueAt: Infinity,
      abortAt: 30,
      expected: { done: false, reason: 'aborted' },
    },
  ];
  it.each(POLLS)('$name', async (c) => {
    const start = Date.now();
    const caller = new AbortController();
    if (c.abortAt !== undefined) setTimeout(() => caller.abort(), c.abortAt);
    const outcome = waitUntil(() => Date.now() - start >= c.trueAt, 100, { signal: caller.signal });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(outcome).resolves.toEqual(c.expected);
    expect(vi.getTimerCount()).toBe(0);
  });
});
