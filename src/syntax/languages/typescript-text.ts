/**
 * Same-length rewrites of TypeScript text for syntax tree-sitter-typescript 0.23 does not know (the parser
 * sees the rewrite; names and offsets come from the real text): the `prepareText` hook of `typescript.ts`.
 */

// `in` / `out` / `in out` before a type parameter (`interface Box<out T>`): tree-sitter-typescript 0.23 does
// not know variance annotations, and recovering from them made zod's schemas.ts parse 20× slower per
// line and sent the whole file to the compiler fallback (docs/performance.md, "broken code").
// One whitespace character or one whole comment: no two ways to split a gap (no backtracking blow-up).
const GAP = String.raw`(?:[ \t\r\n]|/\*(?:[^*]|\*(?!/))*\*/|//[^\r\n]*[\r\n])`;
const VARIANCE_RE = new RegExp(
  String.raw`\b(?:in|out)\b(?<=[<,]${GAP}*(?:in${GAP}+)?(?:in|out))(?=${GAP}+(?:out${GAP}+)?[A-Za-z_$][\w$]*${GAP}*(?:[,>=]|extends\b))`,
  'g',
);

// `export type * from '…'` (TS 5.0) is unknown to the grammar too; `export * from '…'` has no symbol either.
const TYPE_STAR_RE = /export(?<![\w$]export)[ \t]+type(?=[ \t]*\*)/g;

// The parser, the edit computation and the next edit all ask for the same few texts.
const prepared: { text: string; blanked: string }[] = [];

/**
 * The text tree-sitter-typescript parses: variance modifiers and `export type *`'s `type` blanked with spaces,
 * a `;` before call signatures with type parameters (same length: offsets stay valid).
 */
export function blankUnknownSyntax(text: string): string {
  const known = prepared.find((p) => p.text === text);
  if (known) return known.blanked;
  const typeStar = text.includes('type') ? text.replace(TYPE_STAR_RE, (m) => `${m.slice(0, -4)}    `) : text;
  const blanked = separateCallSignatures(blankTemplateEscapes(blankVarianceModifiers(typeStar)));
  prepared.unshift({ text, blanked });
  prepared.length = Math.min(prepared.length, 4);
  return blanked;
}

function blankVarianceModifiers(text: string): string {
  return text.includes('in ') || text.includes('out')
    ? text.replace(VARIANCE_RE, (m) => ' '.repeat(m.length))
    : text;
}

// Template literal types take no escapes in the grammar: `\`Self\`` in effect's Schema.ts turned the next
// 2,000 lines into ERRORs. An escaped backtick or `$` is blanked (two spaces) wherever it is: outside a
// string, template, regular expression or comment it cannot occur, and inside one no name is read from it.
// A run of backslashes before the character: the last one escapes it when the run is odd. (Matching the run
// instead of looking behind every backslash: this runs on every edit, docs/performance.md "broken code".)
const TEMPLATE_ESCAPE_RE = /\\+[`$]/g;

function blankTemplateEscapes(text: string): string {
  return text.includes('\\`') || text.includes('\\$')
    ? text.replace(TEMPLATE_ESCAPE_RE, (run) => (run.length % 2 === 0 ? `${run.slice(0, -2)}  ` : run))
    : text;
}

// A call signature with type parameters on a line of its own after a member that has no `;` (effect's
// overloads: `  (self: A): B` then `  <A, E, R>(self: Effect<A, E, R>): …`) is unknown to the grammar: the
// member before it and often hundreds of lines after become one ERROR, too large for the compiler fallback,
// so every declaration in it was lost. A `;` in place of the last indentation character separates the two,
// as the newline does for the compiler. Only where the line reads as a signature (type parameters, then a
// parameter list) and what precedes it ends a type; inside JSX text a `;` is text either way.
// From the newline (a lookbehind at every indentation character cost ~0.5 ms per edit of a 5,000-line file).
const SIGNATURE_START_RE = /\n[ \t]*[ \t](?=<(?:[A-Z_$]|const[ \t]|[ \t]*\r?\n))/g;
const PARAMETERS_RE = /^\((?:\)|\.\.\.|[A-Za-z_$][\w$]*\??[ \t]*:|[ \t]*\r?\n)/;
const ENDS_TYPE_RE = /[\w$)\]}'"`>]/;

function separateCallSignatures(text: string): string {
  if (!text.includes('>(')) return text;
  return text.replace(SIGNATURE_START_RE, (indent: string, start: number) => {
    const offset = start + indent.length - 1;
    const separate = typeParametersThenParameters(text, offset + 1) && endsType(text, offset - 1);
    return separate ? `${indent.slice(0, -1)};` : indent;
  });
}

/** `<…>(`, angle brackets balanced (`=>` inside is an arrow), then what starts a parameter list. */
function typeParametersThenParameters(text: string, at: number): boolean {
  let depth = 0;
  for (let i = at; i < text.length && i < at + 600; i++) {
    const c = text[i];
    if (c === '<') depth++;
    else if (c === '>' && text[i - 1] !== '=' && --depth === 0)
      return PARAMETERS_RE.test(text.slice(i + 1, i + 80));
  }
  return false;
}

/** Whether the last token before `end` (comments and whitespace skipped) can end a member's type. */
function endsType(text: string, end: number): boolean {
  let i = end;
  for (let guard = 0; guard < 64; guard++) {
    while (i >= 0 && /\s/.test(text[i] as string)) i--;
    if (text[i] === '/' && text[i - 1] === '*') {
      i = text.lastIndexOf('/*', i - 2) - 1;
      continue;
    }
    const lineStart = text.lastIndexOf('\n', i) + 1;
    const lineComment = text.slice(lineStart, i).indexOf('//');
    if (lineComment >= 0) {
      i = lineStart + lineComment - 1;
      continue;
    }
    break;
  }
  const c = text[i];
  if (c === undefined || i < 0) return false;
  return ENDS_TYPE_RE.test(c) && !(c === '>' && text[i - 1] === '=');
}
