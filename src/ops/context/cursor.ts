/**
 * Cursor context (docs/operations.md, "What the operations do"): what the agent pointed at, from tree-sitter — the identifier under the
 * cursor with its kind and path when it names a declaration, else its syntactic role and the
 * innermost enclosing symbol — plus a short snippet with `|` at the cursor.
 */
import { enclosingSymbol, outlineIndex } from '../../locate/outline.js';
import type { FileView } from '../../locate/resolve-core.js';
import { displayOf } from '../../locate/resolver.js';
import type { SyntaxService } from '../locating/syntax-service.js';
import { formatSymbolPath } from '../../locate/symbol-path.js';
import type { CursorSymbol, CursorContext } from '../results/cursor.js';
export type { CursorSymbol, CursorContext } from '../results/cursor.js';

const SNIPPET_REACH = 10;

/** Builds the cursor context for an operation at `offset`. */
export async function cursorContext(
  syntax: SyntaxService,
  absPath: string,
  view: FileView,
  language: string | undefined,
  operation: string,
  offset: number,
): Promise<CursorContext> {
  const symbols = view.outline?.symbols ?? [];
  const enclosing = enclosingSymbol(symbols, offset);
  let symbol: CursorSymbol | null = null;
  const identifier =
    language && view.outline ? await syntax.identifierAt(absPath, language, view.text, offset) : undefined;
  if (identifier) {
    symbol = { name: identifier.text, role: identifier.role };
    const atStart = outlineIndex(symbols).byNameStart.get(identifier.span.start);
    const declared = atStart?.nameSpan.end === identifier.span.end ? atStart : undefined;
    if (declared)
      Object.assign(symbol, {
        role: 'declaration',
        kind: declared.kind,
        path: formatSymbolPath(declared.path),
      });
    const container = declared ? outlineIndex(symbols).parentOf(declared) : enclosing;
    if (container) symbol.enclosing = { path: formatSymbolPath(container.path), kind: container.kind };
  }
  return {
    operation,
    file_path: view.filePath,
    position: view.lines.toPosition(offset),
    display: displayOf(view, offset),
    symbol,
    snippet: cursorSnippet(view, offset),
  };
}

/** Up to 10 code points either side of the cursor on its line, `|` at the cursor. */
export function cursorSnippet(view: FileView, offset: number): string {
  const line = view.lines.lineOf(offset);
  const before = [...view.text.slice(view.lines.lineStart(line), offset)];
  const after = [...view.text.slice(offset, view.lines.lineEnd(line))];
  const left = before.slice(-SNIPPET_REACH).join('');
  const right = after.slice(0, SNIPPET_REACH).join('');
  return `${before.length > SNIPPET_REACH ? '…' : ''}${left}|${right}${after.length > SNIPPET_REACH ? '…' : ''}`;
}
