/**
 * Outline updates after an edit (docs/performance.md: re-locate after a one-line edit ≤ 15 ms). Instead of
 * re-running the symbol query over the whole tree, only a window is re-queried: first the edited lines
 * (and tree-sitter's changed ranges), grown until no symbol straddles them, keeping the symbols that
 * enclose them (`narrowUpdate`); failing that, the top-level nodes around the edit, widened to the gaps
 * between the nearest unaffected top-level symbols (so new attributes, decorators and same-line
 * comments are seen). Candidates outside the window are reused, shifted by the edit; then everything
 * is nested again (docs/performance.md, "broken code").
 */
import type { Edit, Node, Tree } from 'web-tree-sitter';
import type { Span } from '../core/positions.js';
import type { Outline } from '../locate/outline.js';
import { collectCandidates, type Container } from './candidates.js';
import type { Extraction, PreviousExtraction } from './extraction.js';
import type { PlacedCandidate } from './hooks.js';
import { editedLines, narrowUpdate } from './narrow-window.js';
import { shifted, shiftSpan, untouched } from './old-symbols.js';
import { nestCandidates } from './nesting.js';
import type { LoadedLanguage } from './runtime.js';
import { symbolQuery } from './runtime.js';

/** Extraction over the whole tree. */
export function fullExtraction(loaded: LoadedLanguage, tree: Tree, text: string): Extraction {
  const { candidates, containers } = collectCandidates(requireQuery(loaded), tree, text, loaded.hooks);
  return assemble(loaded, tree, candidates, containers);
}

/** Extraction of the edited tree that re-queries only the window around the edit. */
export function updateExtraction(
  loaded: LoadedLanguage,
  tree: Tree,
  text: string,
  previous: PreviousExtraction,
): Extraction {
  const { extraction, edit, changed } = previous;
  // tree-sitter's changed ranges stand as they are: when an error turns the root into ERROR they cover the
  // whole file, and rightly so, since no `(program …)` pattern matches any more (docs/performance.md).
  const changes = changed.map((range) => ({ start: range.startIndex, end: range.endIndex }));
  const lines = editedLines(text, edit, changes);
  const narrow = narrowUpdate(requireQuery(loaded), loaded.hooks, tree, text, previous, lines);
  if (narrow) return assemble(loaded, tree, narrow.candidates, narrow.containers);
  const symbols = extraction.outline.symbols.map((s) => shiftSpan(s.fullSpan, edit));
  const window = editWindow(tree.rootNode, text, symbols, withReached(extraction.candidates, edit, lines));
  const fresh = collectCandidates(requireQuery(loaded), tree, text, loaded.hooks, window);
  const outside = (span: Span) => span.end <= window.start || span.start >= window.end;
  // An old span that overlaps the replaced text is stale even if it collapses onto the window's edge.
  const kept = (span: Span) => untouched(span, edit) && outside(shiftSpan(span, edit));
  const candidates: PlacedCandidate[] = [];
  for (const old of extraction.candidates) if (kept(old.fullSpan)) candidates.push(shifted(old, edit));
  for (const candidate of fresh.candidates) if (!outside(candidate.fullSpan)) candidates.push(candidate);
  const containers: Container[] = [];
  for (const old of extraction.containers) {
    if (kept(old.span)) containers.push({ ...old, span: shiftSpan(old.span, edit) });
  }
  for (const container of fresh.containers) if (!outside(container.span)) containers.push(container);
  candidates.sort((a, b) => a.fullSpan.start - b.fullSpan.start || a.order - b.order);
  candidates.forEach((candidate, index) => (candidate.order = index));
  return assemble(loaded, tree, candidates, containers);
}

/** The lines plus the full range of each candidate that reaches them (`Candidate.reach`: an edit there may change it). */
function withReached(candidates: readonly PlacedCandidate[], edit: Edit, lines: Span): Span {
  const widened = { ...lines };
  for (const candidate of candidates) {
    if (!candidate.reach) continue;
    const reach = shiftSpan(candidate.reach, edit);
    if (reach.start > lines.end || reach.end < lines.start) continue;
    const span = shiftSpan(candidate.fullSpan, edit);
    widened.start = Math.min(widened.start, span.start);
    widened.end = Math.max(widened.end, span.end);
  }
  return widened;
}

function assemble(
  loaded: LoadedLanguage,
  tree: Tree,
  candidates: PlacedCandidate[],
  containers: Container[],
): Extraction {
  const outline: Outline = {
    language: loaded.id,
    symbols: nestCandidates(candidates, containers, loaded.hooks),
    errors: errorSpans(tree.rootNode),
  };
  return { outline, candidates, containers };
}

/**
 * The window to re-query: the gap between the nearest unaffected top-level symbols around the edited
 * lines (the symbol right after the edit counts as affected: an attribute may have been added before
 * it), widened so that no top-level node straddles its ends, until no further symbol is touched.
 */
function editWindow(root: Node, text: string, roots: readonly Span[], lines: Span): Span {
  // Affected roots: [lo, hi] (empty when lo > hi).
  let lo = firstIndex(roots, (r) => r.end >= lines.start);
  let hi = Math.min(lastIndex(roots, (r) => r.start <= lines.end) + 1, roots.length - 1);
  for (let guard = 0; guard < 1000; guard++) {
    const gap = { start: roots[lo - 1]?.end ?? 0, end: roots[hi + 1]?.start ?? text.length };
    const window = snapToTopLevel(root, text, {
      start: Math.min(gap.start, lines.start),
      end: Math.max(gap.end, lines.end),
    });
    const newLo = Math.min(
      lo,
      firstIndex(roots, (r) => r.end > window.start),
    );
    const newHi = Math.max(
      hi,
      lastIndex(roots, (r) => r.start < window.end),
    );
    if (newLo === lo && newHi === hi) return window;
    lo = newLo;
    hi = newHi;
  }
  return { start: 0, end: text.length };
}

function firstIndex(spans: readonly Span[], test: (span: Span) => boolean): number {
  const index = spans.findIndex(test);
  return index < 0 ? spans.length : index;
}

function lastIndex(spans: readonly Span[], test: (span: Span) => boolean): number {
  for (let i = spans.length - 1; i >= 0; i--) if (test(spans[i] as Span)) return i;
  return -1;
}

/** Widens a span so that no top-level node of the tree straddles its ends. */
function snapToTopLevel(root: Node, text: string, span: Span): Span {
  let { start, end } = span;
  const atStart = root.firstChildForIndex(start);
  if (atStart && atStart.startIndex < start) start = atStart.startIndex;
  if (end > start) {
    const atEnd = root.firstChildForIndex(end - 1);
    if (atEnd && atEnd.startIndex < end && atEnd.endIndex > end) end = atEnd.endIndex;
  }
  return { start, end: Math.min(end, text.length) };
}

function requireQuery(loaded: LoadedLanguage) {
  const query = symbolQuery(loaded);
  if (!query) throw new Error(`no symbol query for ${loaded.id}`);
  return query;
}

/** Spans of ERROR and MISSING nodes, outermost only, in document order. */
export function errorSpans(root: Node): Span[] {
  const spans: Span[] = [];
  if (!root.hasError) return spans;
  const visit = (node: Node): void => {
    if (node.isError || node.isMissing) {
      spans.push({ start: node.startIndex, end: node.endIndex });
      return;
    }
    // `children` is one call; `child(i)` walks from the first child each time (hundreds at the top level).
    for (const child of node.children) if (child && (child.hasError || child.isMissing)) visit(child);
  };
  visit(root);
  return spans;
}
