/** Packing an outline into the index's compact entry (numbers and one string per name). */
import { LineIndex } from '../core/line-index.js';
import type { OutlineSymbol } from '../locate/outline.js';
import { KINDS, STRIDE, kindValue, type FileEntry, type WalkedFile } from './types.js';

/** Flattens an outline into a FileEntry (pre-order, with depths). */
export function packSymbols(
  file: WalkedFile,
  hash: string,
  text: string,
  symbols: readonly OutlineSymbol[],
): FileEntry {
  const names: string[] = [];
  const values: number[] = [];
  const prefixes: string[][] = [];
  const lines = new LineIndex(text);
  const visit = (list: readonly OutlineSymbol[], depth: number, nested: readonly string[]): void => {
    for (const s of list) {
      names.push(s.name);
      const kind = KINDS.indexOf(s.kind);
      const prefix = pathPrefix(s.path, [...nested, s.name]);
      const slot = prefix.length === 0 ? -1 : prefixSlot(prefixes, prefix);
      values.push(kindValue(kind < 0 ? 0 : kind, slot), depth, lines.toPosition(s.nameSpan.start).line);
      values.push(s.nameSpan.start, s.nameSpan.end, s.fullSpan.start, s.fullSpan.end);
      visit(s.children, depth + 1, [...prefix, ...nested, s.name]);
    }
  };
  visit(symbols, 0, []);
  if (values.length !== names.length * STRIDE) throw new Error('index entry layout mismatch');
  const entry: FileEntry = {
    path: file.path,
    size: file.size,
    mtimeMs: file.mtimeMs,
    hash,
    language: file.language,
    names,
    data: Int32Array.from(values),
  };
  if (prefixes.length > 0) entry.prefixes = prefixes;
  return entry;
}

/** The leading segments of `path` that nesting (`nested`, ending in the name) does not give. */
function pathPrefix(path: readonly string[], nested: readonly string[]): string[] {
  const extra = path.length - nested.length;
  if (extra <= 0 || !nested.every((segment, i) => path[extra + i] === segment)) return [];
  return path.slice(0, extra);
}

function prefixSlot(prefixes: string[][], prefix: string[]): number {
  const key = prefix.join('\u0000');
  const known = prefixes.findIndex((p) => p.join('\u0000') === key);
  if (known >= 0) return known;
  prefixes.push(prefix);
  return prefixes.length - 1;
}
