/**
 * The cursor-context block (docs/operations.md, "What the operations do"), first in every position-based answer.
 */
import type { CursorContext } from '../ops/context/cursor.js';
import { codeSpan } from './markdown.js';

/** Three lines: operation and place, what is under the cursor, the snippet with `|`. */
export function renderCursor(cursor: CursorContext): string {
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
