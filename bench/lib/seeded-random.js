/**
 * Deterministic PRNG (mulberry32): the same inputs on every run, and a failure replays exactly from its seed.
 * Plain JavaScript so the bench runs it as is; the tests import it too (test/helpers/seeded-random.ts).
 * @param {number} seed
 * @returns {() => number} numbers in [0, 1)
 */
export function seededRandom(seed) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
