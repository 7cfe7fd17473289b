/**
 * Step 1 of outline extraction: run a language's symbol query once and turn its matches into
 * plain-data candidates (names, spans, qualifiers) plus transparent containers. The capture
 * convention is documented in `outline.ts`.
 */
import type { Node, Query, QueryCapture, Tree } from 'web-tree-sitter';
import type { Span } from '../core/positions.js';
import type { SymbolKindName } from '../locate/outline.js';
import type { Candidate, LanguageHooks, PlacedCandidate, SymbolMatch } from './hooks.js';
import { baseTypeNode, nodeSpan } from './node-utils.js';
import { RangeContext } from './ranges.js';

/** A transparent container (Rust `impl`): its items get `segments` prepended to their names. */
export interface Container {
  span: Span;
  segments: string[];
}

/** A `@wrapper` node's span and the span of the node it wraps (one per match). */
export interface Wrapping {
  span: Span;
  wrapped: Span;
}

/** Candidates and containers of one file. */
export interface Collected {
  candidates: PlacedCandidate[];
  containers: Container[];
  /** The wrappers the query matched (for the outline update's window, `window-growth.ts`). */
  wrappings?: Wrapping[];
}

interface RawSymbol {
  kind: SymbolKindName;
  node: Node;
  name: Node | undefined;
  qualifier: Node | undefined;
  captures: QueryCapture[];
  pattern: number;
}

/**
 * Runs the query over the tree (or only over the matches intersecting `window`) and produces
 * candidates; every hook call happens in here.
 */
export function collectCandidates(
  query: Query,
  tree: Tree,
  text: string,
  hooks: LanguageHooks,
  window?: Span,
): Collected {
  const ranges = new RangeContext(text);
  const symbols = new Map<string, RawSymbol>();
  const names = new Map<number, Set<number>>();
  const containers: Container[] = [];
  const wrappings: Wrapping[] = [];
  // web-tree-sitter 0.25 passes query ranges through as bytes of its UTF-16 input: 2 per code unit.
  const options = window ? { startIndex: window.start * 2, endIndex: window.end * 2 } : undefined;
  for (const match of query.matches(tree.rootNode, options)) {
    const raw = readMatch(match.captures, match.patternIndex, ranges, { containers, wrappings }, text, hooks);
    if (!raw) continue;
    const key = `${raw.node.id}:${raw.name?.id ?? ''}`;
    const previous = symbols.get(key);
    if (!previous || raw.pattern < previous.pattern) symbols.set(key, raw);
    if (raw.name) {
      const set = names.get(raw.node.id) ?? new Set<number>();
      set.add(raw.name.id);
      names.set(raw.node.id, set);
    }
  }
  ranges.seal();
  const candidates: PlacedCandidate[] = [];
  for (const raw of symbols.values()) {
    const shared = (names.get(raw.node.id)?.size ?? 0) > 1;
    for (const candidate of refine(raw, shared, text, hooks)) {
      candidates.push(place(candidate, raw, ranges, candidates.length));
    }
  }
  return { candidates, containers, wrappings };
}

function readMatch(
  captures: QueryCapture[],
  pattern: number,
  ranges: RangeContext,
  { containers, wrappings }: { containers: Container[]; wrappings: Wrapping[] },
  text: string,
  hooks: LanguageHooks,
): RawSymbol | undefined {
  let symbol: QueryCapture | undefined;
  let name: Node | undefined;
  let qualifier: Node | undefined;
  let wrapper: Node | undefined;
  let wrapped: Node | undefined;
  let container: Node | undefined;
  let containerName: Node | undefined;
  for (const capture of captures) {
    switch (capture.name) {
      case 'comment':
        ranges.addComment(nodeSpan(capture.node));
        break;
      case 'attribute':
        ranges.addAttribute(nodeSpan(capture.node));
        break;
      case 'name':
        name = capture.node;
        break;
      case 'qualifier':
        qualifier = capture.node;
        break;
      case 'wrapper':
        wrapper = capture.node;
        break;
      case 'wrapped':
        wrapped = capture.node;
        break;
      case 'container':
        container = capture.node;
        break;
      case 'container.name':
        containerName = capture.node;
        break;
      default:
        if (capture.name.startsWith('symbol.')) symbol = capture;
    }
  }
  if (wrapper && wrapped) {
    ranges.addWrapper(wrapper, wrapped);
    wrappings.push({ span: nodeSpan(wrapper), wrapped: nodeSpan(wrapped) });
  }
  if (container) {
    const segments = containerName ? segmentsOf(containerName, text, hooks) : [];
    containers.push({ span: nodeSpan(container), segments });
  }
  if (!symbol) return undefined;
  const kind = symbol.name.slice('symbol.'.length) as SymbolKindName;
  return { kind, node: symbol.node, name, qualifier, captures, pattern };
}

function refine(raw: RawSymbol, shared: boolean, text: string, hooks: LanguageHooks): readonly Candidate[] {
  let defaults: Candidate | undefined;
  if (raw.name) {
    const nameSpan = nodeSpan(raw.name);
    defaults = {
      kind: raw.kind,
      name: text.slice(nameSpan.start, nameSpan.end),
      nameSpan,
      rangeNode: shared ? raw.name : raw.node,
      qualifier: raw.qualifier ? segmentsOf(raw.qualifier, text, hooks) : undefined,
    };
  }
  if (!hooks.refine) return defaults ? [defaults] : [];
  const match: SymbolMatch = {
    kind: raw.kind,
    node: raw.node,
    name: raw.name,
    qualifier: raw.qualifier,
    captures: raw.captures,
    shared,
    text,
  };
  const result = hooks.refine(match, defaults);
  if (result === null) return [];
  if (result === undefined) return defaults ? [defaults] : [];
  return Array.isArray(result) ? result : [result as Candidate];
}

function place(candidate: Candidate, raw: RawSymbol, ranges: RangeContext, order: number): PlacedCandidate {
  const fullSpan =
    candidate.fullSpan ?? ranges.fullSpan(candidate.rangeNode ?? raw.node, candidate.absorbSemicolon);
  return placedCandidate(candidate, fullSpan, candidate.nameSpan, candidate.reach, order);
}

/**
 * The one shape of a placed candidate, fresh or shifted by an edit (`old-symbols.ts`): thousands are copied
 * per outline update, and field by field is cheaper than a spread and keeps their readers monomorphic.
 */
export function placedCandidate(
  c: Omit<Candidate, 'rangeNode'>,
  fullSpan: Span,
  nameSpan: Span,
  reach: Span | undefined,
  order: number,
): PlacedCandidate {
  return {
    kind: c.kind,
    name: c.name,
    nameSpan,
    fullSpan,
    qualifier: c.qualifier,
    unique: c.unique,
    leaf: c.leaf,
    tag: c.tag,
    reach,
    order,
  };
}

function segmentsOf(node: Node, text: string, hooks: LanguageHooks): string[] {
  if (hooks.segments) return hooks.segments(node, text);
  const base = baseTypeNode(node) ?? node;
  return [text.slice(base.startIndex, base.endIndex)];
}
