/**
 * Outline recovery for trees with syntax errors (docs/languages.md, "Recovery from macros tree-sitter cannot
 * expand"), the tree-sitter counterpart of the TypeScript fallback. A language's hooks name how to re-parse:
 * - `mask(text)`: a text of the same length with identifier-like macros blanked (C/C++:
 *   `ZEXPORT`, `LUA_API`, `OF((…))`), parsed instead of the original when it has fewer errors.
 *   Offsets are unchanged, so names and ranges are read from the original text.
 * - `regions(text)`: independent regions (Bash: one per top-level function definition), each parsed
 *   on its own, so an error in one region cannot swallow the symbols of the others.
 * Only parses of real text are queried: nothing is synthesised, and a region that still fails keeps
 * only what tree-sitter parsed there.
 */
import type { Tree } from 'web-tree-sitter';
import type { Span } from '../core/positions.js';
import type { Outline } from '../locate/outline.js';
import { collectCandidates, type Collected, type Container } from './candidates.js';
import type { PlacedCandidate } from './hooks.js';
import { errorSpans } from './incremental.js';
import { nestCandidates } from './nesting.js';
import { symbolQuery, type LoadedLanguage } from './runtime.js';

/** Largest function definition a failing span is widened to (see `damagedRegions`). */
const MAX_WIDENED_LINES = 2000;

/** Masking rounds: each may blank more where the previous parse still failed. */
const MASK_ROUNDS = 3;

/** The recovered outline of a tree with errors, or undefined when the language has no recovery. */
export function recoverOutline(loaded: LoadedLanguage, tree: Tree, text: string): Outline | undefined {
  const recovery = loaded.hooks.recovery;
  const query = symbolQuery(loaded);
  if (!recovery || !query) return undefined;
  let best = { tree, owned: false, text };
  // The regions below are parsed from the masked text even when the whole masked file was no better: a
  // construct tree-sitter cannot parse can spoil one region's parse without changing the file's error weight.
  let firstMask: string | undefined;
  try {
    // Each round masks the previous round's text (more where it still fails); the best parse wins.
    let current = { tree, text, owned: false };
    for (let round = 0; round < MASK_ROUNDS && (current.tree.rootNode.hasError || round === 0); round++) {
      const masked = recovery.mask?.(current.text, damagedRegions(current.tree));
      if (masked === undefined || masked === current.text || masked.length !== text.length) break;
      firstMask ??= masked;
      if (current.owned && current.tree !== best.tree) current.tree.delete();
      current = { tree: parse(loaded, masked), text: masked, owned: true };
      const gain = errorWeight(best.tree) - errorWeight(current.tree);
      if (gain > 0 || (gain === 0 && round === 0 && recovery.always && !best.owned)) {
        if (best.owned) best.tree.delete();
        best = current;
      }
    }
    if (current.owned && current.tree !== best.tree) current.tree.delete();
    const regions = best.tree.rootNode.hasError ? recovery.regions?.(text) : undefined;
    const parsed = best.owned ? best.text : (firstMask ?? text);
    if (regions && regions.length > 1) return byRegions(loaded, { parsed, names: text }, regions);
    if (!best.owned) return undefined;
    const { candidates, containers } = collectCandidates(query, best.tree, text, loaded.hooks);
    return outlineOf(loaded, candidates, containers, errorSpans(best.tree.rootNode));
  } finally {
    if (best.owned) best.tree.delete();
  }
}

/** How many following regions a region that does not parse alone may be joined with (a string or here-doc across a boundary). */
const MAX_JOIN = 8;

/**
 * Each region parsed alone; candidates shifted back to file offsets. A region with errors is joined
 * with the next ones until the join parses cleanly (a boundary inside a string); if none does within
 * `MAX_JOIN`, the region is taken alone, errors and all.
 */
function byRegions(loaded: LoadedLanguage, text: Texts, regions: Span[]): Outline {
  const out: Collected & { errors: Span[] } = { candidates: [], containers: [], errors: [] };
  let index = 0;
  while (index < regions.length) {
    const first = regions[index] as Span;
    let taken = 1;
    for (let join = 1; join <= MAX_JOIN && index + join <= regions.length; join++) {
      const last = regions[index + join - 1] as Span;
      if (parsesCleanly(loaded, text.parsed.slice(first.start, last.end))) {
        taken = join;
        break;
      }
    }
    const end = (regions[index + taken - 1] as Span).end;
    collectRegion(loaded, text, { start: first.start, end }, out);
    index += taken;
  }
  return outlineOf(loaded, out.candidates, out.containers, out.errors);
}

