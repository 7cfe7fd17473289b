/**
 * Cursor markers `<|>`, `<<|>>`, … (docs/locate-strings.md, "Find"): the deepest level whose marker string occurs
 * exactly once is the marker; every other marker-like text is literal.
 */

/** The deepest marker level Locus recognises. */
export const MAX_MARKER_LEVEL = 10;

/** A find text split at its marker (or not split, when no level occurs exactly once). */
export type MarkerSplit =
  { kind: 'marker'; level: number; before: string; after: string } | { kind: 'none'; pattern: string };

/** The marker string of a level: `<`×k `|` `>`×k. */
export function markerString(level: number): string {
  return `${'<'.repeat(level)}|${'>'.repeat(level)}`;
}

/** Non-overlapping occurrences of `needle` in `text`. */
function countOccurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) count++;
  return count;
}

/** Finds the marker of a find text. */
export function splitMarker(find: string): MarkerSplit {
  if (!find.includes('|')) return { kind: 'none', pattern: find };
  for (let level = MAX_MARKER_LEVEL; level >= 1; level--) {
    const marker = markerString(level);
    if (countOccurrences(find, marker) !== 1) continue;
    const at = find.indexOf(marker);
    return { kind: 'marker', level, before: find.slice(0, at), after: find.slice(at + marker.length) };
  }
  return { kind: 'none', pattern: find };
}

/** Joins two pattern halves with the shallowest marker level that splitMarker reads back the same way. */
export function joinWithMarker(before: string, after: string): string | undefined {
  // Without a `|` the only marker-like text is the one inserted (unless it grows into `<<|>>`).
  const fast =
    !before.includes('|') && !after.includes('|') && !(before.endsWith('<') && after.startsWith('>'));
  if (fast) return `${before}<|>${after}`;
  for (let level = 1; level <= MAX_MARKER_LEVEL; level++) {
    const find = before + markerString(level) + after;
    const split = splitMarker(find);
    if (split.kind === 'marker' && split.before === before && split.after === after) return find;
  }
  return undefined;
}
