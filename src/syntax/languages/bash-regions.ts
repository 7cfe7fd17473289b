/**
 * Region boundaries for Bash recovery (docs/languages.md): a region starts at every line that starts,
 * at column 0, a function definition in any of its forms (`name() {`, `name () (`, `function name {`,
 * `function name() …`). A boundary that falls inside a string or here-doc (neofetch's default config
 * text holds `print_info() {`) is removed by the recovery's merge step, which joins a region with the
 * next while it does not parse on its own.
 */
import type { Span } from '../../core/positions.js';
import type { Candidate } from '../hooks.js';

const DEFINITION_LINE =
  /^(?:function[ \t]+[^\s(){}|&;<>]+(?:[ \t]*\([ \t]*\))?|[A-Za-z_][\w:.+@-]*[ \t]*\([ \t]*\))/gm;

/** Offsets where top-level function definitions start, as consecutive regions covering the text. */
export function bashRegions(text: string): Span[] {
  const lineStarts = topLevelLineStarts(text);
  const starts = [0];
  for (const match of text.matchAll(DEFINITION_LINE)) {
    if (match.index > 0 && lineStarts.has(match.index)) starts.push(match.index);
  }
  return starts.map((start, i) => ({ start, end: starts[i + 1] ?? text.length }));
}

/**
 * Offsets of lines that start outside any string, command substitution, comment or here-doc — a
 * lexical pass in the way bash reads quotes (`'…'`, `"…"` with `$(…)` nested inside, here-docs up
 * to their terminator line), so a definition-like line inside a string is never a boundary.
 */
function topLevelLineStarts(text: string): Set<number> {
  const starts = new Set<number>([0]);
  const stack: string[] = [];
  const heredocs: Array<{ word: string; strip: boolean }> = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    const top = stack[stack.length - 1];
    if (c === '\\' && top !== "'") {
      i++;
      continue;
    }
    if (c === '\n') {
      if (heredocs.length > 0) i = skipHeredocs(text, i + 1, heredocs) - 1;
      else if (stack.length === 0) starts.add(i + 1);
      continue;
    }
    if (top === "'" || top === "$'") {
      if (c === "'") stack.pop();
      else if (c === '\\' && top === "$'") i++;
    } else if (text.startsWith('$(', i) && !text.startsWith('$((', i)) {
      stack.push(')');
      i++;
    } else if (top === '"') {
      if (c === '"') stack.pop();
    } else if (c === "'") stack.push(text[i - 1] === '$' ? "$'" : "'");
    else if (c === '"') stack.push(c);
    else if (c === '(' && top === ')') stack.push(')');
    else if (c === ')' && top === ')') stack.pop();
    else if (c === '#' && /[\s;(]/.test(text[i - 1] ?? '\n')) i = lineEnd(text, i) - 1;
    else if (text.startsWith('<<', i) && text[i + 2] !== '<') {
      const heredoc = /^<<(-?)[ \t]*(['"]?)([\w.-]+)\2/.exec(text.slice(i, i + 200));
      if (heredoc) heredocs.push({ word: heredoc[3] as string, strip: heredoc[1] === '-' });
    }
  }
  return starts;
}

/** The offset after the terminator lines of pending here-docs starting at `from`. */
function skipHeredocs(text: string, from: number, heredocs: Array<{ word: string; strip: boolean }>): number {
  let at = from;
  while (heredocs.length > 0 && at < text.length) {
    const end = lineEnd(text, at);
    const line = text.slice(at, end);
    const pending = heredocs[0] as { word: string; strip: boolean };
    if ((pending.strip ? line.replace(/^\t+/, '') : line) === pending.word) heredocs.shift();
    at = end + 1;
  }
  return at;
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end === -1 ? text.length : end;
}

/** The right operand of `==`/`!=`/`=` in `[[ … ]]`, up to `]]`, `&&` or `||` on the same line. */
const EXTGLOB_OPERAND = /(?:==?|!=)[ \t]+([^\s\]](?:[^\n]*?[^\s])??)(?=[ \t]+(?:\]\]|&&|\|\|))/g;

/**
 * Same-length text with the constructs tree-sitter-bash 0.23 cannot parse blanked: the operand of a
 * complex parameter expansion (`${x/ 'a'}`, `${x/$'/:'*}`, `${h%]?(:+([0-9]))}` → `${xxxx…}`), the
 * regex of `[[ … =~ … ]]` and an extglob pattern compared in `[[ … ]]` (`$OSTYPE == *@(solaris|aix)*`)
 * (→ `xxxx`). Names of functions and variables are never touched.
 */
export function maskBash(text: string): string {
  const out = text.split('');
  // `${COMPREPLY[0]#\~}` → `${COMPREPLYxxxxxxx}`: the subscript goes too, `${a[0]xxx}` would not parse either.
  for (const match of text.matchAll(/(\$\{[#!]?\w+)(?:\[[^\]\n]*\])?(?=[^}\w[])/g)) {
    const end = closingBrace(text, match.index + 2);
    if (end === undefined) continue;
    for (let i = match.index + (match[1] as string).length; i < end; i++) out[i] = 'x';
  }
  for (const match of text.matchAll(/=~[ \t]+(\S(?:[^\n]*?\S)??)[ \t]+\]\]/g)) {
    const start = match.index + match[0].indexOf(match[1] as string, 2);
    for (let i = start; i < start + (match[1] as string).length; i++) out[i] = 'x';
  }
  for (const match of text.matchAll(EXTGLOB_OPERAND)) {
    const operand = match[1] as string;
    if (!/[@!+*?]\(/.test(operand)) continue;
    const start = match.index + match[0].indexOf(operand, 1);
    for (let i = start; i < start + operand.length; i++) out[i] = 'x';
  }
  return out.join('');
}

/** Index of the `}` closing a `${` whose content starts at `from`, on the same line; quotes balanced. */
function closingBrace(text: string, from: number): number | undefined {
  let depth = 0;
  let quote: string | undefined;
  for (let i = from; i < text.length && i < from + 500; i++) {
    const c = text[i];
    if (c === '\n') return undefined;
    if (c === '\\') {
      i++;
      continue;
    }
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '{') depth++;
    else if (c === '}') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return undefined;
}

/**
 * The function a region's first line defines (`name() {`, `function name {`), for a region
 * tree-sitter cannot parse: the name from that line, the full range up to the region's last line
 * that closes a body (`}` or `)` at column 0).
 */
export function definitionAt(text: string, region: Span): Candidate | undefined {
  const line = text.slice(region.start, lineEnd(text, region.start));
  DEFINITION_LINE.lastIndex = 0;
  if (DEFINITION_LINE.exec(line)?.index !== 0) return undefined;
  const match = /^(function[ \t]+)?([^\s(){}|&;<>]+)/.exec(line);
  const name = match?.[2];
  if (!match || name === undefined || name === 'function') return undefined;
  const nameStart = region.start + (match[1]?.length ?? 0);
  const body = text.slice(region.start, region.end);
  const close = Math.max(body.lastIndexOf('\n}'), body.lastIndexOf('\n)'));
  const end = close === -1 ? region.start + line.length : region.start + close + 2;
  return {
    kind: 'function',
    name,
    nameSpan: { start: nameStart, end: nameStart + name.length },
    fullSpan: { start: region.start, end },
  };
}
