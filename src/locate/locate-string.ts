/**
 * The locate string syntax of docs/locate-strings.md, "Path": `path[:scope][@find]`. Parsing never throws anything but a
 * LocusError; formatting a Locate and parsing it again gives the same Locate.
 */
import { LocusError } from '../core/errors.js';
import { clip, DEFAULT_LIMITS, limitExceeded, type Limits } from '../core/limits.js';
import { isLineScope, isSymbolScope, type Locate, type Scope } from './model.js';
import {
  LINE_LIKE_RE,
  SCOPE_FORMS_HINT,
  formatSymbolPath,
  invalidScope,
  parseSymbolPath,
  scopeEnd,
} from './symbol-path.js';

/** Options for parsing: an existence check enables the fallback split (docs/locate-strings.md, "Path"). */
export interface ParseOptions {
  /** True when `path` names an existing regular file inside the workspace. */
  exists?: (path: string) => boolean;
  /** Drive prefixes (`C:\`) are only part of a path on Windows (docs/locate-strings.md, "Path"). */
  platform?: 'posix' | 'win32';
  /** Length and `@` limits (defaults: DEFAULT_LIMITS). */
  limits?: Pick<Limits, 'maxLocateLength' | 'maxAtSigns'>;
}

const SYNTAX_HINT =
  'Write `path:scope@find`, e.g. `src/cart.py:Cart.total@return <|>subtotal`, `main.go:(*Server).Start`, ' +
  '`app.ts:42@foo(<|>`, or `lib.rs@fn <|>parse`. Scope and find are optional, but one of them is required.';

const MAX_PATH_CHARS = 4096;

const LINE_RE = /^L?(\d+)(?:([-,])(\d+))?$/;

/** Parses a locate string. */
export function parseLocate(input: string, options: ParseOptions = {}): Locate {
  if (typeof input !== 'string') throw syntaxError('The locate must be a string.');
  checkInputLimits(input, options.limits ?? DEFAULT_LIMITS);
  const syntactic = trySplit(input, pathEnd(input, options.platform ?? 'posix'));
  const exists = options.exists;
  if (!exists || (!(syntactic instanceof LocusError) && safeExists(exists, syntactic.file_path))) {
    if (syntactic instanceof LocusError) throw syntactic;
    return syntactic;
  }
  let firstExisting: LocusError | undefined;
  // No file system path is longer than PATH_MAX, so later splits cannot name an existing file.
  for (let i = 0; i < Math.min(input.length, MAX_PATH_CHARS); i++) {
    const char = input[i];
    if ((char !== ':' && char !== '@') || !safeExists(exists, input.slice(0, i))) continue;
    const candidate = trySplit(input, i);
    if (!(candidate instanceof LocusError)) return candidate;
    firstExisting ??= candidate;
  }
  if (syntactic instanceof LocusError) throw firstExisting ?? syntactic;
  return syntactic;
}

/** Bounds the work of a parse before any of it starts: length, and the `@` splits the fallback may try. */
export function checkInputLimits(
  input: string,
  limits: Pick<Limits, 'maxLocateLength' | 'maxAtSigns'>,
): void {
  if (input.length > limits.maxLocateLength)
    throw limitExceeded('maxLocateLength', 'The locate string length', input.length, limits.maxLocateLength);
  let ats = 0;
  for (let at = input.indexOf('@'); at !== -1; at = input.indexOf('@', at + 1)) ats++;
  if (ats > limits.maxAtSigns)
    throw limitExceeded('maxAtSigns', 'The number of `@` in the locate string', ats, limits.maxAtSigns);
}

function safeExists(exists: (path: string) => boolean, path: string): boolean {
  if (path.length === 0) return false;
  try {
    return exists(path);
  } catch {
    return false;
  }
}