function parsesCleanly(loaded: LoadedLanguage, piece: string): boolean {
  const tree = parse(loaded, piece);
  try {
    return !tree.rootNode.hasError;
  } finally {
    tree.delete();
  }
}

/** The text parsed (masked) and the original text names are read from; same length. */
interface Texts {
  parsed: string;
  names: string;
}

function collectRegion(
  loaded: LoadedLanguage,
  text: Texts,
  region: Span,
  out: Collected & { errors: Span[] },
): void {
  const query = symbolQuery(loaded);
  if (!query) return;
  const tree = parse(loaded, text.parsed.slice(region.start, region.end));
  try {
    const piece = text.names.slice(region.start, region.end);
    const collected = collectCandidates(query, tree, piece, loaded.hooks);
    const shift = (span: Span): Span => ({ start: span.start + region.start, end: span.end + region.start });
    for (const c of collected.candidates) {
      out.candidates.push({
        ...c,
        nameSpan: shift(c.nameSpan),
        fullSpan: shift(c.fullSpan),
        order: out.candidates.length,
      });
    }
    for (const c of collected.containers) out.containers.push({ ...c, span: shift(c.span) });
    for (const e of errorSpans(tree.rootNode)) out.errors.push(shift(e));
    if (tree.rootNode.hasError) addDefinition(loaded, text.names, region, out);
  } finally {
    tree.delete();
  }
}

/**
 * A region that does not parse even alone keeps the definition its first line names (a Bash
 * `name() {` line that the lexical pass placed outside strings), unless tree-sitter found it anyway.
 */
function addDefinition(loaded: LoadedLanguage, text: string, region: Span, out: Collected): void {
  const definition = loaded.hooks.recovery?.definition?.(text, region);
  if (!definition) return;
  const found = out.candidates.some(
    (c) => c.nameSpan.start === definition.nameSpan.start && c.nameSpan.end === definition.nameSpan.end,
  );
  if (found) return;
  const fullSpan = definition.fullSpan ?? definition.nameSpan;
  out.candidates.push({ ...definition, fullSpan, order: out.candidates.length });
}

function outlineOf(
  loaded: LoadedLanguage,
  candidates: PlacedCandidate[],
  containers: Container[],
  errors: Span[],
): Outline {
  return { language: loaded.id, symbols: nestCandidates(candidates, containers, loaded.hooks), errors };
}

function parse(loaded: LoadedLanguage, text: string): Tree {
  const tree = loaded.parser.parse(text);
  if (!tree) throw new Error(`tree-sitter returned no tree for ${loaded.id}`);
  return tree;
}

/**
 * Where a parse failed, widened to the enclosing function definition (never to an include guard or
 * another conditional: that would take in unrelated code): an error on `else` is caused by the
 * `#ifdef` line before it, inside the same function.
 */
function damagedRegions(tree: Tree): Span[] {
  const root = tree.rootNode;
  const regions: Span[] = [];
  for (const span of errorSpans(root)) {
    let node = root.descendantForIndex(span.start, Math.max(span.start, span.end - 1));
    while (node && node.type !== 'function_definition') node = node.parent;
    // A "function" spanning thousands of lines is itself the misparse: keep the error's own span.
    const small = node && node.endPosition.row - node.startPosition.row <= MAX_WIDENED_LINES;
    const region = node && small ? { start: node.startIndex, end: node.endIndex } : span;
    const last = regions[regions.length - 1];
    if (last && region.start <= last.end) last.end = Math.max(last.end, region.end);
    else regions.push(region);
  }
  return regions;
}

/** Characters inside ERROR/MISSING nodes, plus one per error (a MISSING node is empty). */
function errorWeight(tree: Tree): number {
  return errorSpans(tree.rootNode).reduce((sum, span) => sum + 1 + span.end - span.start, 0);
}
