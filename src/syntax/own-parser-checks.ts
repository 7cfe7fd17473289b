/**
 * What a language's own parser rejects that tree-sitter accepts (docs/edit.md, "Syntax guard"). tree-sitter-python
 * reads a dedent to a column no enclosing block has as a plain dedent; CPython refuses the file with
 * `IndentationError`. So the edit guard also runs the language's indentation rules, as its tokenizer does: a
 * logical line starts a block deeper than the last (INDENT), returns to exactly an enclosing block's column (DEDENT),
 * a block after `:` is indented, tabs and spaces agree. Pure text rules; no program is run.
 */

/** A place the language's own parser would refuse. */
export interface OwnParserError {
  /** Offset of the offending line's first non-blank character. */
  offset: number;
  message: string;
}

/** Checks per language (a language not listed has none). */
const CHECKS: Record<string, (text: string) => OwnParserError[]> = { python: pythonIndentationErrors };

/** The errors the language's own parser would report that tree-sitter does not (empty when none or no check). */
export function ownParserErrors(language: string, text: string): OwnParserError[] {
  return CHECKS[language]?.(text) ?? [];
}

/** Scanner state carried from one physical line to the next. */
interface LineState {
  /** Open brackets: lines inside them continue the logical line. */
  depth: number;
  /** The quote of a string still open at the end of the line (`'''`, `"""`, or a one-quote string after `\`). */
  open: string | undefined;
  /** The line ended in `\` outside a string. */
  joined: boolean;
  /** The last character of code seen in the logical line (not in a string or comment). */
  last: string;
}

const MAX_ERRORS = 20;

/** CPython's indentation errors (`IndentationError`, `TabError`) in a Python text. */
export function pythonIndentationErrors(text: string): OwnParserError[] {
  const errors: OwnParserError[] = [];
  const stack: { col: number; alt: number }[] = [{ col: 0, alt: 0 }];
  const state: LineState = { depth: 0, open: undefined, joined: false, last: '' };
  let opener = false; // the previous logical line ended with `:`
  let offset = 0;
  for (const line of text.split(/(?<=\n)/u)) {
    const lineStart = offset;
    offset += line.length;
    const continued = state.depth > 0 || state.open !== undefined || state.joined;
    if (!continued) {
      const indent = measure(line);
      const rest = line.slice(indent.length).replace(/\r?\n$/u, '');
      if (rest === '' || rest.startsWith('#')) continue;
      const error = indentError(stack, indent, opener);
      if (error && errors.push({ offset: lineStart + indent.length, message: error }) >= MAX_ERRORS) break;
      state.last = '';
    }
    scanLine(line, state);
    const ends = state.depth === 0 && state.open === undefined && !state.joined;
    if (ends) opener = state.last === ':';
  }
  return errors;
}

/** The column of a line's indentation (tabs to the next multiple of 8) and with tabs as one column (TabError). */
function measure(line: string): { col: number; alt: number; length: number } {
  let col = 0;
  let alt = 0;
  let i = 0;
  for (; i < line.length; i++) {
    const c = line[i];
    if (c === ' ') {
      col++;
      alt++;
    } else if (c === '\t') {
      col = (Math.floor(col / 8) + 1) * 8;
      alt++;
    } else if (c === '\f') {
      col = 0;
      alt = 0;
    } else break;
  }
  return { col, alt, length: i };
}

/** Updates the block stack for a logical line's indentation; the error CPython would give, if any. */
function indentError(
  stack: { col: number; alt: number }[],
  indent: { col: number; alt: number },
  opener: boolean,
): string | undefined {
  const top = stack[stack.length - 1] as { col: number; alt: number };
  if (indent.col > top.col) {
    stack.push({ col: indent.col, alt: indent.alt });
    if (indent.alt <= top.alt) return 'TabError: inconsistent use of tabs and spaces in indentation';
    return opener ? undefined : 'IndentationError: unexpected indent';
  }
  if (opener) return 'IndentationError: expected an indented block';
  while (stack.length > 1 && indent.col < (stack[stack.length - 1] as { col: number }).col) stack.pop();
  const now = stack[stack.length - 1] as { col: number; alt: number };
  if (indent.col !== now.col) {
    // CPython stops here; carry on as if the line opened a block of its own (its followers then agree with it).
    stack.push({ col: indent.col, alt: indent.alt });
    return 'IndentationError: unindent does not match any outer indentation level';
  }
  return indent.alt !== now.alt ? 'TabError: inconsistent use of tabs and spaces in indentation' : undefined;
}

/** Follows strings, comments, brackets and `\` joins through one physical line. */
function scanLine(line: string, state: LineState): void {
  state.joined = false;
  let i = 0;
  if (state.open !== undefined) i = closeString(line, 0, state);
  while (i < line.length) {
    const c = line[i] as string;
    if (c === '#') return;
    if (c === '\\' && /^\\\r?\n$/u.test(line.slice(i))) {
      state.joined = true;
      return;
    }
    if (c === '"' || c === "'") {
      const triple = line.startsWith(c.repeat(3), i);
      state.open = triple ? c.repeat(3) : c;
      state.last = c;
      i = closeString(line, i + state.open.length, state);
      continue;
    }
    if ('([{'.includes(c)) state.depth++;
    else if (')]}'.includes(c)) state.depth = Math.max(0, state.depth - 1);
    if (!/\s/u.test(c)) state.last = c;
    i++;
  }
}

/** Scans to the end of the open string from `i`; returns where code resumes (the line's end if still open). */
function closeString(line: string, i: number, state: LineState): number {
  const quote = state.open as string;
  while (i < line.length) {
    if (line[i] === '\\') {
      i += 2;
      continue;
    }
    if (line.startsWith(quote, i)) {
      state.open = undefined;
      return i + quote.length;
    }
    if (quote.length === 1 && (line[i] === '\n' || line[i] === '\r')) {
      state.open = undefined; // an unterminated one-line string: tree-sitter reports it
      return line.length;
    }
    i++;
  }
  // A one-quote string ends at the line's end unless a `\` joined the lines (skipped above with the newline).
  if (quote.length === 1 && !/\\\r?\n?$/u.test(line)) state.open = undefined;
  return line.length;
}
