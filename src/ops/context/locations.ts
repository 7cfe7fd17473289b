/**
 * Turns server locations into places an agent can use: `path:line:col`, the declaration kind or the
 * enclosing symbol (from tree-sitter), a numbered snippet, and a locate string that resolves back.
 */
import type { Location } from 'vscode-languageserver-protocol';
import { isLocusError } from '../../core/errors.js';
import { formatDisplay } from '../../core/positions.js';
import { describeOffset } from '../../locate/describe.js';
import { enclosingSymbol, outlineIndex } from '../../locate/outline.js';
import { fileView, type FileView } from '../../locate/resolve-core.js';
import { uriToPath } from '../../lsp/uri.js';
import { hasGrammar } from '../../syntax/registry.js';
import { readTextFile } from '../../workspace/read-file.js';
import type { OpsContext } from './context.js';
import { MAX_OUTLINE_CHARS, loadFile } from '../locating/file-view.js';
import { formatSymbolPath } from '../../locate/symbol-path.js';
import type { LocationRef } from '../results/locations.js';
export type { LocationRef } from '../results/locations.js';

/** Per-call cache of file views (several locations often share a file). */
export class ViewCache {
  private readonly views = new Map<string, FileView | null>();
  /** Loads under way, so callers asking at once (a hierarchy's classes, asked in parallel) share one. */
  private readonly loading = new Map<string, Promise<FileView | null>>();
  private readonly outside = new Set<string>();

  constructor(readonly context: OpsContext) {}

  /** The view of a file by absolute path, or null when it cannot be read as text. */
  async get(absPath: string): Promise<FileView | null> {
    if (this.views.has(absPath)) return this.views.get(absPath) ?? null;
    let pending = this.loading.get(absPath);
    if (pending === undefined) {
      pending = this.load(absPath).finally(() => this.loading.delete(absPath));
      this.loading.set(absPath, pending);
    }
    return pending;
  }

  private async load(absPath: string): Promise<FileView | null> {
    let view: FileView | null = null;
    const { workspace, syntax } = this.context.locator;
    try {
      view = (await loadFile(workspace, syntax, absPath)).view;
    } catch (error) {
      if (!isLocusError(error)) throw error;
      view = await this.readOutside(absPath);
    }
    this.views.set(absPath, view);
    return view;
  }

  /** True when the file was read from outside the workspace (no locate strings there). */
  isOutside(absPath: string): boolean {
    return this.outside.has(absPath);
  }

  /**
   * Files outside the root are shown only when `showOutsideContent` is configured, and only when they
   * are regular files under the size limit (docs/security.md): a server may point anywhere.
   */
  private async readOutside(absPath: string): Promise<FileView | null> {
    if (this.context.lsp.config?.showOutsideContent !== true) return null;
    try {
      const max = this.context.locator.workspace.maxFileBytes;
      const { text } = readTextFile(absPath, absPath, max);
      const detected = this.context.locator.workspace.languages.languageOf(absPath, { text });
      const language = detected !== undefined && hasGrammar(detected) ? detected : undefined;
      const outline =
        language && text.length <= MAX_OUTLINE_CHARS
          ? await this.context.locator.syntax.outline(absPath, language, text)
          : undefined;
      this.outside.add(absPath);
      return fileView(absPath, text, outline);
    } catch {
      return null;
    }
  }
}

/** Enriches server locations, in the order given. */
export async function describeLocations(
  cache: ViewCache,
  locations: readonly Location[],
): Promise<LocationRef[]> {
  const refs: LocationRef[] = [];
  for (const location of locations) refs.push(await describeLocation(cache, location));
  return refs;
}

/** Enriches one location. */
export async function describeLocation(cache: ViewCache, location: Location): Promise<LocationRef> {
  const absPath = uriToPath(location.uri) ?? location.uri;
  const view = await cache.get(absPath);
  cache.context.freshness.remember(absPath);
  if (!view) {
    const display = formatDisplay(absPath, {
      line: location.range.start.line + 1,
      column: location.range.start.character + 1,
    });
    return {
      file_path: absPath,
      position: location.range.start,
      display,
      snippet: '',
      outside_workspace: true,
    };
  }
  const offset = view.lines.toOffset(location.range.start);
  const line = view.lines.lineOf(offset);
  const ref: LocationRef = {
    file_path: view.filePath,
    position: view.lines.toPosition(offset),
    display: formatDisplay(view.filePath, view.lines.toDisplay(offset)),
    snippet: `${line + 1} | ${view.lines.lineText(line).trim()}`,
  };
  const symbols = view.outline?.symbols ?? [];
  const declared = outlineIndex(symbols).byNameStart.get(offset);
  if (declared) ref.declares = { path: formatSymbolPath(declared.path), kind: declared.kind };
  const enclosing = enclosingSymbol(symbols, offset);
  if (enclosing) ref.symbol = { path: formatSymbolPath(enclosing.path), kind: enclosing.kind };
  if (cache.isOutside(absPath)) ref.outside_workspace = true;
  else
    ref.locate = cache.context.describedPlaces?.locateAt(view, offset) ?? describeOffset(view, offset).locate;
  return ref;
}
