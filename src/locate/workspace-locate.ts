/**
 * Workspace-wide locate strings (docs/workspace.md): `*:Cart.total`, `src/**\/*.py:Cart.total@find`,
 * `glob@find`, and the bare `Cart.total@find` used when no file of that name exists. Pure parsing;
 * resolving them needs the workspace index (ops).
 */
import { LocusError } from '../core/errors.js';
import { parseScope } from './locate-string.js';
import { isSymbolScope, type SymbolScope } from './model.js';
import { parseSymbolPath, scopeEnd } from './symbol-path.js';

/** A locate string that names no file: where to look (every file, or a glob) and what. */
export interface WorkspaceLocate {
  /** `*` for every indexed file, else a `/`-separated glob relative to the root. */
  where: string;
  scope?: SymbolScope;
  find?: string;
  /** True for the bare form (read as `*:<input>` because no such file exists). */
  bare: boolean;
}

/** True when the text before the scope is a glob (`*`, `?` or `{a,b}`), not a Go receiver `(*T)`. */
export function isGlob(text: string): boolean {
  return text.length > 0 && !text.startsWith('(') && /[*?]|\{[^}]*,[^}]*\}/.test(text);
}

/** The explicit workspace forms (`*:scope[@find]`, `glob:scope[@find]`, `glob@find`), else undefined. */
export function parseWorkspaceLocate(input: string): WorkspaceLocate | undefined {
  const colon = input.indexOf(':');
  const stop = scopeEnd(input, 0);
  const at = stop < input.length ? stop : -1;
  if (colon > 0 && (at < 0 || colon < at)) {
    const where = input.slice(0, colon);
    if (where !== '*' && !isGlob(where)) return undefined;
    return withScope(input, where, input.slice(colon + 1), false);
  }
  if (at > 0 && isGlob(input.slice(0, at))) {
    const find = input.slice(at + 1);
    if (find.length === 0) throw invalid(`\`${input}\` has an empty find text after \`@\`.`);
    return { where: input.slice(0, at), find, bare: false };
  }
  return undefined;
}

const LONE_COLON_RE = /(?<!:):(?!:)/;

/**
 * The bare form: the text before the first `@` has no `/` and is a symbol path as a whole
 * (`Cart.total`, `Parser::new`, `(*Server).Start`, `Shape.area[1]`); undefined otherwise.
 */
export function parseBareSymbol(input: string): WorkspaceLocate | undefined {
  const head = input.slice(0, scopeEnd(input, 0));
  if (head.length === 0 || head.includes('/') || head.includes('\\')) return undefined;
  // A lone `:` (not `::`) is never part of a symbol path: the file form, decided without a thrown error (the
  // common `file.py:Cart.total` call would otherwise build one on every locate).
  if (LONE_COLON_RE.test(head)) return undefined;
  try {
    parseSymbolPath(head);
    return withScope(input, '*', input, true);
  } catch {
    return undefined;
  }
}

function withScope(input: string, where: string, rest: string, bare: boolean): WorkspaceLocate {
  const stop = scopeEnd(rest, 0);
  const at = stop < rest.length ? stop : -1;
  const scopeText = at < 0 ? rest : rest.slice(0, at);
  if (scopeText.length === 0) throw invalid(`\`${input}\` has an empty scope.`);
  const scope = parseScope(scopeText);
  if (!isSymbolScope(scope)) {
    throw invalid(`\`${input}\`: a line scope needs one file, not \`${where}\`.`);
  }
  const result: WorkspaceLocate = { where, scope, bare };
  if (at >= 0) {
    const find = rest.slice(at + 1);
    if (find.length === 0) throw invalid(`\`${input}\` has an empty find text after \`@\`.`);
    result.find = find;
  }
  return result;
}

function invalid(message: string): LocusError {
  return new LocusError('INVALID_LOCATE', message, {
    hint: 'Workspace forms: `*:Cart.total`, `src/**/*.py:Cart.total@return <|>x`, `**/*.go@func <|>main`, or a bare `Cart.total`.',
  });
}
