/**
 * Symbol path segments (docs/locate-strings.md, "Scope"): `.` and `::` separate segments, a trailing `[K]` picks a
 * same-path symbol, Go receivers `(*T)`, `(T)`, `(*T[K])` as first segment normalise to `T`.
 */
import { LocusError } from '../core/errors.js';
import { clip } from '../core/limits.js';

/** The accepted scope forms, shown in every scope error. */
export const SCOPE_FORMS_HINT =
  'Accepted scopes: a line `42` or `L42`, a line range `10-20`, `10,20` or `L10-20` (1-based, start <= end), ' +
  'or a symbol path such as `Cart.total`, `Parser::new`, `(*Server).Start` or `Shape.area[1]` (K-th same-named symbol, 0-based).';

const SEGMENT_RE = /^[^.:@[\]\s]+$/u;
// Receiver parts, matched piecewise: one regex with `\s*\*?\s*` backtracks quadratically on long blanks.
const RECEIVER_NAME_RE = /^([^()\s[\]*.:@]+)(?:\[[^()]*\])?$/u;

/** A parsed symbol path: normalised segments and an optional overload index. */
export interface ParsedSymbolPath {
  segments: string[];
  index?: number;
}

/** Throws INVALID_LOCATE naming the bad scope and showing the accepted forms. */
export function invalidScope(scope: string, why: string): LocusError {
  return new LocusError('INVALID_LOCATE', `Invalid scope \`${clip(scope)}\`: ${clip(why, 240)}.`, {
    hint: SCOPE_FORMS_HINT,
  });
}

/** Normalises one segment (Go receiver → type name) and checks its characters. */
export function normalizeSegment(segment: string, first: boolean, scopeText = segment): string {
  const receiver = first ? receiverType(segment) : undefined;
  if (receiver !== undefined) return receiver;
  if (segment.length === 0) throw invalidScope(scopeText, 'it has an empty segment');
  if (!SEGMENT_RE.test(segment)) {
    const why = /\s/u.test(segment)
      ? `segment \`${segment}\` contains whitespace`
      : `segment \`${segment}\` is not a name`;
    throw invalidScope(scopeText, why);
  }
  return segment;
}

/** The type name of a Go receiver `( *T )` / `(T[K])`, or undefined when `segment` is not one. */
function receiverType(segment: string): string | undefined {
  if (!segment.startsWith('(') || !segment.endsWith(')')) return undefined;
  let inner = segment.slice(1, -1).trim();
  if (inner.startsWith('*')) inner = inner.slice(1).trimStart();
  return RECEIVER_NAME_RE.exec(inner)?.[1];
}

/** Parses `A.B::C[K]` / `(*T).M` into segments. */
export function parseSymbolPath(scope: string): ParsedSymbolPath {
  let body = scope;
  let index: number | undefined;
  const indexMatch = /\[(\d+)\]$/.exec(body);
  if (indexMatch?.[1] !== undefined) {
    index = Number(indexMatch[1]);
    if (!Number.isSafeInteger(index)) throw invalidScope(scope, 'the overload index is too large');
    body = body.slice(0, indexMatch.index);
  }
  const segments: string[] = [];
  let rest = body;
  if (rest.startsWith('(')) {
    const close = rest.indexOf(')');
    if (close < 0) throw invalidScope(scope, 'the receiver `(` is not closed');
    segments.push(normalizeSegment(rest.slice(0, close + 1), true, scope));
    rest = rest.slice(close + 1);
    if (rest.length === 0) return withIndex(segments, index);
    if (rest.startsWith('::')) rest = rest.slice(2);
    else if (rest.startsWith('.')) rest = rest.slice(1);
    else throw invalidScope(scope, 'expected `.` after the receiver');
  }
  for (const piece of rest.split(/\.|::/)) segments.push(normalizeSegment(piece, false, scope));
  return withIndex(segments, index);
}

function withIndex(segments: string[], index: number | undefined): ParsedSymbolPath {
  return index === undefined ? { segments } : { segments, index };
}

/** Formats segments back to the string form (`A.B[K]`). */
export function formatSymbolPath(segments: readonly string[], index?: number): string {
  return segments.join('.') + (index === undefined ? '' : `[${index}]`);
}
