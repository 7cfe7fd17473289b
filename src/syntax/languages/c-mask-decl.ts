/**
 * The declaration macros of the C/C++ recovery mask (docs/languages.md, "Recovery from macros tree-sitter
 * cannot expand"): all-caps macros whose expansion a compiler sees as a specifier, an attribute, a namespace
 * bracket or nothing, found by where they stand rather than by their name. A macro name here has an underscore
 * (`FMT_CONSTEXPR`, `FMT_BEGIN_NAMESPACE`, `Q_DECL_EXPORT`), so type parameters (`T`) and constants (`FILE`,
 * `EOF`) are never blanked. Three places:
 * - a line holding only a macro (or a macro call `FMT_MSC_WARNING(suppress : 26495)`) between two declarations:
 *   `FMT_BEGIN_NAMESPACE`, `FMT_CLASS_API` above `class …`;
 * - a macro starting a declaration that is complete without it: before a keyword (`FMT_CONSTEXPR bool f()`), a
 *   destructor (`FMT_CONSTEXPR20 ~buffer()`), a type and a name (`FMT_CONSTEXPR size_t size()`), another such
 *   macro, or a constructor of a class the file defines (`FMT_CONSTEXPR typed_node(const Arg& arg)`);
 * - a macro between a function name and its parameters (`localtime_r FMT_NOMACRO(...)`), or after them
 *   (`jv jv_string_fmt(const char*, ...) JV_PRINTF_LIKE(1, 2);`, `void f() FMT_NOEXCEPT;`);
 * - an indented macro opening a block in a function body (`FMT_TRY {`), which would read as a compound literal.
 * A macro that is itself the type (`LUA_NUMBER x;`, `typedef LUA_NUMBER lua_Number;`) stays.
 */

