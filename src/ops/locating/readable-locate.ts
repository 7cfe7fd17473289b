/**
 * Locate strings an agent can read for the start of a line's code: `file:Symbol@first tokens of the line`
 * when that resolves back exactly, else what `describe` gives (the shortest unique pattern, which may be
 * as terse as `@) <|>`).
 */
import { describeOffset } from '../../locate/describe.js';
import { parseLocate } from '../../locate/locate-string.js';
import { enclosingSymbol } from '../../locate/outline.js';
import type { FileView } from '../../locate/resolve-core.js';
import { resolveLocate } from '../../locate/resolver.js';

const MAX_SNIPPET = 40;

/** A readable locate string for `offset` (exact), falling back to `describe`. */
export function readableLocate(view: FileView, offset: number): string {
  const fallback = describeOffset(view, offset).locate;
  const line = view.lines.lineOf(offset);
  const rest = view.text.slice(offset, view.lines.lineEnd(line)).trimEnd();
  if (rest === '' || rest.includes('|') || rest.includes('@')) return fallback;
  const snippet = cut(rest);
  const symbol = view.outline ? enclosingSymbol(view.outline.symbols, offset) : undefined;
  const scope = symbol ? describeOffset(view, symbol.nameSpan.start).locate : view.filePath;
  if (scope.includes('@')) return fallback;
  const candidate = `${scope}@${snippet}`;
  try {
    const result = resolveLocate(
      view,
      parseLocate(candidate, { exists: (p) => p === view.filePath }),
      'position',
    );
    if (result.ok && view.lines.toOffset(result.position) === offset && result.matches === 1)
      return candidate;
  } catch {
    // Not parseable as written (unusual code text): the describe answer is always valid.
  }
  return fallback;
}

/** The text cut at a word boundary near MAX_SNIPPET characters. */
function cut(text: string): string {
  if (text.length <= MAX_SNIPPET) return text;
  const space = text.lastIndexOf(' ', MAX_SNIPPET);
  return text.slice(0, space > 10 ? space : MAX_SNIPPET);
}
