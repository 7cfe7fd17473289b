/**
 * Golden outline files: one line per symbol, two spaces of indentation per depth,
 * `<kind> <dotted.path> <line>:<col>` where line:col is the 1-based line and 1-based code-point column
 * of the name start (`method Cart.total 12:9`). With `UPDATE_GOLDEN=1` the golden is rewritten —
 * then read it and check it by eye against the rules of docs/locate-strings.md ("Which declarations are symbols") before committing it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';
import { LineIndex } from '../../src/core/line-index.js';
import type { Outline, OutlineSymbol } from '../../src/locate/outline.js';

/** Renders an outline in the golden text format (trailing newline included). */
export function renderOutline(outline: Outline, text: string): string {
  const index = new LineIndex(text);
  const lines: string[] = [];
  const visit = (symbols: readonly OutlineSymbol[], depth: number): void => {
    for (const symbol of symbols) {
      const at = index.toDisplay(symbol.nameSpan.start);
      lines.push(`${'  '.repeat(depth)}${symbol.kind} ${symbol.path.join('.')} ${at.line}:${at.column}`);
      visit(symbol.children, depth + 1);
    }
  };
  visit(outline.symbols, 0);
  return lines.join('\n') + '\n';
}

/** Compares an outline with the golden file `goldenPath` (rewrites it under `UPDATE_GOLDEN=1`). */
export function expectGoldenOutline(outline: Outline, text: string, goldenPath: string): void {
  const actual = renderOutline(outline, text);
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(goldenPath)) {
    writeFileSync(goldenPath, actual);
    if (process.env.UPDATE_GOLDEN !== '1')
      throw new Error(`golden file was missing, wrote ${goldenPath}; review it`);
    return;
  }
  expect(actual).toBe(readFileSync(goldenPath, 'utf8'));
}
