/**
 * Text anchors for tests: write `<|>` where a position is meant instead of counting columns.
 * `anchor("a = <|>b")` → { text: "a = b", offset: 4 }.
 */

/** One anchored position. */
export interface Anchored {
  text: string;
  offset: number;
}

/** Strips the single `<|>` (or the given marker) from `source` and returns its offset. */
export function anchor(source: string, marker = '<|>'): Anchored {
  const offsets = anchors(source, marker);
  if (offsets.offsets.length !== 1)
    throw new Error(`expected exactly one ${marker} in test text, found ${offsets.offsets.length}`);
  return { text: offsets.text, offset: offsets.offsets[0] as number };
}

/** Strips every marker and returns the offsets, in order. */
export function anchors(source: string, marker = '<|>'): { text: string; offsets: number[] } {
  const pieces = source.split(marker);
  const offsets: number[] = [];
  let text = '';
  pieces.forEach((piece, i) => {
    if (i > 0) offsets.push(text.length);
    text += piece;
  });
  return { text, offsets };
}

/** Offset of the first occurrence of `needle` in `text` (fails loudly when absent). */
export function offsetOf(text: string, needle: string, from = 0): number {
  const at = text.indexOf(needle, from);
  if (at < 0) throw new Error(`anchor text not found: ${JSON.stringify(needle)}`);
  return at;
}
