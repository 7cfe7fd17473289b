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
