/**
 * A tiny indentation-based outline builder for pure resolver tests (no tree-sitter): `class X:`,
 * `def f(`, decorators `@…` directly above; methods are defs whose parent is a class.
 */
import type { Outline, OutlineSymbol } from '../../src/locate/outline.js';
import { LineIndex } from '../../src/core/line-index.js';

const DECL_RE = /^([ \t]*)(class|def)[ \t]+([A-Za-z_][A-Za-z0-9_]*)/;

/** Builds an outline for Python-like test text. */
export function miniOutline(text: string): Outline {
  const lines = new LineIndex(text);
  const roots: OutlineSymbol[] = [];
  const stack: { indent: number; symbol: OutlineSymbol }[] = [];
  for (let line = 0; line < lines.lineCount; line++) {
    const lineText = lines.lineText(line);
    const m = DECL_RE.exec(lineText);
    if (!m) continue;
    const indent = (m[1] as string).length;
    while (stack.length > 0 && (stack[stack.length - 1] as { indent: number }).indent >= indent) stack.pop();
    const parent = stack[stack.length - 1]?.symbol;
    const name = m[3] as string;
    const nameStart = lines.lineStart(line) + lineText.indexOf(name, indent + (m[2] as string).length);
    let start = lines.lineStart(line) + indent;
    for (let up = line - 1; up >= 0 && /^[ \t]*@/.test(lines.lineText(up)); up--) {
      start = lines.lineStart(up) + (lines.lineText(up).length - lines.lineText(up).trimStart().length);
    }
    const symbol: OutlineSymbol = {
      name,
      path: [...(parent?.path ?? []), name],
      kind: m[2] === 'class' ? 'class' : parent?.kind === 'class' ? 'method' : 'function',
      nameSpan: { start: nameStart, end: nameStart + name.length },
      fullSpan: { start, end: blockEnd(lines, line, indent) },
      children: [],
    };
    (parent ? parent.children : roots).push(symbol);
    stack.push({ indent, symbol });
  }
  return { language: 'mini', symbols: roots, errors: [] };
}

function blockEnd(lines: LineIndex, line: number, indent: number): number {
  let last = line;
  for (let next = line + 1; next < lines.lineCount; next++) {
    const text = lines.lineText(next);
    if (text.trim() === '') continue;
    if (text.length - text.trimStart().length <= indent) break;
    last = next;
  }
  return lines.lineEnd(last);
}
