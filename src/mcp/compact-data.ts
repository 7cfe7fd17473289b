/**
 * The compact form of `structuredContent` (docs/mcp.md, "Compact answers"): what an agent needs to act — counts,
 * changed lines, one locate string per place — and nothing the markdown's compact form leaves out either. The
 * whole data (diff, source lines, enclosing symbols, the cursor's source line) comes with `detail: "full"`.
 */
import type { CursorContext } from '../ops/results/cursor.js';
import type { VerifiedEditFields } from '../ops/results/verify.js';
import type { LocationRef } from '../ops/results/locations.js';
import type { HierarchyItem, HierarchyResult } from '../ops/results/hierarchy.js';
import type { RenameResult } from '../ops/results/rename.js';
import type { CodeActionsResult } from '../ops/results/code-actions.js';
import type { FormatResult } from '../ops/results/format.js';
import type { EditResult } from '../ops/results/edit.js';
import type { ReferencesResult } from '../ops/results/references.js';
import type { DefinitionResult } from '../ops/results/definition.js';
import type { OutlineEntry } from '../ops/results/outline.js';
import type { OutlinePage } from '../ops/results/outline-page.js';
import type { SearchResult } from '../ops/results/search.js';
import type { SymbolsResult } from '../ops/results/symbols.js';
import { changedLines } from '../render/changed-lines.js';
import { COMPACT_CHANGED_LINES } from '../render/edits.js';

/**
 * A place: where it is and its locate string (its enclosing symbol only when there is no locate string), its source
 * line only when asked for (`snippets: true`).
 */
export function compactPlace(ref: LocationRef, snippet = false): Partial<LocationRef> {
  const place: Partial<LocationRef> = { display: ref.display };
  if (snippet && ref.snippet !== undefined) place.snippet = ref.snippet;
  if (ref.locate !== undefined) place.locate = ref.locate;
  else if (ref.symbol !== undefined) place.symbol = ref.symbol;
  if (ref.outside_workspace) place.outside_workspace = true;
  return place;
}

/**
 * The cursor without its source line and enclosing symbol (the compact markdown's one line), without its file and
 * 0-based position (`display` names both) and its operation (the answer's own `operation` names it).
 */
function compactCursor(cursor: CursorContext): Partial<CursorContext> {
  const {
    snippet: _snippet,
    symbol,
    operation: _op,
    file_path: _file,
    position: _position,
    ...rest
  } = cursor;
  if (symbol === null) return { ...rest, symbol: null };
  const { enclosing: _enclosing, ...name } = symbol;
  return { ...rest, symbol: name };
}

function withCursor<T extends { cursor: CursorContext }>(result: T): T {
  return { ...result, cursor: compactCursor(result.cursor) as CursorContext };
}

/**
 * An edit's fields without the diff: a preview keeps its changed lines (at most COMPACT_CHANGED_LINES, the rest
 * counted), an applied edit only its counts.
 */
function compactEdit<T extends VerifiedEditFields>(
  edit: T,
  addedOnly = false,
): Omit<T, 'diff'> & Record<string, unknown> {
  const { diff, ...rest } = edit;
  if (edit.applied) return rest;
  const changed = changedLines(diff, COMPACT_CHANGED_LINES, addedOnly);
  return {
    ...rest,
    changed_lines: changed.lines,
    ...(changed.more > 0 ? { more_changed_lines: changed.more } : {}),
  };
}

/** An item with its place as display + locate string, children only when it has some. */
function compactItem(item: HierarchyItem): Record<string, unknown> {
  const { detail: _detail, place, call_sites, children, ...rest } = item;
  return {
    ...rest,
    place: compactPlace(place),
    ...(call_sites ? { call_sites: call_sites.map((site) => compactPlace(site)) } : {}),
    ...(children.length > 0 ? { children: children.map(compactItem) } : {}),
  };
}

/**
 * An outline entry as kind, display and locate string: no position and range (`display` names the line), no name
 * (the last part of its path), no path when the locate string is `file:path`, children only when it has some.
 */
function compactEntry(file: string, entry: OutlineEntry): Record<string, unknown> {
  const { position: _position, range: _range, name: _name, path, children, ...rest } = entry;
  return {
    ...(entry.locate === `${file}:${path}` ? {} : { path }),
    ...rest,
    ...(children.length > 0 ? { children: children.map((child) => compactEntry(file, child)) } : {}),
  };
}

/** A copy of `data` without `keys`. */
function without<T extends object>(data: T, keys: readonly string[]): Partial<T> {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !keys.includes(key))) as Partial<T>;
}

/** Paging fields of a one-page answer: they say nothing the agent acts on. */
const SINGLE_PAGE = ['page', 'pages', 'page_size'];
const WHOLE_OUTLINE = [...SINGLE_PAGE, 'total_symbols', 'shown', 'hidden_by_depth'];

/** The compact data of each tool whose full data holds more than an agent needs to act. */
export const COMPACT = {
  /** Answers whose only extra is the cursor (hover). */
  cursor: <T extends { cursor: CursorContext }>(result: T): object => withCursor(result),
  references: (result: ReferencesResult, snippets = false): object => ({
    ...without(withCursor(result), result.pages === 1 ? SINGLE_PAGE : []),
    files: result.files.map((f) => ({
      ...f,
      references: f.references.map((ref) => compactPlace(ref, snippets)),
    })),
  }),
  definition: (result: DefinitionResult): object => ({
    ...withCursor(result),
    targets: result.targets.map((ref) => compactPlace(ref)),
  }),
  hierarchy: (result: HierarchyResult): object => ({
    ...withCursor(result),
    items: result.items.map(compactItem),
  }),
  rename: (result: RenameResult): object => ({
    // A rename's changed lines: the new ones only (the old ones differ by the old name).
    ...without(compactEdit(withCursor(result), true), result.warnings.length === 0 ? ['warnings'] : []),
    ...(result.warnings.length > 0
      ? { warnings: result.warnings.map(({ snippet: _snippet, ...warning }) => warning) }
      : {}),
  }),
  codeActions: (result: CodeActionsResult): object => ({
    ...withCursor(result),
    ...(result.selected ? { selected: compactEdit(result.selected) } : {}),
  }),
  format: (result: FormatResult): object => compactEdit(withCursor(result)),
  edit: (result: EditResult): object => compactEdit(result),
  outline: (result: OutlinePage): object => ({
    ...without(result, result.pages === 1 && result.hidden_by_depth === 0 ? WHOLE_OUTLINE : []),
    symbols: result.symbols.map((entry) => compactEntry(result.file_path, entry)),
  }),
  /**
   * Each symbol its name, kind, `file:line`, declaration line and locate string (which names its path and container);
   * the index summary without the counts that are zero or only say where the index came from.
   */
  symbols: (result: SymbolsResult): object => {
    const { skipped, from_cache: _fromCache, ...index } = result.index;
    return {
      ...result,
      hits: result.hits.map(({ name, kind, file_path, line, signature, locate }) => ({
        name,
        kind,
        display: `${file_path}:${line}`,
        signature,
        locate,
      })),
      index: Object.values(skipped).some((n) => n > 0) ? { ...index, skipped } : index,
    };
  },
  /** Each hit its display, source line and locate string (which names the enclosing symbol). */
  search: (result: SearchResult): object => ({
    ...result,
    files: result.files.map((f) => ({
      ...f,
      hits: f.hits.map(({ display, snippet, locate }) => ({ display, snippet, locate })),
    })),
  }),
} as const;
