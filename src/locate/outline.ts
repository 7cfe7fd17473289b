/**
 * The plain-data outline of a file that the resolver works on. The syntax layer fills it from
 * tree-sitter; nothing here knows where it came from.
 */
import type { Span } from '../core/positions.js';

/** Symbol kinds: lower-case LSP SymbolKind names plus `type` for type aliases (docs/locate-strings.md, "Which declarations are symbols"). */
export const SYMBOL_KIND_NAMES = [
  // LSP SymbolKind 1–26 in protocol order (index = SymbolKind - 1) …
  'file',
  'module',
  'namespace',
  'package',
  'class',
  'method',
  'property',
  'field',
  'constructor',
  'enum',
  'interface',
  'function',
  'variable',
  'constant',
  'string',
  'number',
  'boolean',
  'array',
  'object',
  'key',
  'null',
  'enummember',
  'struct',
  'event',
  'operator',
  'typeparameter',
  // … then Locus's own.
  'type',
  'macro',
] as const;

/** A symbol kind name (one of SYMBOL_KIND_NAMES). */
export type SymbolKindName = (typeof SYMBOL_KIND_NAMES)[number];

/** The kind name of an LSP SymbolKind number. */
export function lspSymbolKindName(kind: number): SymbolKindName | undefined {
  return kind >= 1 && kind <= 26 ? SYMBOL_KIND_NAMES[kind - 1] : undefined;
}

/** One named declaration with its nested declarations. Spans are UTF-16 offsets into the file text. */
export interface OutlineSymbol {
  /** The symbol's own name (last path segment). */
  name: string;
  /** Names of the enclosing symbols plus its own, dot-free segments. */
  path: string[];
  kind: SymbolKindName;
  /** The identifier that names the symbol. */
  nameSpan: Span;
  /** The whole declaration: decorators/annotations/`export` included, leading comments excluded. */
  fullSpan: Span;
  /** Nested symbols in document order. */
  children: OutlineSymbol[];
}

/** All symbols of one file, plus where the parse found syntax errors (for hints). */
export interface Outline {
  /** Language id of the grammar that produced it (e.g. `python`, `typescript`). */
  language: string;
  /** Top-level symbols in document order. */
  symbols: OutlineSymbol[];
  /** Regions the parser could not parse; symbols there may be missing or misnested. */
  errors: Span[];
  /**
   * Set when a language server gave the outline (`textDocument/documentSymbol`) because the language has no grammar:
   * the server's name, which every answer using the outline mentions.
   */
  server?: string;
}

/** The note an answer that used a server's outline carries (undefined for a grammar's outline). */
export function serverOutlineNote(filePath: string, outline: Outline): string | undefined {
  if (outline.server === undefined) return undefined;
  return `the symbols of ${filePath} come from ${outline.server} (documentSymbol): Locus has no grammar for ${outline.language}`;
}

// Outlines are immutable plain data, so derived indexes are computed once per symbol list.
const flattened = new WeakMap<readonly OutlineSymbol[], readonly OutlineSymbol[]>();

/** Every symbol of an outline in document (pre-)order (computed once per list; do not mutate). */
export function flattenOutline(symbols: readonly OutlineSymbol[]): readonly OutlineSymbol[] {
  const known = flattened.get(symbols);
  if (known) return known;
  const all: OutlineSymbol[] = [];
  const visit = (list: readonly OutlineSymbol[]): void => {
    for (const symbol of list) {
      all.push(symbol);
      visit(symbol.children);
    }
  };
  visit(symbols);
  flattened.set(symbols, all);
  return all;
}

/**
 * The innermost symbol whose full span contains the offset (end inclusive for a cursor at the end).
 * Each level is searched by bisection over its running maximum of span ends, so a lookup costs
 * O(depth · log siblings) instead of scanning every top-level symbol (outlines reach 18k symbols).
 */
export function enclosingSymbol(
  symbols: readonly OutlineSymbol[],
  offset: number,
): OutlineSymbol | undefined {
  let best: OutlineSymbol | undefined;
  let level: readonly OutlineSymbol[] = symbols;
  for (;;) {
    const inner = firstContaining(level, offset);
    if (!inner) return best;
    best = inner;
    level = inner.children;
  }
}

const maxEnds = new WeakMap<readonly OutlineSymbol[], Int32Array | Float64Array>();

