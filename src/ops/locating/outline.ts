/**
 * The outline operation: every symbol of a file as a tree, each with its kind, display position,
 * full range and a locate string that leads back to it.
 */
import { LocusError } from '../../core/errors.js';
import { describeOffset } from '../../locate/describe.js';
import { serverOutlineNote, type OutlineSymbol } from '../../locate/outline.js';
import type { FileView } from '../../locate/resolve-core.js';
import { displayOf } from '../../locate/resolver.js';
import type { Workspace } from '../../workspace/workspace.js';
import { loadFile } from './file-view.js';
import type { SyntaxService } from './syntax-service.js';
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
  if (!view.outline) {
    throw new LocusError('UNSUPPORTED_LANGUAGE', `${view.noOutline ?? `No grammar for ${view.filePath}`}.`, {
      hint: noOutlineHint(view, language),
    });
  }
  const result: OutlineResult = {
    ok: true,
    file_path: view.filePath,
    language: language ?? view.outline.language,
    symbols: view.outline.symbols.map((s) => entry(view, s)),
  };
  const fromServer = serverOutlineNote(view.filePath, view.outline);
  if (fromServer !== undefined) result.outline_source = fromServer;
  if (view.outline.errors.length > 0) {
    result.syntax_error_lines = [
      ...new Set(view.outline.errors.map((e) => view.lines.toPosition(e.start).line + 1)),
    ];
  }
  return result;
}

function noOutlineHint(view: FileView, language: string | undefined): string {
  // A file too big to parse here has a grammar: the index (parsed in workers) still knows its symbols.
  if (view.noOutline !== undefined && language !== undefined)
    return `Its symbols are in the workspace index: \`locus symbols NAME --path ${view.filePath}\` (MCP find_symbol), and symbol locate strings resolve through it; line scopes and finds work on any file.`;
  if (view.noOutline !== undefined)
    return "Line scopes and finds work on any file, and the server's own operations (hover, definition, …) still answer.";
  return 'Outlines need a grammar (docs/languages.md), or a language declared with its server (docs/configuration.md, "A language without a grammar").';
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
