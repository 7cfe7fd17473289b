/**
 * Symbol path segments (docs/locate-strings.md, "Scope"): `.` and `::` separate segments, a trailing `[K]` picks a
 * same-path symbol, Go receivers `(*T)`, `(T)`, `(*T[K])` as first segment normalise to `T`, and a segment in double
 * quotes is taken literally (`devDependencies."@types/node"`, `"a.b"`; `\"` and `\\` inside), which is how a name that
 * is no plain segment — a data-file key with a dot, space, `@` or quote, a heading, `operator[]` — is written.
 */
import { LocusError } from '../core/errors.js';
import { clip } from '../core/limits.js';

/** The accepted scope forms, shown in every scope error. */
export const SCOPE_FORMS_HINT =
  'Accepted scopes: a line `42` or `L42`, a line range `10-20`, `10,20` or `L10-20` (1-based, start <= end), ' +
  'or a symbol path such as `Cart.total`, `Parser::new`, `(*Server).Start` or `Shape.area[1]` (K-th same-named symbol, 0-based); ' +
  'a data-file key path such as `scripts.test`, `jobs.test.steps.0` (array element 0) or `devDependencies."@types/node"` ' +
  '(a name that is not a plain segment in double quotes).';

const SEGMENT_RE = /^[^.:@[\]\s"]+$/u;
/** Text the scope parser reads as lines (`42`, `L42`, `10-20`, `10,20`, and malformed ones such as `10-`). */
export const LINE_LIKE_RE = /^L?\d+(?:[-,].*)?$/s;
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

/**
 * One segment of the object form (`symbol_path: [...]`), where each element is a whole name: taken literally (a
 * data-file key may hold any character), except a first-segment Go receiver `(*T)`, which normalises to `T`.
 */
export function literalSegment(segment: string, first: boolean): string {
  return (first ? receiverType(segment) : undefined) ?? segment;
}

/** The type name of a Go receiver `( *T )` / `(T[K])`, or undefined when `segment` is not one. */
function receiverType(segment: string): string | undefined {
  if (!segment.startsWith('(') || !segment.endsWith(')')) return undefined;
  let inner = segment.slice(1, -1).trim();
  if (inner.startsWith('*')) inner = inner.slice(1).trimStart();
  return RECEIVER_NAME_RE.exec(inner)?.[1];
}

/** Parses `A.B::C[K]` / `(*T).M` / `a."b.c"` into segments. */
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
  let at = 0;
  if (body.startsWith('(')) {
    const close = body.indexOf(')');
    if (close < 0) throw invalidScope(scope, 'the receiver `(` is not closed');
    segments.push(normalizeSegment(body.slice(0, close + 1), true, scope));
    at = close + 1;
    if (at === body.length) return withIndex(segments, index);
    at = afterSeparator(body, at, scope, 'expected `.` after the receiver');
  }
  for (;;) {
    const quoted = body[at] === '"' ? readQuoted(body, at, scope) : undefined;
    const end = quoted ? quoted.end : nextSeparator(body, at);
    segments.push(quoted ? quoted.text : normalizeSegment(body.slice(at, end), false, scope));
    if (end === body.length) return withIndex(segments, index);
    at = afterSeparator(body, end, scope, 'expected `.` or `::` after a quoted name');
  }
}

/** Index of the next `.` or `::` at or after `from` (or the end). */
function nextSeparator(body: string, from: number): number {
  for (let i = from; i < body.length; i++) {
    if (body[i] === '.' || (body[i] === ':' && body[i + 1] === ':')) return i;
  }
  return body.length;
}

/** The index just past the separator at `at`; INVALID_LOCATE when there is none. */
function afterSeparator(body: string, at: number, scope: string, why: string): number {
  if (body[at] === '.') return at + 1;
  if (body.startsWith('::', at)) return at + 2;
  throw invalidScope(scope, why);
}

/** A quoted segment starting at `at` (`"…"` with `\"` and `\\`): its text and the index after the closing quote. */
function readQuoted(body: string, at: number, scope: string): { text: string; end: number } {
  let text = '';
  for (let i = at + 1; i < body.length; i++) {
    const char = body[i] as string;
    if (char === '"') return { text, end: i + 1 };
    if (char === '\\' && (body[i + 1] === '"' || body[i + 1] === '\\')) {
      text += body[i + 1];
      i++;
    } else text += char;
  }
  throw invalidScope(scope, 'a quoted name is not closed with `"`');
}

/**
 * Where the scope that starts at `from` ends: the first `@` outside a quoted name (the find starts after it), else
 * the end. A quote left open does not hide the `@`s after it (the scope then fails on the open quote).
 */
export function scopeEnd(input: string, from: number): number {
  let quoted = false;
  for (let i = from; i < input.length; i++) {
    const char = input[i];
    if (quoted && char === '\\') i++;
    else if (char === '"') quoted = !quoted;
    else if (char === '@' && !quoted) return i;
  }
  if (!quoted) return input.length;
  const at = input.indexOf('@', from);
  return at < 0 ? input.length : at;
}

function withIndex(segments: string[], index: number | undefined): ParsedSymbolPath {
  return index === undefined ? { segments } : { segments, index };
}

/**
 * Formats segments back to the string form (`A.B[K]`), quoting every segment the parser would not read back as
 * itself: one that is empty, holds `.`, `:`, `@`, `[`, `]`, `"` or whitespace, a first one that starts with `(` (a
 * receiver), and the first one of a path that would read as a line scope (`"0"`, `"L10"`).
 */
export function formatSymbolPath(segments: readonly string[], index?: number): string {
  const parts = segments.map((segment, i) => (needsQuotes(segment, i === 0) ? quote(segment) : segment));
  let text = parts.join('.');
  if (LINE_LIKE_RE.test(text) && segments.length > 0) {
    parts[0] = quote(segments[0] as string);
    text = parts.join('.');
  }
  return text + (index === undefined ? '' : `[${index}]`);
}

function needsQuotes(segment: string, first: boolean): boolean {
  return !SEGMENT_RE.test(segment) || (first && segment.startsWith('('));
}

function quote(segment: string): string {
  return `"${segment.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}
