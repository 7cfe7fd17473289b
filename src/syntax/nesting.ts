/**
 * Step 2 of outline extraction: nest candidates by containment of their full spans. A symbol's path
 * is its parent's path, the segments of transparent containers in between, its qualifier and its
 * name. Hooks decide kinds that depend on the parent, drop candidates, or re-attach them.
 */
import type { OutlineSymbol, SymbolKindName } from '../locate/outline.js';
import type { Container } from './candidates.js';
import type { PlacedCandidate } from './hooks.js';
import type { LanguageHooks, PlaceContext } from './hooks.js';

interface Entry {
  start: number;
  end: number;
  /** Set for a symbol entry. */
  symbol?: OutlineSymbol;
  /** Set for a container entry. */
  segments?: string[];
}

type Item =
  { candidate: PlacedCandidate; container?: undefined } | { candidate?: undefined; container: Container };

const NO_SEGMENTS: readonly string[] = [];

/** Builds the symbol tree (children in document order). */
export function nestCandidates(
  candidates: readonly PlacedCandidate[],
  containers: readonly Container[],
  hooks: LanguageHooks,
): OutlineSymbol[] {
  return new Nester(hooks).run(sortItems(candidates, containers));
}

class Nester {
  private readonly roots: OutlineSymbol[] = [];
  private readonly rootUnique = new Set<string>();
  private readonly kinds = new Map<string, SymbolKindName>();
  /** Open entries, innermost last. */
  private readonly stack: Entry[] = [];
  /** The symbol entries of `stack` (outermost first) and their per-parent unique names. */
  private readonly ancestors: OutlineSymbol[] = [];
  private readonly uniques: Set<string>[] = [];
  private readonly known = (path: readonly string[]) => this.kinds.get(path.join('\u0000'));

  constructor(private readonly hooks: LanguageHooks) {}

  run(items: readonly Item[]): OutlineSymbol[] {
    for (const item of items) {
      const span = item.candidate ? item.candidate.fullSpan : item.container.span;
      this.closeUntil(span.start, span.end);
      if (item.container)
        this.stack.push({ start: span.start, end: span.end, segments: item.container.segments });
      else this.attach(item.candidate);
    }
    return this.roots;
  }

  private closeUntil(start: number, end: number): void {
    for (;;) {
      const top = this.stack[this.stack.length - 1];
      if (!top || (top.start <= start && end <= top.end)) return;
      this.stack.pop();
      if (top.symbol) {
        this.ancestors.pop();
        this.uniques.pop();
      }
    }
  }

  private attach(candidate: PlacedCandidate): void {
    const container = this.containerSegments();
    const top = this.stack[this.stack.length - 1];
    const context: PlaceContext = {
      ancestors: this.ancestors,
      container,
      inContainer: top?.segments !== undefined,
      known: this.known,
    };
    const placement = this.hooks.place?.(candidate, context);
    if (placement === 'drop') return;
    const attachTo = placement?.attachTo;
    const reattached = attachTo !== undefined;
    const targetIndex = reattached ? attachTo : this.ancestors.length - 1;
    const target = targetIndex < 0 ? undefined : this.ancestors[targetIndex];
    if (candidate.unique) {
      const unique = target ? this.uniques[targetIndex] : this.rootUnique;
      if (unique?.has(candidate.name)) return;
      unique?.add(candidate.name);
    }
    const path = target ? [...target.path] : [];
    if (!reattached) path.push(...container);
    if (candidate.qualifier) path.push(...candidate.qualifier);
    path.push(candidate.name);
    const symbol: OutlineSymbol = {
      name: candidate.name,
      path,
      kind: placement?.kind ?? candidate.kind,
      nameSpan: candidate.nameSpan,
      fullSpan: candidate.fullSpan,
      children: [],
    };
    (target ? target.children : this.roots).push(symbol);
    const key = path.join('\u0000');
    if (!this.kinds.has(key)) this.kinds.set(key, symbol.kind);
    if (candidate.leaf || reattached) return;
    this.stack.push({ start: symbol.fullSpan.start, end: symbol.fullSpan.end, symbol });
    this.ancestors.push(symbol);
    this.uniques.push(new Set());
  }

  /** Segments of the containers opened since the innermost symbol. */
  private containerSegments(): readonly string[] {
    let segments: string[] | undefined;
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const entry = this.stack[i] as Entry;
      if (entry.symbol) break;
      segments = [...(entry.segments ?? []), ...(segments ?? [])];
    }
    return segments ?? NO_SEGMENTS;
  }
}

function sortItems(candidates: readonly PlacedCandidate[], containers: readonly Container[]): Item[] {
  const items: Item[] = candidates.map((candidate) => ({ candidate }));
  for (const container of containers) items.push({ container });
  const spanOf = (item: Item) => (item.candidate ? item.candidate.fullSpan : item.container.span);
  const orderOf = (item: Item) => (item.candidate ? item.candidate.order : -1);
  return items.sort((a, b) => {
    const sa = spanOf(a);
    const sb = spanOf(b);
    return sa.start - sb.start || sb.end - sa.end || orderOf(a) - orderOf(b);
  });
}
