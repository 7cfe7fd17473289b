/**
 * Small statistics helpers for the benchmark: percentiles (nearest rank), summaries of latency samples,
 * a high-resolution timer and load notes. Nothing here asserts on time; it only describes samples.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

/** Milliseconds since an arbitrary origin (monotonic, sub-millisecond). */
export const now = () => performance.now();

/**
 * Nearest-rank percentile of already sorted numbers.
 * @param {number[]} sorted ascending
 * @param {number} p 0..100
 */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/**
 * Summary of latency samples in milliseconds.
 * @param {number[]} samples
 * @returns {{n:number,min:number,p25:number,p50:number,p75:number,p90:number,p95:number,p99:number,max:number,mean:number}}
 */
export function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((s, x) => s + x, 0) / Math.max(1, sorted.length);
  return {
    n: sorted.length,
    min: sorted[0] ?? NaN,
    p25: percentile(sorted, 25),
    p50: percentile(sorted, 50),
    p75: percentile(sorted, 75),
    p90: percentile(sorted, 90),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
    mean,
  };
}

/** Median of numbers (NaN when empty). */
export function median(values) {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/** Runs `fn` and returns [result, elapsed ms]. */
export async function timed(fn) {
  const start = now();
  const result = await fn();
  return [result, now() - start];
}

/** Runs a Locus call and returns `{ ms, result }`; an answer with `ok: false` is thrown as its error. */
export async function timedOutcome(run) {
  const start = now();
  const result = await run();
  if (result && result.ok === false) throw new Error(`${result.error.code}: ${result.error.message}`);
  return { ms: now() - start, result };
}

/** The 1/5/15-minute load averages, rounded, for the output header. */
export function loadNote() {
  return loadavg().map((x) => Math.round(x * 100) / 100);
}

/** Picks `count` items spread evenly over `items` (deterministic; all when there are fewer). */
export function spread(items, count) {
  if (count >= items.length) return [...items];
  const out = [];
  for (let i = 0; i < count; i++) out.push(items[Math.floor(((i + 0.5) * items.length) / count)]);
  return out;
}
