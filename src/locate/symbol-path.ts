/**
 * Symbol path segments (docs/locate-strings.md, "Scope"): `.` and `::` separate segments, a trailing `[K]` picks a
 * same-path symbol, Go receivers `(*T)`, `(T)`, `(*T[K])` as first segment normalise to `T`.
 */
import { LocusError } from '../core/errors.js';

/** The accepted scope forms, shown in every scope error. */
export const SCOPE_FORMS_HINT =
  'Accepted scopes: a line `42` or `L42`, a line range `10-20`, `10,20` or `L10-20` (1-based, start <= end), ' +
  'or a symbol path such as `Cart.total`, `Parser::new`, `(*Server).Start` or `Shape.area[1]` (K-th same-named symbol, 0-based).';

const SEGMENT_RE = /^[^.:@[\]\s]+$/u;
const RECEIVER_RE = /^\(\s*\*?\s*([^()\s[\]*.:@]+)(?:\[[^()]*\])?\s*\)$/u;

/** A parsed symbol path: normalised segments and an optional overload index. */
export interface ParsedSymbolPath {
  segments: string[];
  index?: number;
}

/** Throws INVALID_LOCATE naming the bad scope and showing the accepted forms. */
export function invalidScope(scope: string, why: string): LocusError {
  return new LocusError('INVALID_LOCATE', `Invalid scope \`${scope}\`: ${why}.`, { hint: SCOPE_FORMS_HINT });
}

/** Normalises one segment (Go receiver → type name) and checks its characters. */
export function normalizeSegment(segment: string, first: boolean, scopeText = segment): string {
  const receiver = first ? RECEIVER_RE.exec(segment) : null;
  if (receiver?.[1]) return receiver[1];
  if (segment.length === 0) throw invalidScope(scopeText, 'it has an empty segment');
  if (!SEGMENT_RE.test(segment)) {
    const why = /\s/u.test(segment)
      ? `segment \`${segment}\` contains whitespace`
      : `segment \`${segment}\` is not a name`;
    throw invalidScope(scopeText, why);
  }
  return segment;
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
