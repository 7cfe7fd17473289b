/**
 * Outlines of files in a language without a grammar (docs/configuration.md, "A language without a grammar"): the
 * symbols come from the language server's `textDocument/documentSymbol` — hierarchical DocumentSymbols, or flat
 * SymbolInformation nested by range and container name — turned into the same plain outline data the tree-sitter
 * outlines are, so symbol scopes, `[K]`, describe and the cursor context work unchanged. The locator asks a
 * `ServerOutlines` (provided by the operations context, which owns the servers) and never starts one itself.
 */
import type { Range } from '../../core/positions.js';
import { LineIndex } from '../../core/line-index.js';
import type { Span } from '../../core/positions.js';
import { lspSymbolKindName, type Outline, type OutlineSymbol } from '../../locate/outline.js';
import { isWordCharAt } from '../../locate/tokens.js';

/** Where outlines of grammarless languages come from (the language servers; see `ops/context/server-outlines.ts`). */
export interface ServerOutlines {
  /** True when `language` (a declared one) has a server that can be asked for an outline. */
  serves(language: string): boolean;
  /** The outline of `text` (cached per file and content); throws a LocusError when the server gives none. */
  outline(absPath: string, language: string, text: string): Promise<Outline>;
  /** Stops what it started (the servers of a one-shot command). */
  close?(): Promise<void>;
}

/** A DocumentSymbol or SymbolInformation as servers send them (positions already in UTF-16). */
export interface ServerSymbol {
  name: string;
  kind: number;
  range?: Range;
  selectionRange?: Range;
  children?: ServerSymbol[];
  location?: { range: Range };
  containerName?: string;
}

/** Symbols nested deeper than this are dropped (a server's answer is untrusted input). */
const MAX_DEPTH = 64;
/** At most this many symbols are taken from one answer. */
const MAX_SYMBOLS = 50_000;

/** The outline of `text` from a server's documentSymbol answer; `server` names it in every answer. */
export function outlineFromServer(
  language: string,
  server: string,
  text: string,
  symbols: readonly ServerSymbol[],
): Outline {
  const lines = new LineIndex(text);
  const budget = { left: MAX_SYMBOLS };
  const hierarchical = symbols.some((s) => s.range !== undefined && s.location === undefined);
  const top = hierarchical
    ? convertTree(symbols, [], text, lines, 0, budget)
    : nestFlat(symbols, text, lines, budget);
  return { language, symbols: top, errors: [], server };
}

function convertTree(
  list: readonly ServerSymbol[],
  parentPath: string[],
  text: string,
  lines: LineIndex,
  depth: number,
  budget: { left: number },
): OutlineSymbol[] {
  if (depth >= MAX_DEPTH) return [];
  const out: OutlineSymbol[] = [];
  for (const item of list) {
    const symbol = convertOne(item, item.range, item.selectionRange, parentPath, text, lines, budget);
    if (symbol === undefined) continue;
    const children = Array.isArray(item.children) ? item.children : [];
    symbol.children = convertTree(children, symbol.path, text, lines, depth + 1, budget);
    out.push(symbol);
  }
  return out.sort((a, b) => a.fullSpan.start - b.fullSpan.start);
}

/**
 * Flat SymbolInformation nested by range: each symbol goes under the innermost earlier one whose span holds it,
 * preferring one named by its `containerName`.
 */
function nestFlat(
  list: readonly ServerSymbol[],
  text: string,
  lines: LineIndex,
  budget: { left: number },
): OutlineSymbol[] {
  const flat: Array<{ symbol: OutlineSymbol; container: string | undefined }> = [];
  for (const item of list) {
    const symbol = convertOne(item, item.location?.range, undefined, [], text, lines, budget);
    if (symbol !== undefined) flat.push({ symbol, container: item.containerName || undefined });
  }
  flat.sort((a, b) => spanOrder(a.symbol.fullSpan, b.symbol.fullSpan));
  const top: OutlineSymbol[] = [];
  const open: OutlineSymbol[] = [];
  for (const { symbol, container } of flat) {
    while (open.length > 0 && !holds(open[open.length - 1] as OutlineSymbol, symbol)) open.pop();
    const named = container === undefined ? -1 : findLastIndex(open, (o) => o.name === container);
    const depth = named >= 0 ? named + 1 : open.length;
    const parent = depth > 0 && depth <= MAX_DEPTH ? open[depth - 1] : undefined;
    if (depth > MAX_DEPTH) continue;
    open.length = depth;
    symbol.path = [...(parent?.path ?? []), symbol.name];
    (parent?.children ?? top).push(symbol);
    open.push(symbol);
  }
  return top;
}

