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
  const visit = (list: readonly OutlineSymbol[], depth: number, parentPath: readonly string[]): void => {
    for (const s of list) {
      names.push(s.name);
      const kind = KINDS.indexOf(s.kind);
      const prefix = pathQualifier(s.path, parentPath, s.name);
      const slot = prefix.length === 0 ? -1 : prefixSlot(prefixes, prefix);
      values.push(kindValue(kind < 0 ? 0 : kind, slot), depth, lines.toPosition(s.nameSpan.start).line);
      values.push(s.nameSpan.start, s.nameSpan.end, s.fullSpan.start, s.fullSpan.end);
      visit(s.children, depth + 1, [...parentPath, ...prefix, s.name]);
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

/**
 * The segments of `path` between its parent's path and its name, which nesting does not give: a Go receiver
 * (`Reader` of a top-level `Reader.ReadRune`), a C++ class of a method defined out of line inside a namespace
 * (`Foo` of `ns.Foo.bar`), a transparent container's segments.
 */
function pathQualifier(path: readonly string[], parentPath: readonly string[], name: string): string[] {
  const extra = path.length - parentPath.length - 1;
  if (extra <= 0 || path[path.length - 1] !== name || !parentPath.every((segment, i) => path[i] === segment))
    return [];
  return path.slice(parentPath.length, -1);
}

function prefixSlot(prefixes: string[][], prefix: string[]): number {
  const key = prefix.join('\u0000');
  const known = prefixes.findIndex((p) => p.join('\u0000') === key);
  if (known >= 0) return known;
  prefixes.push(prefix);
  return prefixes.length - 1;
}
