/** Names shown for the index's match tiers and kinds. */
import { KINDS, TIER } from '../../index/index.js';

/** Kinds a symbols query can filter on. */
export const KINDS_LIST = KINDS;

/** Tier number → name (`exact`, `prefix`, `hump`, `substring`, `subsequence`). */
export const TIER_NAMES: readonly string[] = Object.entries(TIER)
  .sort((a, b) => a[1] - b[1])
  .map(([name]) => name);
