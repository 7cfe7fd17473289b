/**
 * Call hierarchy (`calls --incoming|--outgoing [--depth N]`) and type hierarchy (`types --supertypes|
 * --subtypes`): each item with its kind, place (enclosing symbol, snippet, locate string) and, for calls,
 * the call sites. A server without call hierarchy is CAPABILITY_MISSING with a hint naming what works; one without
 * type hierarchy answers from implementations and class headers instead (type-hierarchy-fallback.ts), and says so.
 */
import { LocusError, isLocusError } from '../../core/errors.js';
import { lspSymbolKindName } from '../../locate/outline.js';
import type { HierarchyDirection } from '../../core/operation-kinds.js';
import type { HierarchyNode } from '../../lsp/hierarchy.js';
import type { OpsContext } from '../context/context.js';
import { ViewCache, describeLocation } from '../context/locations.js';
import type { LocateInput } from '../locating/locator.js';
import { resolveTarget, resultBase } from '../context/target.js';
import type { HierarchyItem, HierarchyResult } from '../results/hierarchy.js';
import { fallbackNote, typeHierarchyFallback } from './type-hierarchy-fallback.js';
export type { HierarchyItem, HierarchyResult } from '../results/hierarchy.js';

/** Default and largest depth. */
export const DEFAULT_HIERARCHY_DEPTH = 1;
export const MAX_HIERARCHY_DEPTH = 5;

/** Walks the call or type hierarchy at a located position. */
export async function hierarchy(
  context: OpsContext,
  input: LocateInput,
  direction: HierarchyDirection,
  depth = DEFAULT_HIERARCHY_DEPTH,
): Promise<HierarchyResult> {
  if (!Number.isInteger(depth) || depth < 1 || depth > MAX_HIERARCHY_DEPTH)
    throw new LocusError(
      'INVALID_ARGUMENT',
      `depth must be a whole number from 1 to ${MAX_HIERARCHY_DEPTH}.`,
    );
  const calls = direction === 'incoming' || direction === 'outgoing';
  const target = await resolveTarget(context, calls ? 'calls' : 'types', input);
  const { absPath, text } = target.loaded.file;
  const cache = new ViewCache(context);
  let answer: { result: HierarchyNode[]; possiblyIncomplete: boolean; incompleteReason?: string };
  try {
    answer = await target.session.hierarchy(absPath, text, target.position, direction, depth);
  } catch (error) {
    if (!isLocusError(error) || error.code !== 'CAPABILITY_MISSING') throw error;
    if (calls) throw missing(error);
    // No typeHierarchy (TypeScript 7, pyright): the same answer from implementations and class headers.
    const items = await typeHierarchyFallback(context, cache, target, direction, depth);
    const base = resultBase(target, { possiblyIncomplete: false });
    const server = typeof error.details?.server === 'string' ? error.details.server : 'The server';
    base.notes = [...(base.notes ?? []), fallbackNote(server, direction)];
    return { ...base, direction, depth, items, total: countItems(items), source: 'implementations' };
  }
  const items: HierarchyItem[] = [];
  for (const node of answer.result) items.push(await toItem(cache, node, undefined));
  return { ...resultBase(target, answer), direction, depth, items, total: countItems(items) };
}

/** Items in the tree below the roots. */
function countItems(roots: HierarchyItem[]): number {
  const count = (list: HierarchyItem[]): number => list.reduce((n, i) => n + 1 + count(i.children), 0);
  return count(roots.flatMap((i) => i.children));
}

function missing(error: LocusError): LocusError {
  return new LocusError('CAPABILITY_MISSING', error.message, {
    hint: 'Use `references` on the function for its callers (each with its enclosing symbol), or `definition` on a call.',
    details: error.details ?? {},
  });
}

async function toItem(
  cache: ViewCache,
  node: HierarchyNode,
  parentUri: string | undefined,
): Promise<HierarchyItem> {
  const item: HierarchyItem = {
    name: node.name,
    kind: lspSymbolKindName(node.kind) ?? 'unknown',
    place: await describeLocation(cache, { uri: node.uri, range: node.selectionRange }),
    children: [],
  };
  if (node.detail) item.detail = node.detail;
  if (parentUri !== undefined && node.fromRanges.length > 0) {
    item.call_sites = [];
    for (const range of node.fromRanges)
      item.call_sites.push(await describeLocation(cache, { uri: node.siteUri ?? node.uri, range }));
  }
  for (const child of node.children) item.children.push(await toItem(cache, child, node.uri));
  if (node.truncated && node.children.length === 0) item.truncated = true;
  return item;
}
