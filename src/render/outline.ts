/**
 * Renders an outline as an indented tree: kind, path, `path:line:col`, locate string; a page of it says which
 * page and what was left out (docs/mcp.md, "Budgets").
 */
import { NEUTRAL_WORDING, wordAll, type Wording } from '../core/advice.js';
import type { OutlineEntry, OutlineResult } from '../ops/locating/outline.js';
import type { OutlinePage } from '../ops/locating/outline-page.js';

/** One symbol's line (also the size measure of outline pages). */
export function outlineLine(entry: OutlineEntry, level: number, hidden = entry.hidden_children ?? 0): string {
  const more = hidden > 0 ? `  (+${hidden} nested)` : '';
  return `${'  '.repeat(level + 1)}${entry.kind} ${entry.path}  ${entry.display}  ${entry.locate}${more}`;
}

/** The outline of one file (or one page of it) as text. */
export function renderOutline(result: OutlineResult | OutlinePage, word: Wording = NEUTRAL_WORDING): string {
  const paged = 'pages' in result;
  const heading = `Outline of ${result.file_path} (${result.language})`;
  const lines = [
    paged && (result.pages > 1 || result.hidden_by_depth > 0)
      ? `${heading} — ${result.shown} of ${result.total_symbols} symbols${result.pages > 1 ? `, page ${result.page} of ${result.pages}` : ''}`
      : heading,
  ];
  const visit = (entries: OutlineEntry[], depth: number): void => {
    for (const entry of entries) {
      lines.push(outlineLine(entry, depth));
      visit(entry.children, depth + 1);
    }
  };
  visit(result.symbols, 0);
  if (result.symbols.length === 0) lines.push('  (no symbols)');
  if (result.syntax_error_lines)
    lines.push(
      `Syntax errors on line(s) ${result.syntax_error_lines.join(', ')}: symbols there may be missing.`,
    );
  if (result.outline_source) lines.push(`Note: ${result.outline_source}.`);
  if (paged) lines.push(...wordAll(result.advice, word));
  return lines.join('\n');
}
