/**
 * C/C++ recovery mask (docs/languages.md, "Recovery from macros tree-sitter cannot expand"): a text of the same
 * length in which the macros tree-sitter cannot expand are blanked, so declarations parse as a compiler (after the
 * preprocessor) reads them. Offsets do not move; names are read from the original text. Blanked:
 * - API / export / calling-convention macros by their conventional names (`LUA_API`, `LUALIB_API`,
 *   `ZEXTERN`, `ZEXPORT`, `SQLITE_API`, `TINYXML2_LIB`, `WINAPI`, `__cdecl`, …), the memory-model
 *   qualifiers `FAR`/`NEAR`/`HUGE`, and any identifier right before a type keyword (zlib's `local
 *   int`, `z_const unsigned char`);
 * - prototype wrappers `OF((int a))`, `_ARGS((…))`, `__P((…))` → `   (int a) `;
 * - an all-caps macro between `class`/`struct` and the class name (`class TINYXML2_LIB XMLNode {`)
 *   or between a type and a function name (`void ZLIB_INTERNAL _tr_init(s)`).
 * Preprocessor lines are left as they are (the macro definitions stay symbols).
 */

import type { Span } from '../../core/positions.js';
import { blankDeclarationMacros, blankDirectiveComments, codeOnly, matchingParen } from './c-mask-decl.js';

