/**
 * Re-anchoring (docs/edit.md): a locate string recorded before edits that no longer resolves exactly
 * is moved to the one place it unambiguously still means — a find that left its line scope, a find
 * whose whitespace changed, a symbol whose parent was renamed, a symbol renamed with a unique body
 * match. Anything less than a unique candidate is refused (undefined): a wrong anchor is worse than none.
 */
import type { Span } from '../core/positions.js';
import { splitMarker } from './markers.js';
import { compileFind, findAll } from './matcher.js';
import { isLineScope, isSymbolScope, type Locate } from './model.js';
import { flattenOutline, type OutlineSymbol } from './outline.js';
import type { FileView } from './resolve-core.js';
import { findSyntax, WORD_CHAR } from './tokens.js';
import { formatSymbolPath } from './symbol-path.js';

/** How a locate was re-anchored. */
export type ReanchorKind = 'moved' | 'whitespace' | 'reparented' | 'renamed';

/** A re-anchored target: the span it now names (range semantics) and why. */
export interface Reanchored {
  kind: ReanchorKind;
  span: Span;
  /** Cursor offset (position semantics: the marker, else the span start; a symbol's name). */
  offset: number;
  symbol?: OutlineSymbol;
  /** Human detail, e.g. `moved 12 lines`, `renamed total → grand_total`. */
  detail: string;
}

/** Tries to re-anchor a locate that did not resolve; undefined when no unique place exists. */
export function reanchor(view: FileView, locate: Locate): Reanchored | undefined {
  if (isSymbolScope(locate.scope)) return reanchorSymbol(view, locate);
  const whole: Span = { start: 0, end: view.text.length };
  if (locate.find === undefined) return undefined;
  if (isLineScope(locate.scope)) {
    const first = locate.scope.start_line - 1;
    const scoped = lineSpan(view, locate.scope.start_line, locate.scope.end_line);
    const spaced = scoped && uniqueLoose(view, locate.find, scoped);
    if (spaced) return { ...spaced, kind: 'whitespace', detail: 'whitespace changed' };
    // A find that left its line follows it only as a whole line, unique in the file: shorter finds landed
    // on other code in the measurements (a call re-anchored to the declaration; docs/edit.md).
    if (tokenCount(locate.find) < MIN_MOVED_TOKENS) return undefined;
    // Most of its words still on those lines: the line was edited in place, not moved; its twin elsewhere
    // is another statement.
    if (scoped && wordOverlap(locate.find, view.text.slice(scoped.start, scoped.end)) >= 0.5)
      return undefined;
    const moved = uniqueExact(view, locate.find, whole) ?? uniqueLoose(view, locate.find, whole);
    if (!moved || !wholeLine(view, moved.span)) return undefined;
    const delta = view.lines.lineOf(moved.span.start) - first;
    return { ...moved, kind: 'moved', detail: movedBy(delta) };
  }
  const loose = uniqueLoose(view, locate.find, whole);
  return loose && { ...loose, kind: 'whitespace', detail: 'whitespace changed' };
}

const MIN_MOVED_TOKENS = 2;

/** The share of the find's words that occur in `text`. */
function wordOverlap(find: string, text: string): number {
  const words = find.match(WORDS_RE) ?? [];
  if (words.length === 0) return 0;
  const present = new Set(text.match(WORDS_RE) ?? []);
  return words.filter((w) => present.has(w)).length / words.length;
}

const WORDS_RE = new RegExp(`${WORD_CHAR}+`, 'gu');

function wholeLine(view: FileView, span: Span): boolean {
  const { lines, text } = view;
  const first = lines.lineOf(span.start);
  const last = lines.lineOf(span.end);
  const before = text.slice(lines.lineStart(first), span.start);
  const after = text.slice(span.end, lines.lineEnd(last));
  return before.trim() === '' && after.trim() === '';
}

function tokenCount(find: string): number {
  const split = splitMarker(find);
  const text = split.kind === 'marker' ? split.before + ' ' + split.after : split.pattern;
  return (text.match(TOKEN_RE) ?? []).length;
}

const TOKEN_RE = new RegExp(`${WORD_CHAR}+|[^\\s\\p{L}\\p{M}\\p{Nd}\\p{Pc}$]`, 'gu');

function movedBy(delta: number): string {
  const n = Math.abs(delta);
  return `moved ${n} line${n === 1 ? '' : 's'}${delta < 0 ? ' up' : delta > 0 ? ' down' : ''}`;
}

function lineSpan(view: FileView, start: number, end: number): Span | undefined {
  if (start > view.lines.lineCount) return undefined;
  const last = Math.min(end, view.lines.lineCount);
  return { start: view.lines.lineStart(start - 1), end: view.lines.lineEnd(last - 1) };
}

