/**
 * The plain-data outline of a file that the resolver works on. The syntax layer fills it from
 * tree-sitter; nothing here knows where it came from.
 */
import type { Span } from '../core/positions.js';

/** Symbol kinds: lower-case LSP SymbolKind names plus `type` for type aliases (docs/locate-strings.md, "Which declarations are symbols"). */
export type SymbolKindName =
  | 'file'
  | 'module'
  | 'namespace'
  | 'package'
  | 'class'
  | 'method'
  | 'property'
  | 'field'
  | 'constructor'
  | 'enum'
  | 'interface'
  | 'function'
  | 'variable'
  | 'constant'
  | 'string'
  | 'number'
  | 'boolean'
  | 'array'
  | 'object'
  | 'key'
  | 'null'
  | 'enummember'
  | 'struct'
  | 'event'
  | 'operator'
  | 'typeparameter'
  | 'type'
  | 'macro';

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

/** The innermost symbol whose full span contains the offset (end inclusive for a cursor at the end). */
export function enclosingSymbol(
  symbols: readonly OutlineSymbol[],
  offset: number,
): OutlineSymbol | undefined {
  let best: OutlineSymbol | undefined;
  let level: readonly OutlineSymbol[] = symbols;
  for (;;) {
    const inner = level.find((s) => s.fullSpan.start <= offset && offset < s.fullSpan.end);
    if (!inner) return best;
    best = inner;
    level = inner.children;
  }
}
