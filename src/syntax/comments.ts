/**
 * The comments of a parsed text, as spans: data for the matcher's rule that a find begun inside a line comment
 * does not run on into the code after it (docs/locate-strings.md, "Find"; `locate/` is pure and gets them here).
 */
import type { Tree } from 'web-tree-sitter';
import type { Span } from '../core/positions.js';
import { commentQuery, type LoadedLanguage } from './runtime.js';

/** Comment spans of `tree` in document order (nested comment nodes collapse into the outer one). */
export function commentSpans(loaded: LoadedLanguage, tree: Tree): Span[] {
  const query = commentQuery(loaded);
  if (!query) return [];
  const spans: Span[] = [];
  for (const capture of query.captures(tree.rootNode)) {
    const { startIndex: start, endIndex: end } = capture.node;
    const last = spans[spans.length - 1];
    if (last && start < last.end) last.end = Math.max(last.end, end);
    else spans.push({ start, end });
  }
  return spans;
}