/** The first sibling (list order) whose span contains `offset`, the same answer as a linear `find`. */
function firstContaining(level: readonly OutlineSymbol[], offset: number): OutlineSymbol | undefined {
  if (level.length < 8) return level.find((s) => s.fullSpan.start <= offset && offset < s.fullSpan.end);
  let ends = maxEnds.get(level);
  if (!ends) {
    ends = new Float64Array(level.length);
    let max = -Infinity;
    level.forEach((s, i) => (ends![i] = max = Math.max(max, s.fullSpan.end)));
    maxEnds.set(level, ends);
  }
  // The first index whose running maximum end passes the offset is the first span ending after it.
  let lo = 0;
  let hi = level.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((ends[mid] as number) > offset) hi = mid;
    else lo = mid + 1;
  }
  for (let i = lo; i < level.length; i++) {
    const s = level[i] as OutlineSymbol;
    if (s.fullSpan.start <= offset && offset < s.fullSpan.end) return s;
    // Siblings come in document order: once one starts past the offset, none later contains it.
    if (s.fullSpan.start > offset && isSorted(level)) return undefined;
  }
  return undefined;
}

const sortedLevels = new WeakMap<readonly OutlineSymbol[], boolean>();

function isSorted(level: readonly OutlineSymbol[]): boolean {
  let sorted = sortedLevels.get(level);
  if (sorted === undefined) {
    sorted = level.every(
      (s, i) => i === 0 || (level[i - 1] as OutlineSymbol).fullSpan.start <= s.fullSpan.start,
    );
    sortedLevels.set(level, sorted);
  }
  return sorted;
}

/** Lookups derived from an outline, built once per symbol list (outlines are immutable). */
export interface OutlineIndex {
  /** The first symbol (document order) whose name starts at an offset. */
  byNameStart: ReadonlyMap<number, OutlineSymbol>;
  parentOf(symbol: OutlineSymbol): OutlineSymbol | undefined;
  /** Every symbol with exactly this path, in document order. */
  samePath(symbol: OutlineSymbol): readonly OutlineSymbol[];
  /**
   * The symbol's `K` in `path[K]`: its place among the symbols of its path in the order of their names (as
   * resolution counts them). Sorted once per path, so describing every symbol of an outline stays linear.
   */
  pathIndexOf(symbol: OutlineSymbol): number;
}

const indexes = new WeakMap<readonly OutlineSymbol[], OutlineIndex>();

/** Each symbol's place in its list, the lists ordered by where names start (a stable sort: ties keep document order). */
function namePositionIndexes(lists: Iterable<OutlineSymbol[]>): Map<OutlineSymbol, number> {
  const places = new Map<OutlineSymbol, number>();
  for (const list of lists) {
    const ordered = list.length > 1 ? [...list].sort((a, b) => a.nameSpan.start - b.nameSpan.start) : list;
    ordered.forEach((symbol, place) => places.set(symbol, place));
  }
  return places;
}

/** The index of an outline's symbol list (linear to build, then O(1) per lookup). */
export function outlineIndex(symbols: readonly OutlineSymbol[]): OutlineIndex {
  const known = indexes.get(symbols);
  if (known) return known;
  const byNameStart = new Map<number, OutlineSymbol>();
  const parents = new Map<OutlineSymbol, OutlineSymbol>();
  const paths = new Map<string, OutlineSymbol[]>();
  for (const symbol of flattenOutline(symbols)) {
    if (!byNameStart.has(symbol.nameSpan.start)) byNameStart.set(symbol.nameSpan.start, symbol);
    for (const child of symbol.children) if (!parents.has(child)) parents.set(child, symbol);
    const key = symbol.path.join('\u0000');
    const list = paths.get(key);
    if (list) list.push(symbol);
    else paths.set(key, [symbol]);
  }
  let pathIndexes: Map<OutlineSymbol, number> | undefined;
  const index: OutlineIndex = {
    byNameStart,
    parentOf: (symbol) => parents.get(symbol),
    samePath: (symbol) => paths.get(symbol.path.join('\u0000')) ?? [symbol],
    pathIndexOf: (symbol) => {
      pathIndexes ??= namePositionIndexes(paths.values());
      return pathIndexes.get(symbol) ?? 0;
    },
  };
  indexes.set(symbols, index);
  return index;
}