const API_MACRO =
  /\b(?:[A-Z][A-Z0-9]*_(?:API|EXPORT|EXTERN|LIB|FUNC|DDEC|DDEF|PRIVATE|INTERNAL|INLINE|NOINLINE|CDECL|STDCALL|DECL)|ZEXTERN|ZEXPORT|ZEXPORTVA|FAR|NEAR|HUGE|WINAPI|CALLBACK|APIENTRY|__cdecl|__stdcall|__fastcall|__thiscall|__vectorcall)\b(?=[ \t\n]+[A-Za-z_*(])/g;
const WRAPPER = /\b(?:OF|_ARGS|__P|PROTO|_PROTO|ARGS|P_)[ \t]*\((?=[ \t]*\()/g;
const CLASS_MACRO =
  /\b(?:class|struct|union)[ \t]+([A-Z][A-Z0-9_]*)[ \t]+(?=[A-Za-z_]\w*[ \t\n]*(?:\{|:[^:]|final\b))/g;
const LOCAL = /^local(?=[ \t]+[A-Za-z_])/gm;
/** An identifier right before a type keyword can only be a macro: `z_const unsigned char *next`. */
const BEFORE_KEYWORD =
  /(?<![\w.>]|->)(?!(?:return|case|sizeof|typedef|else|do|goto|static|extern|const|volatile|unsigned|signed|struct|union|enum|register|auto|inline|long|short|int|char|void|float|double|typename|template|class|public|private|protected|virtual|friend|explicit|mutable|constexpr|operator|new|delete|using|namespace|throw|asm|__asm|__asm__|__volatile__|__extension__|__attribute__|__declspec|__inline|__inline__|__restrict|__restrict__)\b)\b[A-Za-z_]\w*(?=[ \t]+(?:unsigned|signed|char|int|long|short|void|float|double|const|volatile|struct|union|enum)\b)/g;
/** An all-caps macro between a type and a function name: `void ZLIB_INTERNAL _tr_init(s)`. */
const BEFORE_NAME =
  /(?<!\b(?:struct|union|enum|class)[ \t]+)\b(?:void|int|char|long|short|unsigned|signed|float|double|bool|_Bool|[a-z_]\w*)[ \t*]+([A-Z][A-Z0-9]*_[A-Z0-9_]+)[ \t]+(?=\**[A-Za-z_]\w*[ \t]*\()/g;

/**
 * The masked text, or the text itself when nothing is blanked. Inside `errors` (where the previous
 * parse failed) the `#else`/`#elif` branches of conditionals are blanked too, as a compiler sees only
 * one branch: `#ifdef A` `if (x) {` `#else` `if (y) {` `#endif` then has balanced braces. The
 * `#if`/`#ifdef`/`#endif` lines there are blanked as well, so the kept branch joins the code around it.
 */
export function maskC(text: string, errors: readonly Span[] = []): string {
  const out = text.split('');
  const blank = (start: number, end: number): void => {
    for (let i = start; i < end; i++) if (out[i] !== '\n') out[i] = ' ';
  };
  const code = codeLines(text);
  const inCode = (offset: number): boolean => code(offset);
  for (const m of text.matchAll(API_MACRO)) if (inCode(m.index)) blank(m.index, m.index + m[0].length);
  for (const m of text.matchAll(LOCAL)) if (inCode(m.index)) blank(m.index, m.index + m[0].length);
  for (const m of text.matchAll(BEFORE_KEYWORD)) if (inCode(m.index)) blank(m.index, m.index + m[0].length);
  for (const m of text.matchAll(BEFORE_NAME)) {
    const name = m[1] as string;
    const at = m.index + m[0].lastIndexOf(name);
    if (inCode(m.index)) blank(at, at + name.length);
  }
  for (const m of text.matchAll(CLASS_MACRO)) {
    const name = m[1] as string;
    const at = m.index + m[0].indexOf(name, 5);
    if (inCode(m.index)) blank(at, at + name.length);
  }
  blankDeclarationMacros(codeOnly(text), blank);
  blankDirectiveComments(text, blank);
  for (const m of text.matchAll(WRAPPER)) {
    const close = matchingParen(text, m.index + m[0].length - 1);
    if (close === undefined || !inCode(m.index)) continue;
    blank(m.index, m.index + m[0].length);
    blank(close, close + 1);
  }
  for (const span of errors) blankElseBranches(text, span, blank);
  const masked = out.join('');
  return masked === text ? text : masked;
}

/** A test telling whether an offset is on a line that is not part of a preprocessor directive. */
function codeLines(text: string): (offset: number) => boolean {
  const directiveRanges: Array<[number, number]> = [];
  for (const m of text.matchAll(/^[ \t]*#(?:[^\n]*\\\n)*[^\n]*/gm)) {
    directiveRanges.push([m.index, m.index + m[0].length]);
  }
  return (offset) => {
    let lo = 0;
    let hi = directiveRanges.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const [start, end] = directiveRanges[mid] as [number, number];
      if (offset < start) hi = mid - 1;
      else if (offset >= end) lo = mid + 1;
      else return false;
    }
    return true;
  };
}

/** How far around a failing span the conditionals it lies in are looked for (a declaration's head or list). */
const CONDITIONAL_REACH = 4000;
const DIRECTIVE = /^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b[^\n]*/gm;

/**
 * Around a span: a conditional whose first branch leaves a brace or parenthesis open (`#ifdef A` `if (x) {`
 * `#else` `if (y) {` `#endif`) loses its other branches; a conditional without `#else` loses its directive
 * lines only (`}` `#ifdef GZIP` `else if (…) {…}` `#endif` joins the chain; `class X` `#if …` `: public B`
 * `#endif` `{` keeps its base clause). Conditionals whose branches are balanced (alternative definitions of whole
 * functions) are left as they are. The span counts as starting at the conditional it lies in (when that opens
 * nearby) and ending where the conditionals open at its end close.
 */
function blankElseBranches(text: string, span: Span, blank: (start: number, end: number) => void): void {
  const directive = new RegExp(DIRECTIVE.source, 'gm');
  directive.lastIndex = enclosingConditional(text, span.start) ?? lineStartOf(text, span.start);
  const stack: Array<{ ifAt: number; ifEnd: number; elseAt: number | undefined }> = [];
  const limit = span.end + CONDITIONAL_REACH;
  for (
    let m = directive.exec(text);
    m && (m.index < span.end || (stack.length > 0 && m.index < limit));
    m = directive.exec(text)
  ) {
    const kind = m[1] as string;
    const top = stack[stack.length - 1];
    if (kind.startsWith('if')) stack.push({ ifAt: m.index, ifEnd: m.index + m[0].length, elseAt: undefined });
    else if ((kind === 'else' || kind === 'elif') && top) top.elseAt ??= m.index;
    else if (kind === 'endif' && top) {
      stack.pop();
      if (top.elseAt === undefined) {
        blank(top.ifAt, top.ifEnd);
        blank(m.index, m.index + m[0].length);
      } else if (unbalanced(text.slice(top.ifEnd, top.elseAt))) {
        blank(top.ifAt, top.ifEnd);
        blank(top.elseAt, m.index + m[0].length);
      }
    }
  }
}

/** The start of the innermost `#if` open at `offset`, when it opens within `CONDITIONAL_REACH` before it. */
function enclosingConditional(text: string, offset: number): number | undefined {
  const from = Math.max(0, offset - CONDITIONAL_REACH);
  const directive = new RegExp(DIRECTIVE.source, 'gm');
  directive.lastIndex = lineStartOf(text, from);
  const open: number[] = [];
  for (let m = directive.exec(text); m && m.index < offset; m = directive.exec(text)) {
    if ((m[1] as string).startsWith('if')) open.push(m.index);
    else if (m[1] === 'endif') open.pop();
  }
  return open[open.length - 1];
}

/** True when braces or parentheses do not balance (comments and strings skipped). */
function unbalanced(code: string): boolean {
  const stripped = code.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/g, ' ');
  let braces = 0;
  let parens = 0;
  for (const c of stripped) {
    if (c === '{') braces++;
    else if (c === '}') braces--;
    else if (c === '(') parens++;
    else if (c === ')') parens--;
  }
  return braces !== 0 || parens !== 0;
}

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}
