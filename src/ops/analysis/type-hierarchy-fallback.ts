/**
 * The type hierarchy of a server without `typeHierarchy` (TypeScript 7, pyright), answered in the same call
 * from what it has: subtypes from `textDocument/implementation` and the classes whose header names the class
 * (its references), supertypes from the names in the class's own header (resolved with `definition`), read
 * over tree-sitter outlines (docs/verified-edits.md, "Call and type hierarchy"). The answer says so in a note.
 */
import type { HierarchyDirection } from '../../core/operation-kinds.js';
import type { OpsContext } from '../context/context.js';
import { describeLocation, type ViewCache } from '../context/locations.js';
import type { OpTarget } from '../context/target.js';
import type { HierarchyItem } from '../results/hierarchy.js';
import {
  classAtTarget,
  classKey,
  subclasses,
  supertypes,
  symbolLocation,
  type ClassAt,
} from './class-hierarchy.js';

/** Most classes one answer walks (a wide hierarchy is cut here, and the cut item says so). */
const MAX_CLASSES = 200;

/** The roots (the class at the target, or none) with their subtypes or supertypes to `depth`. */
export async function typeHierarchyFallback(
  context: OpsContext,
  cache: ViewCache,
  target: OpTarget,
  direction: Extract<HierarchyDirection, 'supertypes' | 'subtypes'>,
  depth: number,
): Promise<HierarchyItem[]> {
  const root = await classAtTarget(cache, target);
  if (!root) return [];
  const walk = { context, cache, direction, seen: new Set([classKey(root)]) };
  return [await expand(walk, root, depth)];
}

/** The note the answer carries. */
export function fallbackNote(server: string, direction: 'supertypes' | 'subtypes'): string {
  const how =
    direction === 'subtypes'
      ? 'the classes whose header names it (among its references) and, where the server offers it, `textDocument/implementation`'
      : 'the names in its class header, resolved with `definition`';
  return `${server} has no type hierarchy: these ${direction} come from ${how}, not from the server's type hierarchy.`;
}

interface Walk {
  context: OpsContext;
  cache: ViewCache;
  direction: 'supertypes' | 'subtypes';
  seen: Set<string>;
}

async function expand(walk: Walk, at: ClassAt, depth: number): Promise<HierarchyItem> {
  const item: HierarchyItem = {
    name: at.symbol.name,
    kind: at.symbol.kind,
    place: await describeLocation(walk.cache, symbolLocation(at, at.symbol)),
    children: [],
  };
  if (depth <= 0 || walk.seen.size >= MAX_CLASSES) {
    item.truncated = true;
    return item;
  }
  const next =
    walk.direction === 'subtypes'
      ? await subclasses(walk.context, walk.cache, at, true)
      : await supertypes(walk.context, walk.cache, at);
  for (const child of next) {
    if (walk.seen.has(classKey(child))) continue;
    walk.seen.add(classKey(child));
    item.children.push(await expand(walk, child, depth - 1));
  }
  return item;
}
