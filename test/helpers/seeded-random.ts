/** Deterministic PRNG (mulberry32) for tests: the bench's one generator, so a failure replays exactly from its seed. */
export { seededRandom } from '../../bench/lib/seeded-random.js';