function reanchorSymbol(view: FileView, locate: Locate): Reanchored | undefined {
  const scope = locate.scope;
  if (!isSymbolScope(scope) || !view.outline) return undefined;
  const all = flattenOutline(view.outline.symbols);
  const wanted = scope.symbol_path;
  const name = wanted[wanted.length - 1] ?? '';
  const parentPath = wanted.slice(0, -1);
  const found = all.filter((s) => samePath(s.path, wanted));
  if (found.length > 0) {
    // The symbol exists: only the find can be stale, and only its whitespace may be forgiven.
    const symbol = found[scope.symbol_index ?? 0];
    if (!symbol || locate.find === undefined) return undefined;
    const hit = uniqueLoose(view, locate.find, symbol.fullSpan);
    return hit && { ...hit, kind: 'whitespace', symbol, detail: 'whitespace changed' };
  }
  const parentGone = parentPath.length > 0 && !all.some((s) => samePath(s.path, parentPath));
  if (locate.find !== undefined) return renamed(view, all, wanted, locate.find, parentGone);
  // Reparented: its parent no longer exists and exactly one symbol anywhere carries the name.
  if (!parentGone) return undefined;
  const named = all.filter((s) => s.name === name && s.path.length === wanted.length);
  const symbol = named.length === 1 ? named[0] : undefined;
  if (!symbol) return undefined;
  return {
    kind: 'reparented',
    span: symbol.fullSpan,
    offset: symbol.nameSpan.start,
    symbol,
    detail: `${formatSymbolPath(parentPath)} is gone; ${formatSymbolPath(symbol.path)} is the only ${name}`,
  };
}

/** Renamed: the find matches in exactly one symbol at the old place in the tree (not in a nested one). */
function renamed(
  view: FileView,
  all: readonly OutlineSymbol[],
  wanted: readonly string[],
  find: string,
  parentGone: boolean,
): Reanchored | undefined {
  const parentPath = wanted.slice(0, -1);
  const siblings = all.filter(
    (s) => s.path.length === wanted.length && (parentGone || samePath(s.path.slice(0, -1), parentPath)),
  );
  const hits = siblings.flatMap((symbol) => {
    const match = uniqueExact(view, find, symbol.fullSpan) ?? uniqueLoose(view, find, symbol.fullSpan);
    return match ? [{ ...match, symbol }] : [];
  });
  const only = hits.length === 1 ? hits[0] : undefined;
  if (!only || innermost(only.symbol, only.span) !== only.symbol) return undefined;
  return {
    ...only,
    kind: 'renamed',
    detail: `renamed ${formatSymbolPath(wanted)} → ${formatSymbolPath(only.symbol.path)}`,
  };
}

/** The symbol itself unless the span lies in one of its children (a match inside a nested symbol). */
function innermost(symbol: OutlineSymbol, span: Span): OutlineSymbol {
  const child = symbol.children.find((c) => c.fullSpan.start <= span.start && span.end <= c.fullSpan.end);
  return child ? innermost(child, span) : symbol;
}

function samePath(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((segment, i) => segment === b[i]);
}

interface Hit {
  span: Span;
  offset: number;
}

function uniqueExact(view: FileView, find: string, scope: Span): Hit | undefined {
  const syntax = findSyntax(view.language);
  const position = findAll(compileFind(find, 'position', syntax), view.text, scope, 2);
  const range = findAll(compileFind(find, 'range', syntax), view.text, scope, 2);
  const [p, r] = [position[0], range[0]];
  if (position.length !== 1 || range.length !== 1 || !p || !r) return undefined;
  return { span: r.span, offset: p.cursor };
}

/**
 * The find matched with every whitespace character ignored (text and pattern alike), at identifier
 * boundaries; unique or nothing.
 */
export function uniqueLoose(view: FileView, find: string, scope: Span): Hit | undefined {
  const split = splitMarker(find);
  const before = split.kind === 'marker' ? split.before : split.pattern;
  const after = split.kind === 'marker' ? split.after : '';
  const pattern = squeeze(before + after);
  if (pattern.length === 0) return undefined;
  const cursorAt = squeeze(before).length;
  const { text: squeezed, offsets } = squeezeWithMap(view.text, scope);
  const hits: Hit[] = [];
  for (let at = squeezed.indexOf(pattern); at !== -1; at = squeezed.indexOf(pattern, at + 1)) {
    const start = offsets[at] as number;
    const end = (offsets[at + pattern.length - 1] as number) + 1;
    if (!atBoundary(view.text, start, end, pattern)) continue;
    const cursor = cursorAt >= pattern.length ? end : (offsets[at + cursorAt] as number);
    hits.push({ span: { start, end }, offset: split.kind === 'marker' ? cursor : start });
    if (hits.length > 1) return undefined;
  }
  return hits[0];
}

const WORD_RE = new RegExp(`^${WORD_CHAR}$`, 'u');

const squeeze = (text: string): string => text.replace(/\s+/gu, '');

function squeezeWithMap(text: string, scope: Span): { text: string; offsets: number[] } {
  const offsets: number[] = [];
  let out = '';
  for (let i = scope.start; i < scope.end; i++) {
    const ch = text[i] as string;
    if (/\s/u.test(ch)) continue;
    out += ch;
    offsets.push(i);
  }
  return { text: out, offsets };
}

function atBoundary(text: string, start: number, end: number, pattern: string): boolean {
  const word = (ch: string | undefined): boolean => ch !== undefined && WORD_RE.test(ch);
  if (word(pattern[0]) && word(text[start - 1])) return false;
  return !(word(pattern[pattern.length - 1]) && word(text[end]));
}