/** Index of the `:` or `@` that ends the path syntactically (or the input length). */
function pathEnd(input: string, platform: 'posix' | 'win32'): number {
  let i = platform === 'win32' && /^[A-Za-z]:[\\/]/.test(input) ? 2 : 0;
  for (; i < input.length; i++) {
    const char = input[i];
    if (char === ':') return i;
    if (char === '@' && !(i === 0 || input[i - 1] === '/' || input[i - 1] === '\\')) return i;
  }
  return input.length;
}

/** Splits at `end` into path, scope and find; returns the error instead of throwing. */
function trySplit(input: string, end: number): Locate | LocusError {
  try {
    return splitAt(input, end);
  } catch (error) {
    if (error instanceof LocusError) return error;
    throw error;
  }
}

function splitAt(input: string, end: number): Locate {
  const filePath = input.slice(0, end);
  if (filePath.length === 0) throw syntaxError(`No file path in \`${clip(input)}\`.`);
  if (end >= input.length) throw syntaxError(`\`${clip(input)}\` names a file but nothing to locate in it.`);
  const locate: Locate = { file_path: filePath };
  let findStart = end;
  if (input[end] === ':') {
    const stop = scopeEnd(input, end + 1);
    const at = stop < input.length ? stop : -1;
    const scopeText = input.slice(end + 1, stop);
    if (scopeText.length === 0) {
      throw syntaxError(
        at < 0
          ? `\`${clip(input)}\` has an empty scope after \`:\`.`
          : `\`${clip(input)}\` has an empty scope before \`@\`.`,
      );
    }
    locate.scope = parseScope(scopeText);
    findStart = at < 0 ? input.length : at;
  }
  if (findStart < input.length) {
    const find = input.slice(findStart + 1);
    if (find.length === 0) throw syntaxError(`\`${clip(input)}\` has an empty find text after \`@\`.`);
    locate.find = find;
  }
  return locate;
}

/** Parses a scope: a line scope when it looks like one (then it must be valid), else a symbol path. */
export function parseScope(text: string): Scope {
  if (text !== text.trim() || text.length === 0) throw invalidScope(text, 'it has surrounding whitespace');
  if (!LINE_LIKE_RE.test(text)) {
    const parsed = parseSymbolPath(text);
    return parsed.index === undefined
      ? { symbol_path: parsed.segments }
      : { symbol_path: parsed.segments, symbol_index: parsed.index };
  }
  const m = LINE_RE.exec(text);
  if (!m?.[1]) throw invalidScope(text, 'a line range needs two line numbers, like `10-20`');
  const start = Number(m[1]);
  const endLine = m[3] === undefined ? start : Number(m[3]);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(endLine))
    throw invalidScope(text, 'the line number is too large');
  if (start < 1) throw invalidScope(text, 'lines are 1-based');
  if (endLine < start) throw invalidScope(text, `the range ends (${endLine}) before it starts (${start})`);
  return { start_line: start, end_line: endLine };
}

function syntaxError(message: string): LocusError {
  return new LocusError('INVALID_LOCATE', message, { hint: SYNTAX_HINT });
}

/** Formats a Locate as a string; throws INVALID_LOCATE for what the syntax cannot express (find_index > 0). */
export function formatLocate(locate: Locate): string {
  if (locate.find_index !== undefined && locate.find_index !== 0) {
    throw new LocusError(
      'INVALID_LOCATE',
      'The string syntax cannot express find_index; use the object form.',
      {
        hint: SCOPE_FORMS_HINT,
      },
    );
  }
  return (
    locate.file_path + formatScopePart(locate.scope) + (locate.find === undefined ? '' : `@${locate.find}`)
  );
}

function formatScopePart(scope: Scope | undefined): string {
  if (isLineScope(scope)) {
    return scope.start_line === scope.end_line
      ? `:${scope.start_line}`
      : `:${scope.start_line}-${scope.end_line}`;
  }
  // Segments that would not read back (a dot, a line-like name) come out quoted.
  if (isSymbolScope(scope)) return `:${formatSymbolPath(scope.symbol_path, scope.symbol_index)}`;
  return '';
}
