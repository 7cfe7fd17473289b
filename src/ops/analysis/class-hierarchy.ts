/**
 * The class hierarchy read from tree-sitter outlines and the server's references, definitions and
 * implementations, with no type-hierarchy support needed (TypeScript 7, pyright): subclasses are classes whose
 * header names the class (among the class's references) or that the server lists as its implementations,
 * supertypes the names in the class's own header (resolved with `definition`). Used by the type hierarchy's
 * fallback and by rename's override checks (docs/verified-edits.md, "Call and type hierarchy").
 */
import type { Location } from 'vscode-languageserver-protocol';
import { isLocusError } from '../../core/errors.js';
import { flattenOutline, type OutlineSymbol } from '../../locate/outline.js';
import type { FileView } from '../../locate/resolve-core.js';
import { pathToUri, uriToPath } from '../../lsp/uri.js';
import type { OpsContext } from '../context/context.js';
import type { ViewCache } from '../context/locations.js';
import type { OpTarget } from '../context/target.js';

/** A class (or interface, struct) declared in a file's outline. */
export interface ClassAt {
  absPath: string;
  view: FileView;
  symbol: OutlineSymbol;
}

export const CLASS_KINDS = new Set(['class', 'interface', 'struct']);
const NOT_A_BASE = new Set(['extends', 'implements', 'public', 'private', 'protected', 'virtual', 'object']);

/** A stable key of a class: its file and name offset. */
export function classKey(at: ClassAt): string {
  return `${at.absPath}:${at.symbol.nameSpan.start}`;
}

/** The location of a symbol's name. */
export function symbolLocation(at: { absPath: string; view: FileView }, symbol: OutlineSymbol): Location {
  const { lines } = at.view;
  return {
    uri: pathToUri(at.absPath),
    range: { start: lines.toPosition(symbol.nameSpan.start), end: lines.toPosition(symbol.nameSpan.end) },
  };
}

/** The symbol whose name starts at `offset`. */
export function declaredAt(view: FileView, offset: number): OutlineSymbol | undefined {
  return flattenOutline(view.outline?.symbols ?? []).find((s) => s.nameSpan.start === offset);
}

/** The class declared at a location (its name), if it is one. */
async function classAtLocation(cache: ViewCache, location: Location): Promise<ClassAt | undefined> {
  const absPath = uriToPath(location.uri);
  const view = absPath ? await cache.get(absPath) : null;
  if (!absPath || !view) return undefined;
  const symbol = declaredAt(view, view.lines.toOffset(location.range.start));
  return symbol && CLASS_KINDS.has(symbol.kind) ? { absPath, view, symbol } : undefined;
}

/** Classes whose header names `base` (among the references to its name) or that implement it (when served). */
export async function subclasses(
  context: OpsContext,
  cache: ViewCache,
  base: ClassAt,
  withImplementations = false,
): Promise<ClassAt[]> {
  const session = context.lsp.forFile(base.absPath);
  if (!session) return [];
  const position = base.view.lines.toPosition(base.symbol.nameSpan.start);
  const refs = await locationsOrNone(() => session.references(base.absPath, base.view.text, position, false));
  const found: ClassAt[] = [];
  for (const ref of refs ?? []) {
    const absPath = uriToPath(ref.uri);
    const view = absPath ? await cache.get(absPath) : null;
    if (!absPath || !view) continue;
    const symbol = classWithHeaderAt(view, view.lines.toOffset(ref.range.start));
    if (symbol) found.push({ absPath, view, symbol });
  }
  if (!withImplementations) return found;
  const impls = await locationsOrNone(() =>
    session.definition(base.absPath, base.view.text, position, 'implementation'),
  );
  for (const impl of impls ?? []) {
    const at = await classAtLocation(cache, impl);
    if (at && classKey(at) !== classKey(base)) found.push(at);
  }
  return found;
}

