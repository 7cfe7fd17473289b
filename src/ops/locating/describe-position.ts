/**
 * The locator's `describe`: a position (1-based line and column in code points, or an LSP position) of a file as
 * the locate string that names it, resolved back before it is given out. Positions are checked whole and in range.
 */
import { LocusError } from '../../core/errors.js';
import type { LineIndex } from '../../core/line-index.js';
import type { Position } from '../../core/positions.js';
import { describeOffset } from '../../locate/describe.js';
import { parseLocate } from '../../locate/locate-string.js';
import { resolveLocate } from '../../locate/resolver.js';
import type { Workspace } from '../../workspace/workspace.js';
import type { DescribeResult, DescribeTarget } from '../results/locator.js';
import { loadFile } from './file-view.js';
import type { SyntaxService } from './syntax-service.js';

/** Describes a position of a file as a locate string, checked by resolving it back (the locator's `describe`). */
export async function describeIn(
  workspace: Workspace,
  syntax: SyntaxService,
  filePath: string,
  target: DescribeTarget,
): Promise<DescribeResult> {
  checkTarget(target);
  const { view } = await loadFile(workspace, syntax, filePath);
  const offset =
    'position' in target ? positionOffset(view.lines, target.position) : view.lines.fromDisplay(target);
  if (offset === undefined) throw noPosition(view.filePath, view.lines, target);
  const description = describeOffset(view, offset);
  const result = resolveLocate(
    view,
    parseLocate(description.locate, { exists: (p) => p === view.filePath }),
    'position',
  );
  if (!result.ok) return result;
  const out: DescribeResult = {
    ok: true,
    file_path: view.filePath,
    position: result.position,
    display: result.display,
    locate: description.locate,
    exact: description.exact,
  };
  if (result.symbol) out.symbol = result.symbol;
  return out;
}

/** Rejects positions that are not whole numbers (a fraction would silently land somewhere else). */
function checkTarget(target: DescribeTarget): void {
  const ok = (value: unknown, min: number): boolean =>
    typeof value === 'number' && Number.isSafeInteger(value) && value >= min;
  const valid =
    typeof target === 'object' &&
    target !== null &&
    ('position' in target
      ? ok(target.position?.line, 0) && ok(target.position?.character, 0)
      : ok((target as { line?: unknown }).line, 1) && ok((target as { column?: unknown }).column, 1));
  if (!valid) {
    throw new LocusError('INVALID_ARGUMENT', 'The position to describe must be whole numbers.', {
      hint: 'Pass { line, column } (1-based, columns in code points) or { position: { line, character } } (0-based, UTF-16).',
    });
  }
}

/** LINE_OUT_OF_RANGE for a describe target, saying which part is out: the line, or the column on that line. */
function noPosition(filePath: string, lines: LineIndex, target: DescribeTarget): LocusError {
  const byLine = 'line' in target;
  const line = byLine ? target.line : target.position.line + 1;
  const shown = byLine
    ? `${target.line}:${target.column}`
    : `(LSP) ${target.position.line}:${target.position.character}`;
  let hint = `The file has ${lines.lineCount} line(s); columns are 1-based and count code points.`;
  if (Number.isInteger(line) && line >= 1 && line <= lines.lineCount) {
    const text = lines.lineText(line - 1);
    const length = byLine ? [...text].length : text.length;
    hint = byLine
      ? `Line ${line} has ${length} character(s): columns 1 to ${length + 1} (1-based, code points; ${length + 1} is its end).`
      : `Line ${line - 1} (0-based) has ${length} UTF-16 code unit(s): characters 0 to ${length}.`;
  }
  return new LocusError('LINE_OUT_OF_RANGE', `${filePath} has no position ${shown}.`, { hint });
}

function positionOffset(lines: LineIndex, position: Position): number | undefined {
  if (position.line < 0 || position.line >= lines.lineCount || position.character < 0) return undefined;
  const offset = lines.lineStart(position.line) + position.character;
  return offset <= lines.lineEnd(position.line) ? offset : undefined;
}
