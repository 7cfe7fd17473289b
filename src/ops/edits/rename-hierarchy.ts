/**
 * The class hierarchy around a renamed member, read from tree-sitter outlines and the server's references
 * and definitions (analysis/class-hierarchy.ts: no type-hierarchy support needed, so it works for pyright too).
 * Members of the old name there are overrides the rename must
 * cover; members of the new name are collisions. See docs/verified-edits.md.
 */
import type { Location } from 'vscode-languageserver-protocol';
import { flattenOutline } from '../../locate/outline.js';
import { uriToPath } from '../../lsp/uri.js';
import {
  CLASS_KINDS,
  classKey,
  declaredAt,
  locationsOrNone,
  subclasses,
  supertypes,
  symbolLocation,
  type ClassAt,
} from '../analysis/class-hierarchy.js';

export { locationsOrNone } from '../analysis/class-hierarchy.js';
import type { OpsContext } from '../context/context.js';
import type { ViewCache } from '../context/locations.js';
import type { OpTarget } from '../context/target.js';
import { formatSymbolPath } from '../../locate/symbol-path.js';

/** A member found in a related class, and why it matters. */
export interface RelatedMember {
  location: Location;
  why: string;
}

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
  let level: { at: ClassAt; relation: string }[] = [];
  const enqueue = (found: ClassAt[], relation: string): void => {
    for (const at of found)
      if (!seen.has(classKey(at)) && seen.size < MAX_CLASSES) {
        seen.add(classKey(at));
        level.push({ at, relation });
      }
  };
  const [below, above] = await Promise.all([
    subclasses(context, cache, home),
    supertypes(context, cache, home),
  ]);
  enqueue(below, 'subclass');
  enqueue(above, 'supertype');
  // Breadth first, one level at a time: a level's classes are asked about at once, and their answers are taken
  // in the level's order, so the classes (and the warnings) come in the order a one-by-one walk finds them.
  while (level.length > 0) {
    const current = level;
    level = [];
    const next = await Promise.all(
      current.map(({ at, relation }) =>
        relation === 'subclass' ? subclasses(context, cache, at) : supertypes(context, cache, at),
      ),
    );
    for (const [i, { at, relation }] of current.entries()) {
      membersOf(at, relation, home, oldName, newName, out);
      enqueue(next[i] ?? [], relation);
    }
  }
  return out;
}

/** Sorts a related class's members of the old name (overrides) and of the new name (collisions) into `out`. */
function membersOf(
  at: ClassAt,
  relation: string,
  home: ClassAt,
  oldName: string,
  newName: string,
  out: { overrides: RelatedMember[]; collisions: RelatedMember[] },
): void {
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