/**
 * The class whose header (between its name and its body) holds `offset`: `class A(B)`, a Python header over several
 * lines (`class _NumberParamTypeBase(\n    ParamType[_ValueT_co], …\n):`), `class A extends B<T> implements C {`.
 */
function classWithHeaderAt(view: FileView, offset: number): OutlineSymbol | undefined {
  return flattenOutline(view.outline?.symbols ?? []).find(
    (s) => CLASS_KINDS.has(s.kind) && s.nameSpan.end <= offset && offset < headerEnd(view, s),
  );
}

/** Where a class's header ends: its body's `{` (or `;`), or Python's `:`, outside brackets; at most 1000 characters. */
function headerEnd(view: FileView, symbol: OutlineSymbol): number {
  const { text } = view;
  const colonEnds = view.outline?.language === 'python';
  const limit = Math.min(text.length, symbol.fullSpan.end, symbol.nameSpan.end + 1000);
  let depth = 0;
  for (let i = symbol.nameSpan.end; i < limit; i++) {
    const c = text[i] as string;
    if ('([<'.includes(c)) depth++;
    else if (')]>'.includes(c)) depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === '{' || c === ';' || (colonEnds && c === ':'))) return i;
  }
  return limit;
}

/** Classes named in `derived`'s header (`class A(B)`, `extends B implements C`), resolved by definition. */
export async function supertypes(
  context: OpsContext,
  cache: ViewCache,
  derived: ClassAt,
): Promise<ClassAt[]> {
  const session = context.lsp.forFile(derived.absPath);
  if (!session) return [];
  const { view, symbol } = derived;
  const header = view.text.slice(symbol.nameSpan.end, headerEnd(view, symbol));
  const found: ClassAt[] = [];
  const inTypeArguments = typeArgumentDepths(header);
  const positions = [...header.matchAll(/[\p{L}_$][\p{L}\p{N}_$]*/gu)]
    .filter((word) => !NOT_A_BASE.has(word[0]) && (inTypeArguments[word.index] ?? 0) === 0)
    .map((word) => view.lines.toPosition(symbol.nameSpan.end + word.index));
  // The bases' definitions are asked at once; their answers are read in the header's order.
  const answers = await Promise.all(
    positions.map((position) =>
      locationsOrNone(() => session.definition(derived.absPath, view.text, position)),
    ),
  );
  for (const defs of answers) {
    for (const def of defs ?? []) {
      const at = await classAtLocation(cache, def);
      if (at) found.push(at);
    }
  }
  return found;
}

/**
 * Per character of a class header, how deep inside type arguments it is (`<…>`, `[…]`): `ZodStringDef` in
 * `extends ZodType<string, ZodStringDef>` and `V` in `(GenericParamType[V])` are arguments, not bases.
 */
function typeArgumentDepths(header: string): number[] {
  const depths: number[] = [];
  let depth = 0;
  for (const c of header) {
    if (c === '<' || c === '[') depth++;
    else if ((c === '>' || c === ']') && depth > 0) depth--;
    depths.push(depth);
    if (c.length === 2) depths.push(depth);
  }
  return depths;
}

/** The locations a request answers, or undefined when the server cannot answer it (a LocusError). */
export async function locationsOrNone(
  run: () => Promise<{ result: Location[] }>,
): Promise<Location[] | undefined> {
  try {
    return (await run()).result;
  } catch (error) {
    if (isLocusError(error)) return undefined;
    throw error;
  }
}

/** The class declared at the target, or the class its name refers to (through `definition`). */
export async function classAtTarget(cache: ViewCache, target: OpTarget): Promise<ClassAt | undefined> {
  const { absPath, text } = target.loaded.file;
  const here = declaredAt(target.loaded.view, target.offset);
  if (here)
    return CLASS_KINDS.has(here.kind) ? { absPath, view: target.loaded.view, symbol: here } : undefined;
  const defs = await locationsOrNone(() => target.session.definition(absPath, text, target.position));
  for (const def of defs ?? []) {
    const at = await classAtLocation(cache, def);
    if (at) return at;
  }
  return undefined;
}
