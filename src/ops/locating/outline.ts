/**
 * The outline operation: every symbol of a file as a tree, each with its kind, display position,
 * full range and a locate string that leads back to it.
 */
import { LocusError } from '../../core/errors.js';
import { describeOffset } from '../../locate/describe.js';
import type { OutlineSymbol } from '../../locate/outline.js';
import type { FileView } from '../../locate/resolve-core.js';
import { displayOf } from '../../locate/resolver.js';
import type { Workspace } from '../../workspace/workspace.js';
import { loadFile } from './file-view.js';
import type { SyntaxService } from './syntax-service.js';
import { languageIds } from '../../syntax/registry.js';
import { formatSymbolPath } from '../../locate/symbol-path.js';
import type { OutlineEntry, OutlineResult } from '../results/outline.js';
export type { OutlineEntry, OutlineResult } from '../results/outline.js';

/** Builds the outline of a file. */
export async function buildOutline(
  workspace: Workspace,
  syntax: SyntaxService,
  filePath: string,
): Promise<OutlineResult> {
  const { view, language } = await loadFile(workspace, syntax, filePath);
  if (!language || !view.outline) {
    // A file too big to parse here has a grammar: the index (parsed in workers) still knows its symbols.
    throw new LocusError(
      'UNSUPPORTED_LANGUAGE',
      `${view.noOutline ?? `No grammar for ${view.filePath}`}.`,
      view.noOutline
        ? {
            hint: 'Its symbols are in the workspace index, and symbol locate strings resolve through it; line scopes and finds work on any file.',
            advice: [{ kind: 'find-symbol', path: view.filePath }],
          }
        : { hint: `Outlines need a bundled grammar: ${languageIds().join(', ')}.` },
    );
  }
  const result: OutlineResult = {
    ok: true,
    file_path: view.filePath,
    language,
    symbols: view.outline.symbols.map((s) => entry(view, s)),
  };
  if (view.outline.errors.length > 0) {
    result.syntax_error_lines = [
      ...new Set(view.outline.errors.map((e) => view.lines.toPosition(e.start).line + 1)),
    ];
  }
  return result;
}

function entry(view: FileView, symbol: OutlineSymbol): OutlineEntry {
  return {
    name: symbol.name,
    path: formatSymbolPath(symbol.path),
    kind: symbol.kind,
    position: view.lines.toPosition(symbol.nameSpan.start),
    display: displayOf(view, symbol.nameSpan.start),
    range: view.lines.toRange(symbol.fullSpan),
    locate: describeOffset(view, symbol.nameSpan.start).locate,
    children: symbol.children.map((child) => entry(view, child)),
  };
}
