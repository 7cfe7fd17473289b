/**
 * Where an edit changed the tree's structure (docs/performance.md, "broken code"). tree-sitter's changed
 * ranges are conservative: when an error turns the root node from `program` into `ERROR` (an edit inside
 * a big enum IIFE of a JavaScript bundle), they cover the whole file, and every outline update after it
 * re-queried the whole file. The top-level nodes of the old and new trees bound the change more tightly:
 * nodes outside the edit with the same type and (shifted) span hold the same text, parsed from the
 * same state, so they are the same nodes; only the run between the common head and tail can differ.
 */
import type { Edit, Range, Tree } from 'web-tree-sitter';
import type { Span } from '../core/positions.js';
import { shift } from './narrow-window.js';

/** A top-level node of a tree, as plain data (kept with an extraction for the next edit). */
export interface TopLevelNode {
  /** tree-sitter's node type id (the same language on both sides). */
  type: number;
  start: number;
  end: number;
}

/** The root's children of a tree, as plain data (a cursor: no node objects for hundreds of children). */
export function topLevelNodes(tree: Tree): TopLevelNode[] {
  const nodes: TopLevelNode[] = [];
  const cursor = tree.walk();
  try {
    if (!cursor.gotoFirstChild()) return nodes;
    do nodes.push({ type: cursor.nodeTypeId, start: cursor.startIndex, end: cursor.endIndex });
    while (cursor.gotoNextSibling());
    return nodes;
  } finally {
    cursor.delete();
  }
}

/**
 * The part of the new text whose top-level nodes differ from the old ones (new-text offsets), or
 * undefined when every top-level node is unchanged (the edit fell between nodes).
 */
export function topLevelChange(
  olds: readonly TopLevelNode[],
  edit: Edit,
  news: readonly TopLevelNode[],
): Span | undefined {
  const same = (old: TopLevelNode | undefined, node: TopLevelNode | undefined): boolean => {
    if (!old || !node || old.type !== node.type) return false;
    // A node the replaced text touches has changed even if its span comes out the same.
    if (old.end > edit.startIndex && old.start < edit.oldEndIndex) return false;
    const span = shift(old, edit);
    return span.start === node.start && span.end === node.end;
  };
  let head = 0;
  while (head < olds.length && head < news.length && same(olds[head], news[head])) head++;
  let oldTail = olds.length - 1;
  let newTail = news.length - 1;
  while (oldTail >= head && newTail >= head && same(olds[oldTail], news[newTail])) {
    oldTail--;
    newTail--;
  }
  let bound: Span | undefined;
  const add = (span: Span): void => {
    bound = bound
      ? { start: Math.min(bound.start, span.start), end: Math.max(bound.end, span.end) }
      : { start: span.start, end: span.end };
  };
  for (let i = head; i <= oldTail; i++) add(shift(olds[i] as TopLevelNode, edit));
  for (let i = head; i <= newTail; i++) add(news[i] as TopLevelNode);
  return bound;
}

/** tree-sitter's changed ranges cut to the top-level change (new-text offsets). */
export function structuralChanges(changed: readonly Range[], bound: Span | undefined): Span[] {
  if (!bound) return [];
  const spans: Span[] = [];
  for (const range of changed) {
    const start = Math.max(range.startIndex, bound.start);
    const end = Math.min(range.endIndex, bound.end);
    if (start < end) spans.push({ start, end });
  }
  return spans;
}