const MACRO = String.raw`[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+`;
const MACRO_NAME = new RegExp(`^${MACRO}$`);
/** Keywords a declaration can start with once the macro is gone. */
const DECL_KEYWORD = String.raw`(?:template|namespace|class|struct|union|enum|typedef|using|static|inline|extern|constexpr|consteval|constinit|virtual|explicit|friend|const|volatile|mutable|unsigned|signed|void|bool|char|wchar_t|char8_t|char16_t|char32_t|short|int|long|float|double|auto|operator|typename|decltype)\b`;
/** A type then a declarator name: `size_t size(`, `std::string* name`, `basic_string_view<Char> f(`. */
const TYPE_THEN_NAME = String.raw`[A-Za-z_][\w]*(?:[ \t]*<[^;{}()\n]*>)?(?:::[A-Za-z_~][\w]*(?:[ \t]*<[^;{}()\n]*>)?)*(?:[ \t]*[*&]+[ \t]*|[ \t]+)(?:const[ \t]+)?[*&]*[A-Za-z_~]`;
const LONE_SOURCE = String.raw`^[ \t]*(${MACRO})(?:[ \t]*\([^\n]*\))?[ \t]*$`;
const LONE_LINE = new RegExp(LONE_SOURCE, 'gm');
const LONE = new RegExp(LONE_SOURCE);
const LEADING = new RegExp(
  String.raw`(?<=^[ \t]*(?:template[ \t]*<[^\n]*>[ \t]*)?(?:(?:static|inline|extern|virtual|explicit|friend|constexpr|${MACRO})[ \t]+)*)(${MACRO})[ \t]+(?=${DECL_KEYWORD}|~|\[\[|${MACRO}[ \t]|${TYPE_THEN_NAME}|([A-Za-z_]\w*)[ \t]*\()`,
  'gm',
);
const BEFORE_PARAMS = new RegExp(
  String.raw`[\w>*&][ \t]+([A-Za-z_]\w*)[ \t]+(${MACRO})(?=[ \t]*\((?![ \t]*\())`,
  'g',
);
/** What follows the parameters of a function: a body, a qualifier, a trailing return type. */
const AFTER_PARAMS =
  /^[ \t\n]*(?:\{|const\b|noexcept\b|override\b|final\b|throw\b|->|=[ \t]*(?:default|delete|0)\b|;)/;
/** Parameters that are declarations (`...`, `void`, `int a`, `const T& v, int n`), not attribute arguments (`aligned(8)`). */
const PARAMETERS =
  /^[ \t\n]*(?:|\.\.\.|void|[^()]*[\w>*&][ \t\n*&]+[A-Za-z_]\w*[ \t\n]*(?:(?:=|,)[\s\S]*)?)[ \t\n]*$/;
/** A macro after a function's parameters and qualifiers: `~format_error() noexcept override FMT_MSC_DEFAULT;`. */
const TRAILING = new RegExp(
  String.raw`(?<=(?:\)|\b(?:const|noexcept|override|final))[ \t]+)${MACRO}(?=[ \t]*(?:;|\{|=[ \t]*(?:default|delete|0)\b))`,
  'g',
);
/** A macro call after a prototype's parameters: `JV_PRINTF_LIKE(1, 2)` (blanked up to its closing parenthesis). */
const TRAILING_CALL = new RegExp(String.raw`(?<=\)[ \t]*)${MACRO}[ \t]*(?=\()`, 'g');
const BEFORE_BLOCK = new RegExp(String.raw`^[ \t]+${MACRO}(?=[ \t]*\{)`, 'gm');
/** Words after which `word MACRO(` is an expression, not a declarator. */
const NOT_A_NAME = new Set(
  'return else case new delete throw sizeof typedef goto co_return co_yield co_await operator decltype alignof noexcept const override final'.split(
    ' ',
  ),
);
const CLASS_NAME = new RegExp(
  String.raw`\b(?:class|struct|union)[ \t]+(?:${MACRO}[ \t]+)*([A-Za-z_]\w*)`,
  'g',
);
/** What a line may end with for the next line to start a declaration. */
const DECLARATION_END = /(?:[;{}]|[^:]:)[ \t]*$/;
const STARTS_DECLARATION = new RegExp(
  String.raw`^[ \t]*(?:${DECL_KEYWORD}|~|\[\[|${MACRO}[ \t]*(?:\(|$)|${TYPE_THEN_NAME}|([A-Za-z_]\w*)[ \t]*\()`,
);

/** A blanking callback over the original text's offsets. */
export type Blank = (start: number, end: number) => void;

/** Blanks the declaration macros of `text`; `code` is `text` with comments, strings and directives blanked. */
export function blankDeclarationMacros(code: string, blank: Blank): void {
  const classes = new Set([...code.matchAll(CLASS_NAME)].map((m) => m[1] as string));
  const lines = lineStarts(code);
  for (const m of code.matchAll(LONE_LINE)) {
    if (loneMacroLine(code, lines, m.index, classes)) blank(m.index, m.index + m[0].length);
  }
  for (const m of code.matchAll(LEADING)) {
    const constructor = m[2];
    if (constructor !== undefined && !classes.has(constructor) && !MACRO_NAME.test(constructor)) continue;
    blank(m.index, m.index + (m[1] as string).length);
  }
  for (const m of code.matchAll(TRAILING)) blank(m.index, m.index + m[0].length);
  for (const m of code.matchAll(TRAILING_CALL)) {
    const close = matchingParen(code, m.index + m[0].length);
    if (close !== undefined && /^[ \t\n]*[;{]/.test(code.slice(close + 1, close + 40)))
      blank(m.index, close + 1);
  }
  for (const m of code.matchAll(BEFORE_BLOCK)) blank(m.index, m.index + m[0].length);
  for (const m of code.matchAll(BEFORE_PARAMS)) {
    if (NOT_A_NAME.has(m[1] as string) || !functionParameters(code, m.index + m[0].length)) continue;
    const at = m.index + m[0].length - (m[2] as string).length;
    blank(at, at + (m[2] as string).length);
  }
}

/** True when the parentheses from `at` hold a parameter list followed by what follows one. */
function functionParameters(code: string, at: number): boolean {
  const open = code.indexOf('(', at);
  const close = matchingParen(code, open);
  if (close === undefined) return false;
  return PARAMETERS.test(code.slice(open + 1, close)) && AFTER_PARAMS.test(code.slice(close + 1, close + 80));
}

/** The offset of the parenthesis closing the one at `open` (looking at most 4,000 characters ahead). */
export function matchingParen(text: string, open: number): number | undefined {
  let depth = 0;
  for (let i = open; i < text.length && i < open + 4000; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return undefined;
}

/** A macro alone on its line, after the end of a declaration and before the start of another (or the file's end). */
function loneMacroLine(code: string, lines: number[], start: number, classes: Set<string>): boolean {
  const line = lineIndexOf(lines, start);
  const before = neighbourLine(code, lines, line, -1);
  const ends = (line: string): boolean =>
    DECLARATION_END.test(line) || /^[ \t]*template\b.*>[ \t]*$/.test(line) || LONE.test(line);
  if (before !== undefined && !ends(before)) return false;
  const after = neighbourLine(code, lines, line, 1);
  if (after === undefined) return true;
  const next = STARTS_DECLARATION.exec(after);
  if (!next) return false;
  const called = next[1];
  return called === undefined || classes.has(called) || MACRO_NAME.test(called);
}

/** The nearest line above (-1) or below (+1) with code on it, or undefined at the file's edge. */
function neighbourLine(code: string, lines: number[], line: number, step: 1 | -1): string | undefined {
  for (let i = line + step; i >= 0 && i < lines.length; i += step) {
    const text = code.slice(lines[i], (lines[i + 1] ?? code.length + 1) - 1);
    if (text.trim() !== '') return text;
  }
  return undefined;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineIndexOf(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Blanks the block comments inside multi-line preprocessor directives: tree-sitter ends a `#define`'s body at
 * one (fmt's `FMT_STRING_IMPL`), and reads the rest of the macro as code.
 */
export function blankDirectiveComments(text: string, blank: Blank): void {
  for (const directive of text.matchAll(/^[ \t]*#(?:[^\n]*\\\n)+[^\n]*/gm)) {
    for (const comment of directive[0].matchAll(/\/\*[\s\S]*?\*\//g))
      blank(directive.index + comment.index, directive.index + comment.index + comment[0].length);
  }
}

/**
 * `text` with comments, string and character literals and preprocessor lines blanked (same length, line breaks
 * kept), so the patterns above see only code.
 */
export function codeOnly(text: string): string {
  return text.replace(
    /\/\*[\s\S]*?(?:\*\/|(?![\s\S]))|\/\/(?:[^\n\\]|\\[\s\S])*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|^[ \t]*#(?:[^\n\\]|\\[\s\S])*/gm,
    (m) => m.replace(/[^\n]/g, ' '),
  );
}
