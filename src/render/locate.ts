/**
 * The answer to `locate`: the place, its range, notes and the other matches.
 */
import type { LocateSuccess, PlaceRef } from '../locate/resolver.js';
import { codeSpan } from './markdown.js';

/** `Located src/a.py:42:9 (method Cart.total)` plus notes and alternatives. */
export function renderLocateSuccess(result: LocateSuccess): string {
  const symbol = result.symbol ? ` (${result.symbol.kind} ${result.symbol.path})` : '';
  const lines = [`Located ${result.display}${symbol}`];
  if (result.range) {
    const { start, end } = result.range;
    lines.push(
      `Range: ${start.line + 1}:${start.character + 1} to ${end.line + 1}:${end.character + 1} (LSP columns, end exclusive)`,
    );
  }
  for (const note of result.notes ?? []) lines.push(`Note: ${note}`);
  if (result.alternatives && result.alternatives.length > 0) {
    const more = result.matches - 1 - result.alternatives.length;
    lines.push(
      `Other matches (${result.matches - 1}${more > 0 ? `, first ${result.alternatives.length} shown` : ''}):`,
    );
    for (const alt of result.alternatives) lines.push(`  ${renderPlace(alt)}`);
  }
  return lines.join('\n');
}

/** One place: `path:line:col  \`snippet\`  → locate`. */
function renderPlace(place: PlaceRef): string {
  return `${place.display}  ${codeSpan(place.snippet)}  → ${codeSpan(place.locate)}`;
}