function convertOne(
  item: ServerSymbol,
  range: Range | undefined,
  selection: Range | undefined,
  parentPath: string[],
  text: string,
  lines: LineIndex,
  budget: { left: number },
): OutlineSymbol | undefined {
  const name = typeof item.name === 'string' ? (item.name.split(/\r?\n/)[0] ?? '').trim() : '';
  if (name === '' || !isRange(range) || budget.left <= 0) return undefined;
  budget.left--;
  const fullSpan = wholeLines(lines, range);
  const nameSpan = findName(name, text, isRange(selection) ? lines.toSpan(selection) : fullSpan, fullSpan);
  return {
    name,
    path: [...parentPath, name],
    kind: lspSymbolKindName(item.kind) ?? 'variable',
    nameSpan,
    fullSpan: { start: Math.min(fullSpan.start, nameSpan.start), end: Math.max(fullSpan.end, nameSpan.end) },
    children: [],
  };
}

/**
 * A range's span; a line-granular range (both ends at column 0, as fortls sends them) covers its last line too,
 * since such servers mean the lines from start to end inclusive.
 */
function wholeLines(lines: LineIndex, range: Range): Span {
  const raw = lines.toSpan(range);
  const span = { start: Math.min(raw.start, raw.end), end: Math.max(raw.start, raw.end) };
  if (range.start.character !== 0 || range.end.character !== 0 || range.end.line < range.start.line)
    return span;
  return { start: span.start, end: lines.lineEnd(Math.min(range.end.line, lines.lineCount - 1)) };
}

/**
 * Where the name is written: the selection range when it reads as the name, else the first whole-word occurrence of
 * the name (exact, then ignoring case) in the selection range, then in the whole range; else the selection's start.
 * Servers differ: vim-language-server selects the whole function, fortls gives no selection at all.
 */
function findName(name: string, text: string, selection: Span, full: Span): Span {
  if (text.slice(selection.start, selection.end) === name) return selection;
  for (const within of [selection, full]) {
    for (const ignoreCase of [false, true]) {
      const at = wordAt(text, name, within, ignoreCase);
      if (at !== undefined) return { start: at, end: at + name.length };
    }
  }
  return { start: selection.start, end: Math.max(selection.start, Math.min(selection.end, full.end)) };
}

function wordAt(text: string, name: string, within: Span, ignoreCase: boolean): number | undefined {
  const haystack = text.slice(within.start, within.end);
  const source = ignoreCase ? haystack.toLowerCase() : haystack;
  const needle = ignoreCase ? name.toLowerCase() : name;
  for (let i = source.indexOf(needle); i >= 0; i = source.indexOf(needle, i + 1)) {
    const start = within.start + i;
    const end = start + name.length;
    const wordy = (at: number) => isWordCharAt(text, at);
    const before = start > 0 && wordy(start) && wordy(start - 1);
    const after = end < text.length && wordy(end - 1) && wordy(end);
    if (!before && !after) return start;
  }
  return undefined;
}

/** A range as the protocol defines it (a server's answer is untrusted: anything else is skipped). */
function isRange(range: unknown): range is Range {
  const at = (p: unknown): boolean =>
    typeof p === 'object' &&
    p !== null &&
    Number.isSafeInteger((p as { line: unknown }).line) &&
    Number.isSafeInteger((p as { character: unknown }).character) &&
    (p as { line: number }).line >= 0 &&
    (p as { character: number }).character >= 0;
  return (
    typeof range === 'object' && range !== null && at((range as Range).start) && at((range as Range).end)
  );
}

function holds(outer: OutlineSymbol, inner: OutlineSymbol): boolean {
  return outer.fullSpan.start <= inner.fullSpan.start && inner.fullSpan.end <= outer.fullSpan.end;
}

/** Document order; of two starting together the longer first (the container before what it holds). */
function spanOrder(a: Span, b: Span): number {
  return a.start - b.start || b.end - a.end;
}

function findLastIndex<T>(list: readonly T[], test: (item: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i] as T)) return i;
  return -1;
}
