/**
 * Validation of the object form of a Locate (docs/locate-strings.md): everything an agent can get wrong is
 * an INVALID_LOCATE with a hint, and symbol segments are normalised exactly like the string form.
 */
import { LocusError } from '../core/errors.js';
import { isRecord } from '../core/records.js';
import { DEFAULT_LIMITS, MAX_MARKER_DEPTH, limitExceeded, type Limits } from '../core/limits.js';
import { markerString, splitMarker } from './markers.js';
import type { Locate, Scope } from './model.js';
import { literalSegment } from './symbol-path.js';
import { isBlank } from './tokens.js';

const OBJECT_HINT =
  'Object form: { "file_path": "src/a.py", "scope"?: { "symbol_path": ["Cart", "total"], "symbol_index"?: 0 } ' +
  '| { "start_line": 10, "end_line"?: 20 }, "find"?: "return <|>x", "find_index"?: 0 }; scope or find is required.';

function invalid(message: string): LocusError {
  return new LocusError('INVALID_LOCATE', message, { hint: OBJECT_HINT });
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function checkKeys(value: Record<string, unknown>, allowed: readonly string[], where: string): void {
  const unknown = Object.keys(value).filter((key) => !allowed.includes(key));
  if (unknown.length > 0)
    throw invalid(`Unknown field${unknown.length > 1 ? 's' : ''} in ${where}: ${unknown.join(', ')}.`);
}

/** Validates and normalises an object-form Locate (also re-validates a parsed string form). */
export function validateLocate(
  input: unknown,
  limits: Pick<Limits, 'maxLocateLength' | 'maxFindLength'> = DEFAULT_LIMITS,
): Locate {
  if (!isRecord(input)) throw invalid('A locate object must be a JSON object.');
  checkKeys(input, ['file_path', 'scope', 'find', 'find_index'], 'the locate');
  const { file_path: filePath, scope, find, find_index: findIndex } = input;
  if (typeof filePath !== 'string' || filePath.length === 0)
    throw invalid('`file_path` must be a non-empty string.');
  if (filePath.length > limits.maxLocateLength)
    throw limitExceeded(
      'maxLocateLength',
      'The length of `file_path`',
      filePath.length,
      limits.maxLocateLength,
    );
  const locate: Locate = { file_path: filePath };
  if (scope !== undefined) locate.scope = validateScope(scope);
  if (find !== undefined) {
    if (typeof find !== 'string' || find.length === 0) throw invalid('`find` must be a non-empty string.');
    checkFindLimits(find, limits);
    if (splitMarker(find).kind === 'none' && isBlank(find))
      throw invalid('`find` is only whitespace and has no marker.');
    locate.find = find;
  }
  if (findIndex !== undefined) {
    if (!isCount(findIndex)) throw invalid('`find_index` must be a whole number >= 0.');
    if (locate.find === undefined) throw invalid('`find_index` needs a `find`.');
    locate.find_index = findIndex;
  }
  if (locate.scope === undefined && locate.find === undefined) {
    throw invalid(`Nothing to locate in \`${filePath}\`: give a scope, a find text, or both.`);
  }
  return locate;
}

const TOO_DEEP_MARKER = markerString(MAX_MARKER_DEPTH + 1).slice(0, MAX_MARKER_DEPTH + 2);

/** The find text's length limit (also a `search` pattern's find part). */
export function checkFindLength(find: string, limits: Pick<Limits, 'maxFindLength'>): void {
  if (find.length > limits.maxFindLength)
    throw limitExceeded('maxFindLength', 'The find text length', find.length, limits.maxFindLength);
}

/** Find length and marker depth: a marker deeper than the deepest level read is refused, not taken literally. */
function checkFindLimits(find: string, limits: Pick<Limits, 'maxFindLength'>): void {
  checkFindLength(find, limits);
  if (find.includes(TOO_DEEP_MARKER)) {
    const bar = find.indexOf(TOO_DEEP_MARKER) + MAX_MARKER_DEPTH + 1;
    let depth = MAX_MARKER_DEPTH + 1;
    while (find[bar - depth - 1] === '<') depth++;
    throw limitExceeded('maxMarkerDepth', 'The marker depth', depth, MAX_MARKER_DEPTH);
  }
}

function validateScope(scope: unknown): Scope {
  if (!isRecord(scope)) throw invalid('`scope` must be an object.');
  const symbolKind = 'symbol_path' in scope || 'symbol_index' in scope;
  const lineKind = 'start_line' in scope || 'end_line' in scope;
  if (symbolKind === lineKind) {
    throw invalid(
      '`scope` must have either `symbol_path` (a symbol scope) or `start_line` (a line scope), not both or neither.',
    );
  }
  return symbolKind ? validateSymbolScope(scope) : validateLineScope(scope);
}

function validateSymbolScope(scope: Record<string, unknown>): Scope {
  checkKeys(scope, ['symbol_path', 'symbol_index'], 'the symbol scope');
  const path = scope.symbol_path;
  if (!Array.isArray(path) || path.length === 0)
    throw invalid('`symbol_path` must be a non-empty array of names.');
  const segments = path.map((segment, i) => {
    if (typeof segment !== 'string') throw invalid('Every `symbol_path` element must be a string.');
    return literalSegment(segment, i === 0);
  });
  if (scope.symbol_index === undefined) return { symbol_path: segments };
  if (!isCount(scope.symbol_index)) throw invalid('`symbol_index` must be a whole number >= 0.');
  return { symbol_path: segments, symbol_index: scope.symbol_index };
}

function validateLineScope(scope: Record<string, unknown>): Scope {
  checkKeys(scope, ['start_line', 'end_line'], 'the line scope');
  const start = scope.start_line;
  const end = scope.end_line ?? start;
  if (!isCount(start) || start < 1)
    throw invalid('`start_line` must be a whole number >= 1 (lines are 1-based).');
  if (!isCount(end) || end < start) throw invalid('`end_line` must be a whole number >= `start_line`.');
  return { start_line: start, end_line: end };
}
