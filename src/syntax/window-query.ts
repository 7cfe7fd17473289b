/**
 * The symbol query for a narrow window (docs/performance.md, "broken code"). tree-sitter returns every match
 * whose pattern root meets the range: for `(program (lexical_declaration …))` or `(class_body (method_definition
 * …))` that is every top-level declaration or every member of the class around a one-line window — 60–110
 * matches whose hooks and full ranges cost 0.5–2 ms per round. Only matches whose declaration can reach
 * the window are kept; matches without a declaration (comments, wrappers, attributes, containers) all are.
 */
import type { Node, Query, QueryMatch } from 'web-tree-sitter';
import type { Span } from '../core/positions.js';

/** `query` with its matches restricted to those that can touch `window` (text offsets). */
export function windowQuery(query: Query, text: string, window: Span): Query {
  const matches = (...args: Parameters<Query['matches']>): QueryMatch[] =>
    touching(query.matches(...args), text, window);
  return Object.create(query, { matches: { value: matches } }) as Query;
}

/**
 * A declaration reaches the window when its node meets it or ends on the line before it (a `;` or the
 * end of its statement on the window's first line belongs to it), or when it is the first declaration
 * after it (decorators and attributes in the window belong to that one: only comments may lie between).
 */
function touching(matches: QueryMatch[], text: string, window: Span): QueryMatch[] {
  const before = lineStartBefore(text, window.start);
  let firstAfter = Number.POSITIVE_INFINITY;
  const nodes = matches.map(declarationOf);
  for (const node of nodes)
    if (node && node.startIndex >= window.end) firstAfter = Math.min(firstAfter, node.startIndex);
  return matches.filter((_, i) => {
    const node = nodes[i];
    if (!node) return true;
    return (node.startIndex < window.end && node.endIndex > before) || node.startIndex === firstAfter;
  });
}

function declarationOf(match: QueryMatch): Node | undefined {
  return match.captures.find((capture) => capture.name.startsWith('symbol.'))?.node;
}

/** The start of the line before the one holding `offset` (`offset` is a line start). */
export function lineStartBefore(text: string, offset: number): number {
  let i = Math.max(0, offset - 1);
  if (text[i] === '\n' && text[i - 1] === '\r') i--;
  while (i > 0 && text[i - 1] !== '\n' && text[i - 1] !== '\r') i--;
  return i;
}
