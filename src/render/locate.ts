/**
 * Plain-text/markdown renderers for offline results: locate, describe, errors.
 */
import { NEUTRAL_WORDING, wordAll, type Wording } from '../core/advice.js';
import type { ErrorData } from '../core/errors.js';
import type { LocateSuccess, PlaceRef } from '../locate/resolver.js';

/** A code span that survives backticks inside (fence longer than any run inside). */
export function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

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
export function renderPlace(place: PlaceRef): string {
  return `${place.display}  ${codeSpan(place.snippet)}  → ${codeSpan(place.locate)}`;
}

/** `error CODE: message` plus the hint and any candidates. */
export function renderError(error: ErrorData, word: Wording = NEUTRAL_WORDING): string {
  const lines = [`error ${error.code}: ${error.message}`];
  const hint = [error.hint, ...wordAll(error.advice, word)].filter(Boolean).join(' ');
  if (hint) lines.push(`hint: ${hint}`);
  return lines.join('\n');
}
