/**
 * How the store refers to a symbol: its file id and its index in the file's entry packed in one number
 * (file id × SLOT + symbol index), so the name buckets hold plain numbers, not one object per symbol.
 */

/** Symbols a file can have in the name buckets (more are left out of them). */
export const SLOT = 2 ** 20;

/**
 * The symbols of one distinct name, as refs: one number for the usual single symbol, an array for more.
 * Plain values in parallel arrays, not one object per name: names are most of the index's entries, and an
 * object plus an array each doubled its memory.
 */
export type Refs = number | number[];

/** The refs of a bucket as a list (empty for a free bucket). */
export const refList = (refs: Refs | undefined): readonly number[] =>
  refs === undefined ? [] : typeof refs === 'number' ? [refs] : refs;
