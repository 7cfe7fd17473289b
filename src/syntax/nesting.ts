/**
 * Step 2 of outline extraction: nest candidates by containment of their full spans. A symbol's path
 * is its parent's path, the segments of transparent containers in between, its qualifier and its
 * name. Hooks decide kinds that depend on the parent, drop candidates, or re-attach them.
 */
import type { OutlineSymbol, SymbolKindName } from '../locate/outline.js';
import type { Container, PlacedCandidate } from './candidates.js';
import type { AncestorInfo, LanguageHooks } from './hooks.js';

interface SymbolEntry {
  type: 'symbol';
  start: number;
  end: number;
  symbol: OutlineSymbol;
  uniqueNames: Set<string>;
}

interface ContainerEntry {
  type: 'container';
  start: number;
  end: number;
  segments: string[];
}

type Entry = SymbolEntry | ContainerEntry;

type Item = { type: 'candidate'; candidate: PlacedCandidate } | { type: 'container'; container: Container };

/** Builds the symbol tree (children in document order). */
export function nestCandidates(
  candidates: readonly PlacedCandidate[],
  containers: readonly Container[],
  hooks: LanguageHooks,
): OutlineSymbol[] {
  const roots: OutlineSymbol[] = [];
  const rootUnique = new Set<string>();
  const kinds = new Map<string, SymbolKindName>();
  const known = (path: readonly string[]) => kinds.get(path.join('\u0000'));
  const stack: Entry[] = [];
  for (const item of sortItems(candidates, containers)) {
    const span = item.type === 'candidate' ? item.candidate.fullSpan : item.container.span;
    while (stack.length > 0 && !contains(stack[stack.length - 1] as Entry, span.start, span.end)) stack.pop();
    if (item.type === 'container') {
      stack.push({ type: 'container', start: span.start, end: span.end, segments: item.container.segments });
      continue;
    }
    const entry = attach(item.candidate, stack, { roots, rootUnique, hooks, known });
    if (entry?.symbol) {
      const key = entry.symbol.path.join('\u0000');
      if (!kinds.has(key)) kinds.set(key, entry.symbol.kind);
    }
    if (entry?.push) stack.push(entry.push);
  }
  return roots;
}

interface Shared {
  roots: OutlineSymbol[];
  rootUnique: Set<string>;
  hooks: LanguageHooks;
  known: (path: readonly string[]) => SymbolKindName | undefined;
}

function attach(
  candidate: PlacedCandidate,
  stack: readonly Entry[],
  { roots, rootUnique, hooks, known }: Shared,
): { symbol: OutlineSymbol; push: SymbolEntry | undefined } | undefined {
  const symbols = stack.filter((e): e is SymbolEntry => e.type === 'symbol');
  const parentIndex = stack.lastIndexOf(symbols[symbols.length - 1] as Entry);
  const container = stack.slice(parentIndex + 1).flatMap((e) => (e.type === 'container' ? e.segments : []));
  const ancestors: AncestorInfo[] = symbols.map((e) => e.symbol);
  const inContainer = stack.length > 0 && stack[stack.length - 1]?.type === 'container';
  const placement = hooks.place?.(candidate, { ancestors, container, inContainer, known });
  if (placement === 'drop') return undefined;
  const kind = placement?.kind ?? candidate.kind;
  const attachTo = placement?.attachTo;
  const reattached = attachTo !== undefined;
  const target = reattached ? (attachTo < 0 ? undefined : symbols[attachTo]) : symbols[symbols.length - 1];
  const prefix = reattached ? [] : container;
  const siblings = target ? target.symbol.children : roots;
  const unique = target ? target.uniqueNames : rootUnique;
  if (candidate.unique) {
    if (unique.has(candidate.name)) return undefined;
    unique.add(candidate.name);
  }
  const symbol: OutlineSymbol = {
    name: candidate.name,
    path: [...(target?.symbol.path ?? []), ...prefix, ...(candidate.qualifier ?? []), candidate.name],
    kind,
    nameSpan: candidate.nameSpan,
    fullSpan: candidate.fullSpan,
    children: [],
  };
  siblings.push(symbol);
  if (candidate.leaf || reattached) return { symbol, push: undefined };
  const push: SymbolEntry = {
    type: 'symbol',
    start: symbol.fullSpan.start,
    end: symbol.fullSpan.end,
    symbol,
    uniqueNames: new Set(),
  };
  return { symbol, push };
}

function contains(entry: Entry, start: number, end: number): boolean {
  return entry.start <= start && end <= entry.end;
}

function sortItems(candidates: readonly PlacedCandidate[], containers: readonly Container[]): Item[] {
  const items: Item[] = [
    ...containers.map((container): Item => ({ type: 'container', container })),
    ...candidates.map((candidate): Item => ({ type: 'candidate', candidate })),
  ];
  const spanOf = (item: Item) => (item.type === 'candidate' ? item.candidate.fullSpan : item.container.span);
  const orderOf = (item: Item) => (item.type === 'candidate' ? item.candidate.order : -1);
  return items.sort((a, b) => {
    const sa = spanOf(a);
    const sb = spanOf(b);
    return sa.start - sb.start || sb.end - sa.end || orderOf(a) - orderOf(b);
  });
}
