/** Deterministic PRNG (mulberry32) for the bench and the tests: a failure replays exactly from its seed. */
export declare function seededRandom(seed: number): () => number;
