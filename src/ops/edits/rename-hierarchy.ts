/**
 * The class hierarchy around a renamed member, read from tree-sitter outlines and the server's references
 * and definitions (no type-hierarchy support needed, so it works for pyright too): subclasses are classes
 * whose header names the class (found among the class's references), supertypes the names in the class's
 * own header (resolved with `definition`). Members of the old name there are overrides the rename must
 * cover; members of the new name are collisions. See docs/verified-edits.md.
 */
import type { Location } from 'vscode-languageserver-protocol';
import { isLocusError } from '../../core/errors.js';
import { flattenOutline, type OutlineSymbol } from '../../locate/outline.js';
import type { FileView } from '../../locate/resolve-core.js';
import { pathToUri, uriToPath } from '../../lsp/uri.js';
import type { OpsContext } from '../context/context.js';
import type { ViewCache } from '../context/locations.js';
import type { OpTarget } from '../context/target.js';
import { formatSymbolPath } from '../../locate/symbol-path.js';

/** A member found in a related class, and why it matters. */
export interface RelatedMember {
  location: Location;
  why: string;
}

interface ClassAt {
  absPath: string;
  view: FileView;
  symbol: OutlineSymbol;
}

const CLASS_KINDS = new Set(['class', 'interface', 'struct']);
const NOT_A_BASE = new Set(['extends', 'implements', 'public', 'private', 'protected', 'virtual', 'object']);
const MAX_CLASSES = 40;

/** Overrides left with the old name and members already holding the new one, in related classes. */
export async function relatedMembers(
  context: OpsContext,
  cache: ViewCache,
  target: OpTarget,
  oldName: string,
  newName: string,
): Promise<{ overrides: RelatedMember[]; collisions: RelatedMember[] }> {
  const out = { overrides: [] as RelatedMember[], collisions: [] as RelatedMember[] };
  const home = await owningClass(context, cache, target);
  if (!home) return out;
  const seen = new Set<string>([classKey(home)]);
  const queue: { at: ClassAt; relation: string }[] = [];
  const enqueue = (found: ClassAt[], relation: string): void => {
    for (const at of found)
      if (!seen.has(classKey(at)) && seen.size < MAX_CLASSES) {
        seen.add(classKey(at));
        queue.push({ at, relation });
      }
  };
  enqueue(await subclasses(context, cache, home), 'subclass');
  enqueue(await supertypes(context, cache, home), 'supertype');
  for (let next = queue.shift(); next; next = queue.shift()) {
    const { at, relation } = next;
    const name = formatSymbolPath(at.symbol.path);
    for (const child of at.symbol.children) {
      const location = symbolLocation(at, child);
      if (child.name === oldName)
        out.overrides.push({
          location,
          why: `\`${name}.${oldName}\` (${relation} of ${formatSymbolPath(home.symbol.path)}) overrides or is overridden by the renamed member and keeps the old name`,
        });
      else if (child.name === newName)
        out.collisions.push({
          location,
          why: `\`${name}.${newName}\` already exists in a ${relation} of ${formatSymbolPath(home.symbol.path)}: the new name would collide with it`,
        });
    }
    if (relation === 'subclass') enqueue(await subclasses(context, cache, at), 'subclass');
    else enqueue(await supertypes(context, cache, at), 'supertype');
  }
  return out;
}

function classKey(at: ClassAt): string {
  return `${at.absPath}:${at.symbol.nameSpan.start}`;
}

function symbolLocation(at: ClassAt, symbol: OutlineSymbol): Location {
  const { lines } = at.view;
  return {
    uri: pathToUri(at.absPath),
    range: { start: lines.toPosition(symbol.nameSpan.start), end: lines.toPosition(symbol.nameSpan.end) },
  };
}

/** The class declaring the renamed member (its declaration found through `definition` when needed). */
async function owningClass(
  context: OpsContext,
  cache: ViewCache,
  target: OpTarget,
): Promise<ClassAt | undefined> {
  const { absPath, text } = target.loaded.file;
  let place = { absPath, offset: target.offset };
  if (!declaredAt(target.loaded.view, target.offset)) {
    const defs = await locationsOrNone(() => target.session.definition(absPath, text, target.position));
    const first = defs?.[0];
    const defPath = first && uriToPath(first.uri);
    const view = defPath ? await cache.get(defPath) : null;
    if (!first || !defPath || !view) return undefined;
    place = { absPath: defPath, offset: view.lines.toOffset(first.range.start) };
  }
  const view = place.absPath === absPath ? target.loaded.view : await cache.get(place.absPath);
  const member = view && declaredAt(view, place.offset);
  if (!view || !member) return undefined;
  const parent = flattenOutline(view.outline?.symbols ?? []).find((s) => s.children.includes(member));
  return parent && CLASS_KINDS.has(parent.kind)
    ? { absPath: place.absPath, view, symbol: parent }
    : undefined;
}

function declaredAt(view: FileView, offset: number): OutlineSymbol | undefined {
  return flattenOutline(view.outline?.symbols ?? []).find((s) => s.nameSpan.start === offset);
}

/** Classes whose header names `base` (among the references to its name). */
async function subclasses(context: OpsContext, cache: ViewCache, base: ClassAt): Promise<ClassAt[]> {
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
async function supertypes(context: OpsContext, cache: ViewCache, derived: ClassAt): Promise<ClassAt[]> {
  const session = context.lsp.forFile(derived.absPath);
  if (!session) return [];
  const { view, symbol } = derived;
  const header = view.text.slice(symbol.nameSpan.end, headerEnd(view, symbol));
  const found: ClassAt[] = [];
  for (const word of header.matchAll(/[\p{L}_$][\p{L}\p{N}_$]*/gu)) {
    if (NOT_A_BASE.has(word[0])) continue;
    const position = view.lines.toPosition(symbol.nameSpan.end + word.index);
    const defs = await locationsOrNone(() => session.definition(derived.absPath, view.text, position));
    for (const def of defs ?? []) {
      const absPath = uriToPath(def.uri);
      const defView = absPath ? await cache.get(absPath) : null;
      const cls = defView && declaredAt(defView, defView.lines.toOffset(def.range.start));
      if (absPath && defView && cls && CLASS_KINDS.has(cls.kind))
        found.push({ absPath, view: defView, symbol: cls });
    }
  }
  return found;
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
