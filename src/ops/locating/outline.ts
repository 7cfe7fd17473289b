/**
 * The outline operation: every symbol of a file as a tree, each with its kind, display position,
 * full range and a locate string that leads back to it.
 */
import { LocusError } from '../../core/errors.js';
import { describeOffset } from '../../locate/describe.js';
import { serverOutlineNote, type OutlineSymbol } from '../../locate/outline.js';
import { fileView, type FileView } from '../../locate/resolve-core.js';
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
  const loaded = await loadFile(workspace, syntax, filePath);
  const { language } = loaded;
  const view =
    loaded.view.noOutline && language ? await parsedAlone(workspace, loaded.view, language) : loaded.view;
  if (!view.outline) {
    throw new LocusError('UNSUPPORTED_LANGUAGE', `${view.noOutline ?? `No grammar for ${view.filePath}`}.`, {
      hint: noOutlineHint(view),
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

/** What still works on a file without an outline: a server that gave none, or a file without any grammar. */
function noOutlineHint(view: FileView): string {
  if (view.noOutline !== undefined)
    return "Line scopes and finds work on any file, and the server's own operations (hover, definition, …) still answer.";
  return `Outlines need a bundled grammar (${languageIds().join(', ')}), or a language declared with its server (docs/configuration.md, "A language without a grammar").`;
}

/**
 * The view of a file too big to parse here (over 4 Mi characters), with the outline a worker parsed for it as
 * the index does (index/alone.ts): every face outlines files up to the size limit.
 */
async function parsedAlone(workspace: Workspace, view: FileView, language: string): Promise<FileView> {
  const { outlineAlone } = await import('../../index/alone.js');
  const outline = await outlineAlone(workspace.root, view.filePath, language, workspace.maxFileBytes);
  return fileView(view.filePath, view.text, outline);
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
