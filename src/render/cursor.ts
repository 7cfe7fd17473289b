/**
 * The cursor-context block (docs/operations.md, "What the operations do"), first in every position-based answer.
 */
import type { CursorContext } from '../ops/context/cursor.js';
import { codeSpan } from './markdown.js';

/**
 * How much of an answer to render: `full` (every part: the cursor's line, diffs with context, call sites with
 * their source lines) or `compact` (what an agent needs to act, one locate string per place: the MCP default).
 */
export type Detail = 'compact' | 'full';

/**
 * Three lines: operation and place, what is under the cursor, the snippet with `|`. Compact: the first two on one
 * line (the symbol says whether the locate hit the right thing; the snippet is in the full form).
 */
export function renderCursor(cursor: CursorContext, detail: Detail = 'full'): string {
  if (detail === 'compact') return `${cursor.operation} on ${cursor.display}: ${symbolLine(cursor)}`;
  return [
    `${cursor.operation} on ${cursor.display}`,
    `Symbol: ${symbolLine(cursor)}`,
    `Cursor: ${codeSpan(cursor.snippet)}`,
  ].join('\n');
}

function symbolLine(cursor: CursorContext): string {
  const symbol = cursor.symbol;
  if (!symbol) return 'no identifier under the cursor (it is on whitespace or punctuation)';
  const enclosing = symbol.enclosing ? `, in ${symbol.enclosing.kind} ${symbol.enclosing.path}` : '';
  if (symbol.role === 'declaration') return `(${symbol.kind}) ${symbol.path} — declaration${enclosing}`;
  return `${symbol.name} — ${symbol.role}${enclosing}`;
}

/** Notes shared by every operation result (readiness, resolution notes). */
export function renderResultNotes(result: {
  possibly_incomplete?: true;
  incomplete_reason?: string;
  notes?: string[];
}): string[] {
  const lines = (result.notes ?? []).map((note) => `Note: ${note}`);
  if (result.possibly_incomplete)
    lines.push(
      `Note: ${result.incomplete_reason ?? 'the language server was still loading the project'}; this answer may be incomplete.`,
    );
  return lines;
}
