/**
 * `source "<locate>"`: the text a locate string names — a symbol's full declaration, a line range,
 * or the lines of a match — numbered and bounded, with a continuation locate when cut, plus the
 * outline of a container's children (so an agent reads one method, not the whole file).
 */
import { throwIfCancelled } from '../../core/call.js';
import { LocusError } from '../../core/errors.js';
import { describeOffset } from '../../locate/describe.js';
import { flattenOutline, type OutlineSymbol } from '../../locate/outline.js';
import { resolveLocate } from '../../locate/resolver.js';
import { cancellable } from '../locating/index-access.js';
import { parseAndLoad, withWorkspaceNotes, type LocateInput, type Locator } from '../locating/locator.js';
import { formatSymbolPath } from '../../locate/symbol-path.js';
import type { SourceOptions, SourceResult } from '../results/source.js';
export type { SourceOptions, SourceChild, SourceResult } from '../results/source.js';

const DEFAULT_MAX_LINES = 200;
const CONTAINERS = new Set([
  'class',
  'interface',
  'struct',
  'enum',
  'module',
  'namespace',
  'package',
  'object',
  'type',
]);

/** Reads the source a locate names. */
export async function source(
  locator: Locator,
  input: LocateInput,
  options: SourceOptions = {},
): Promise<SourceResult> {
  const maxLines = options.maxLines ?? DEFAULT_MAX_LINES;
  if (!Number.isInteger(maxLines) || maxLines < 1 || maxLines > 5000) {
    throw new LocusError('INVALID_ARGUMENT', `max_lines must be 1 to 5000, got ${maxLines}.`, {
      hint: `The default is ${DEFAULT_MAX_LINES}.`,
    });
  }
  throwIfCancelled(options.signal);
  const parsed = await parseAndLoad(
    locator.workspace,
    locator.syntax,
    input,
    cancellable(locator.index, options.signal),
    options.onProgress,
  );
  throwIfCancelled(options.signal);
  const { view } = parsed.loaded;
  const resolution = withWorkspaceNotes(resolveLocate(view, parsed.locate, 'range'), parsed);
  if (!resolution.ok) throw LocusError.fromData(resolution.error);
  const range = resolution.range ?? { start: resolution.position, end: resolution.position };
  const first = range.start.line;
  // A range ending at column 0 ends on the line before.
  const last = Math.max(
    first,
    range.end.character === 0 && range.end.line > first ? range.end.line - 1 : range.end.line,
  );
  const shownLast = Math.min(last, first + maxLines - 1);
  const lines: string[] = [];
  for (let line = first; line <= shownLast; line++) lines.push(view.lines.lineText(line));
  const symbol = containerSymbol(
    view.outline?.symbols,
    view.lines.toOffset(range.start),
    resolution.symbol?.path,
  );
  const result: SourceResult = {
    ok: true,
    file_path: view.filePath,
    locate:
      resolution.locate ?? (typeof input === 'string' ? input : `${view.filePath}:${first + 1}-${last + 1}`),
    start_line: first + 1,
    end_line: shownLast + 1,
    lines,
  };
  if (resolution.symbol) result.symbol = resolution.symbol;
  if (shownLast < last)
    result.continuation =
      shownLast + 1 === last
        ? `${view.filePath}:${last + 1}`
        : `${view.filePath}:${shownLast + 2}-${last + 1}`;
  if (symbol && CONTAINERS.has(symbol.kind) && symbol.children.length > 0) {
    result.children = symbol.children.map((child) => ({
      name: child.name,
      kind: child.kind,
      line: view.lines.toPosition(child.nameSpan.start).line + 1,
      locate: describeOffset(view, child.nameSpan.start).locate,
    }));
  }
  if (resolution.notes) result.notes = resolution.notes;
  return result;
}

/** The symbol whose full range starts at `offset` and has `path` (the one the locate named). */
function containerSymbol(
  roots: readonly OutlineSymbol[] | undefined,
  offset: number,
  path: string | undefined,
): OutlineSymbol | undefined {
  if (!roots || path === undefined) return undefined;
  return flattenOutline(roots).find((s) => s.fullSpan.start === offset && formatSymbolPath(s.path) === path);
}
