/**
 * The request meter the bench reads around an operation (docs/performance.md, "Rename previews"): it counts
 * requests and the time at least one was outstanding — the union of their intervals, so parallel requests count
 * once. The clock is stubbed, so the sums are exact.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { RequestMeter } from '../../src/lsp/request-meter.js';

let clock = 0;
afterEach(() => vi.restoreAllMocks());

function stubClock(): void {
  clock = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
}

it('overlapping requests count once, gaps not at all, and every request is counted', () => {
  stubClock();
  const meter = new RequestMeter();
  const a = meter.begin(); // [0, 10]
  clock = 4;
  const b = meter.begin(); // [4, 6], inside a
  clock = 6;
  b();
  clock = 8;
  const c = meter.begin(); // [8, 15], overlaps a's end
  clock = 10;
  a();
  clock = 15;
  c();
  clock = 20; // idle gap
  const d = meter.begin(); // [20, 23]
  clock = 23;
  d();
  expect(meter.reading()).toEqual({ requests: 4, busyMs: 18 });
});

it('an outstanding request counts up to now, and ending a request twice changes nothing', () => {
  stubClock();
  const meter = new RequestMeter();
  const a = meter.begin();
  clock = 5;
  expect(meter.reading()).toEqual({ requests: 1, busyMs: 5 });
  a();
  a();
  clock = 9;
  expect(meter.reading()).toEqual({ requests: 1, busyMs: 5 });
});
