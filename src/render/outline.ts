/**
 * Renders an outline as an indented tree: kind, path, `path:line:col`, locate string.
 */
import type { OutlineEntry, OutlineResult } from '../ops/outline.js';

/** The outline of one file as text. */
export function renderOutline(result: OutlineResult): string {
  const lines = [`Outline of ${result.file_path} (${result.language})`];
  const visit = (entries: OutlineEntry[], depth: number): void => {
    for (const entry of entries) {
      lines.push(`${'  '.repeat(depth + 1)}${entry.kind} ${entry.path}  ${entry.display}  ${entry.locate}`);
      visit(entry.children, depth + 1);
    }
  };
  visit(result.symbols, 0);
  if (result.symbols.length === 0) lines.push('  (no symbols)');
  if (result.syntax_error_lines)
    lines.push(
      `Syntax errors on line(s) ${result.syntax_error_lines.join(', ')}: symbols there may be missing.`,
    );
  return lines.join('\n');
}
