/**
 * Call and type hierarchy: prepare at a position, then walk incoming/outgoing calls or super/subtypes to a
 * depth. Items are kept as the server sent them for the follow-up requests; what is returned is converted to
 * UTF-16 (`range`, `selectionRange`, call-site `fromRanges`).
 */
import {
  CallHierarchyIncomingCallsRequest,
  CallHierarchyOutgoingCallsRequest,
  CallHierarchyPrepareRequest,
  TypeHierarchyPrepareRequest,
  TypeHierarchySubtypesRequest,
  TypeHierarchySupertypesRequest,
  type CallHierarchyItem,
  type Position,
  type Range,
  type TypeHierarchyItem,
} from 'vscode-languageserver-protocol';
import { requireCapability } from './capabilities.js';
import type { ServerInstance } from './server-instance.js';

import type { HierarchyDirection } from '../core/operation-kinds.js';

/** One item of a hierarchy with its children in the asked direction (UTF-16 positions). */
export interface HierarchyNode {
  name: string;
  /** LSP SymbolKind number. */
  kind: number;
  detail?: string;
  uri: string;
  range: Range;
  selectionRange: Range;
  /** Call sites: in the caller's file (incoming) or in the parent's file (outgoing). */
  fromRanges: Range[];
  /** The file of `fromRanges`. */
  siteUri?: string;
  children: HierarchyNode[];
  /** True when the depth bound stopped the walk here (the server may know more). */
  truncated?: true;
}

type Item = CallHierarchyItem | TypeHierarchyItem;

/** Walks a hierarchy from a synced document's position; an empty list when nothing is there. */
export async function walkHierarchy(
  instance: ServerInstance,
  uri: string,
  position: Position,
  direction: HierarchyDirection,
  depth: number,
): Promise<HierarchyNode[]> {
  const calls = direction === 'incoming' || direction === 'outgoing';
  requireCapability(
    instance.capabilities,
    calls ? 'callHierarchyProvider' : 'typeHierarchyProvider',
    instance.name,
  );
  const timeout = instance.spec.requestTimeoutMs;
  const params = { textDocument: { uri }, position: instance.mapper.toServer(uri, position) };
  const prepared = calls
    ? await instance.connection.request(CallHierarchyPrepareRequest.type, params, timeout)
    : await instance.connection.request(TypeHierarchyPrepareRequest.type, params, timeout);
  const seen = new Set<string>();
  const roots: HierarchyNode[] = [];
  for (const item of prepared.result ?? [])
    roots.push(await expand(instance, item, [], direction, depth, seen));
  return roots;
}

async function expand(
  instance: ServerInstance,
  item: Item,
  fromRanges: Range[],
  direction: HierarchyDirection,
  depth: number,
  seen: Set<string>,
): Promise<HierarchyNode> {
  const node = toNode(instance, item, fromRanges);
  const key = `${item.uri}:${item.selectionRange.start.line}:${item.selectionRange.start.character}`;
  if (seen.has(key)) return node;
  seen.add(key);
  if (depth <= 0) {
    node.truncated = true;
    return node;
  }
  for (const next of await neighbours(instance, item, direction)) {
    const child = await expand(instance, next.item, next.fromRanges, direction, depth - 1, seen);
    if (next.siteUri !== undefined) child.siteUri = next.siteUri;
    node.children.push(child);
  }
  return node;
}

async function neighbours(
  instance: ServerInstance,
  item: Item,
  direction: HierarchyDirection,
): Promise<{ item: Item; fromRanges: Range[]; siteUri?: string }[]> {
  const timeout = instance.spec.requestTimeoutMs;
  const { connection } = instance;
  if (direction === 'incoming') {
    const { result } = await connection.request(CallHierarchyIncomingCallsRequest.type, { item }, timeout);
    return (result ?? []).map((c) => ({
      item: c.from,
      fromRanges: convert(instance, c.from.uri, c.fromRanges),
      siteUri: c.from.uri,
    }));
  }
  if (direction === 'outgoing') {
    const { result } = await connection.request(CallHierarchyOutgoingCallsRequest.type, { item }, timeout);
    return (result ?? []).map((c) => ({
      item: c.to,
      fromRanges: convert(instance, item.uri, c.fromRanges),
      siteUri: item.uri,
    }));
  }
  const type =
    direction === 'supertypes' ? TypeHierarchySupertypesRequest.type : TypeHierarchySubtypesRequest.type;
  const { result } = await connection.request(type, { item: item as TypeHierarchyItem }, timeout);
  return (result ?? []).map((t) => ({ item: t, fromRanges: [] }));
}

/** Call-site ranges in UTF-16, each once: pyright lists every call site of a caller twice. */
function convert(instance: ServerInstance, uri: string, ranges: Range[]): Range[] {
  const distinct = new Map<string, Range>();
  for (const r of ranges)
    distinct.set(`${r.start.line}:${r.start.character}:${r.end.line}:${r.end.character}`, r);
  return [...distinct.values()].map((r) => instance.mapper.range(uri, r));
}

function toNode(instance: ServerInstance, item: Item, fromRanges: Range[]): HierarchyNode {
  const node: HierarchyNode = {
    name: item.name,
    kind: item.kind,
    uri: item.uri,
    range: instance.mapper.range(item.uri, item.range),
    selectionRange: instance.mapper.range(item.uri, item.selectionRange),
    fromRanges,
    children: [],
  };
  if (item.detail) node.detail = item.detail;
  return node;
}
