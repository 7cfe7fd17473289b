/**
 * Runs of whole comment lines an index skeleton parse may leave out (docs/workspace.md, "Building, caching and
 * freshness"). A comment is an extra: no declaration, name or full range is made of a comment on a line of its own
 * (full ranges end at their last token, leading comments are never in), so leaving such lines out of the parse
 * changes no symbol. About a fifth of the Go standard library's text is comment lines, each one a token the lexer
 * reads and a node the symbol query visits.
 *
 * The scan is plain text, so it only takes lines whose removal could not change any token around them even when
 * they are not a comment after all (inside a raw string, a template literal or a block comment): no backtick, no
 * `${`, no `/*` or `*\/` on a `//` line; a `/* … *\/` block (TypeScript) only when no block comment is open before
 * it and nothing follows its end on the line; never a line after one ending in `\` (a continued string); never in
 * a text with lone `\r` line ends (the parser reads them as line breaks, this scan does not).
 */
import type { Span } from '../core/positions.js';

/** Which comments may go: `//` lines, or also `/* … *\/` blocks that start and end their lines. */
export type CommentMode = 'line' | 'block';

/** The runs of whole comment lines of `text` (each from its first line's start to its last line's end), in order. */
export function commentRuns(text: string, mode: CommentMode): Span[] {
  if (/\r(?!\n)/.test(text)) return [];
  const runs: Span[] = [];
  let run: Span | undefined;
  let lineStart = 0;
  while (lineStart < text.length) {
    const end = commentEnd(text, lineStart, mode);
    if (end === undefined) {
      run = undefined;
      const newline = text.indexOf('\n', lineStart);
      lineStart = newline < 0 ? text.length : newline + 1;
      continue;
    }
    if (run === undefined) runs.push((run = { start: lineStart, end }));
    else run.end = end;
    lineStart = end + 1;
  }
  return runs;
}

/** When the line at `lineStart` is a comment that may go: the end of its last line (before the `\n`). */
function commentEnd(text: string, lineStart: number, mode: CommentMode): number | undefined {
  // Only comments at the start of their line: a declaration's own comments are indented (gofmt, prettier).
  const at = lineStart;
  if (text.charCodeAt(at) !== 0x2f || continued(text, lineStart)) return undefined;
  const next = text.charCodeAt(at + 1);
  if (next === 0x2f) {
    const newline = text.indexOf('\n', at);
    const end = newline < 0 ? text.length : newline;
    return harmless(text.slice(at, end), true) ? end : undefined;
  }
  if (next !== 0x2a || mode !== 'block' || blockOpen(text, lineStart)) return undefined;
  const close = text.indexOf('*/', at + 2);
  if (close < 0) return undefined;
  const newline = text.indexOf('\n', close);
  const end = newline < 0 ? text.length : newline;
  if (text.slice(close + 2, end).trim() !== '') return undefined;
  return harmless(text.slice(at + 2, close), false) ? end : undefined;
}

function harmless(comment: string, line: boolean): boolean {
  return (
    !comment.includes('`') &&
    !comment.includes('${') &&
    !comment.includes('*/') &&
    !(line ? comment.includes('/*') : false)
  );
}

/** True when the line before the one at `lineStart` ends in a backslash (a string may go on). */
function continued(text: string, lineStart: number): boolean {
  let at = lineStart - 2;
  if (text.charCodeAt(at) === 0x0d) at--;
  return at >= 0 && text.charCodeAt(at) === 0x5c;
}

/** True when a `/*` before `at` has no `*\/` after it before `at` (strings holding them only make this say yes). */
function blockOpen(text: string, at: number): boolean {
  const open = at < 2 ? -1 : text.lastIndexOf('/*', at - 2);
  if (open < 0) return false;
  const close = text.indexOf('*/', open + 2);
  return close < 0 || close + 2 > at;
}

/** The runs that lie outside every body gap (both in order; a run inside a body is left out with it already). */
export function outsideBodies(runs: readonly Span[], bodies: readonly Span[]): Span[] {
  const kept: Span[] = [];
  let b = 0;
  for (const run of runs) {
    while (b < bodies.length && (bodies[b] as Span).end <= run.start) b++;
    const body = bodies[b];
    if (body === undefined || run.end <= body.start) kept.push(run);
  }
  return kept;
}
