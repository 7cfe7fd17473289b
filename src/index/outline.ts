/** An `Outline` rebuilt from an index entry (no parse), for describing positions in indexed files. */
import type { Outline, OutlineSymbol } from '../locate/outline.js';
import { STRIDE, kindAt, prefixAt, type FileEntry } from './types.js';

/** The outline an index entry was packed from (syntax-error spans are not kept: `errors` is empty). */
export function outlineOfEntry(entry: FileEntry): Outline {
  const roots: OutlineSymbol[] = [];
  const stack: OutlineSymbol[] = [];
  const d = entry.data;
  for (let i = 0; i < entry.names.length; i++) {
    const at = i * STRIDE;
    const depth = d[at + 1] ?? 0;
    stack.length = Math.min(stack.length, depth);
    const parent = stack[stack.length - 1];
    const name = entry.names[i] as string;
    const symbol: OutlineSymbol = {
      name,
      path: [...(parent ? parent.path : []), ...prefixAt(entry, i), name],
      kind: kindAt(entry, i),
      nameSpan: { start: d[at + 3] ?? 0, end: d[at + 4] ?? 0 },
      fullSpan: { start: d[at + 5] ?? 0, end: d[at + 6] ?? 0 },
      children: [],
    };
    (parent ? parent.children : roots).push(symbol);
    stack.push(symbol);
  }
  return { language: entry.language, symbols: roots, errors: [] };
}
