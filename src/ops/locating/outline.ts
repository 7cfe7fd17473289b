/**
 * The outline operation: every symbol of a file as a tree, each with its kind, display position,
 * full range and a locate string that leads back to it.
 */
import { LocusError } from '../../core/errors.js';
import { describeOffset } from '../../locate/describe.js';
import type { OutlineSymbol } from '../../locate/outline.js';
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
  if (!language || !view.outline) {
    throw new LocusError('UNSUPPORTED_LANGUAGE', `No grammar for ${view.filePath}.`, {
      hint: `Outlines need a bundled grammar: ${languageIds().join(', ')}.`,
    });
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
