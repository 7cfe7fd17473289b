/**
 * The index's outlines parse less than a whole file where that cannot change them (docs/workspace.md, "Building,
 * caching and freshness"). Most of a Go file is function bodies, and a body declares a symbol only through a type,
 * a struct or an interface: bodies that spell none of them are left out of the parse (tree-sitter's included
 * ranges; the body's braces stay, so the tree is the same but for an empty block). The outline is then exactly the
 * whole parse's, checked at every step: the scan is conservative (a body it cannot read plainly is parsed), the
 * skeleton tree must have no error and an empty body block at each gap, or the whole file is parsed after all; and
 * a differential test compares both on the Go standard library. Everything else — other languages, the outlines of
 * `locate` and `outline`, which need whole trees — parses whole files.
 */
import type { Tree } from 'web-tree-sitter';
import type { Span } from '../core/positions.js';
import type { OutlineSymbol } from '../locate/outline.js';
import { extractOutline, outlineOfTree, parseText } from '../syntax/outline.js';
import { requireSymbolQuery } from '../syntax/runtime.js';
import { spanRanges } from '../syntax/text-edit.js';
import { quoteEnd, tsBodies } from './ts-bodies.js';
import { commentRuns, outsideBodies, type CommentMode } from './comment-gaps.js';

/**
 * Per language: the interiors of the bodies that cannot hold a symbol and the node types owning such bodies (each
 * checked in the skeleton tree), and whether runs of whole comment lines are left out too.
 */
interface Skippable {
  bodies?(text: string): Span[];
  owners: ReadonlySet<string>;
  /** Which comment lines may be left out (`comment-gaps.ts`). */
  comments?: CommentMode;
}

const SKIPPABLE: Readonly<Record<string, Skippable>> = {
  go: { bodies: goBodies, owners: new Set(['function_declaration', 'method_declaration']), comments: 'line' },
  typescript: {
    bodies: tsBodies,
    owners: new Set([
      'function_declaration',
      'generator_function_declaration',
      'function_expression',
      'generator_function',
      'arrow_function',
      'method_definition',
    ]),
    comments: 'block',
  },
};

/** What a skeleton parse leaves out: bodies (checked in the tree) and comment lines (no token of the parse). */
interface Gaps {
  bodies: Span[];
  comments: Span[];
  /** Every gap in order, bodies and comment runs. */
  all: Span[];
}

function gapsOf(skippable: Skippable | undefined, text: string): Gaps {
  if (skippable === undefined) return { bodies: [], comments: [], all: [] };
  const bodies = skippable.bodies?.(text) ?? [];
  const comments = skippable.comments ? outsideBodies(commentRuns(text, skippable.comments), bodies) : [];
  const all = comments.length === 0 ? bodies : [...bodies, ...comments].sort((a, b) => a.start - b.start);
  return { bodies, comments, all };
}

/** The parts of `text` a skeleton parse leaves out (empty: it parses the whole text). */
export function skippableGaps(languageId: string, text: string): Span[] {
  return gapsOf(Object.hasOwn(SKIPPABLE, languageId) ? SKIPPABLE[languageId] : undefined, text).all;
}

/**
 * The symbols of a text's outline, as the index keeps them: the same as `extractOutline`'s, parsed without the gaps
 * it can skip (the index keeps no syntax errors, which a skipped body may hide).
 */
export async function indexSymbols(languageId: string, text: string): Promise<readonly OutlineSymbol[]> {
  const skippable = Object.hasOwn(SKIPPABLE, languageId) ? SKIPPABLE[languageId] : undefined;
  const gaps = gapsOf(skippable, text);
  if (skippable === undefined || gaps.all.length === 0)
    return (await extractOutline(languageId, text)).symbols;
  const { loaded } = await requireSymbolQuery(languageId);
  const tree = parseText(loaded, text, undefined, spanRanges(text, around(gaps.all, text.length)));
  try {
    const whole =
      tree.rootNode.hasError ||
      !gaps.bodies.every((gap) => emptyBody(tree, gap, skippable.owners)) ||
      !gaps.comments.every((gap) => betweenTopLevel(tree, gap));
    return (whole ? await extractOutline(languageId, text) : await outlineOfTree(loaded, tree, text)).symbols;
  } finally {
    tree.delete();
  }
}

/** The parts of a text of `length` around the gaps (in order), the last one up to the end. */
function around(gaps: readonly Span[], length: number): Span[] {
  const spans: Span[] = [];
  let from = 0;
  for (const gap of [...gaps, { start: length, end: length }]) {
    // An empty range (a file that starts with a gap) is left out: nothing to parse there.
    if (gap.start > from || gap.start === length) spans.push({ start: from, end: gap.start });
    from = gap.end;
  }
  return spans;
}

/** True when the gap is the inside of an empty body block, `{` and `}` included, of one of `owners`. */
function emptyBody(tree: Tree, gap: Span, owners: ReadonlySet<string>): boolean {
  const brace = tree.rootNode.descendantForIndex(gap.start - 1);
  const block = brace?.parent;
  return (
    brace?.type === '{' &&
    block !== null &&
    block !== undefined &&
    block.startIndex === gap.start - 1 &&
    block.endIndex === gap.end + 1 &&
    block.namedChildCount === 0 &&
    owners.has(block.parent?.type ?? '')
  );
}

/**
 * True when the gap lies between top-level nodes: inside a declaration, a comment is a named child that anchored
 * patterns count (`(const_declaration . (const_spec) @wrapped .)` wraps a lone spec only), so leaving it out there
 * could change a full range.
 */
function betweenTopLevel(tree: Tree, gap: Span): boolean {
  const root = tree.rootNode;
  return root.descendantForIndex(gap.start, Math.max(gap.start, gap.end - 1))?.id === root.id;
}

/** A top-level function whose signature fits on its line, `{` last (gofmt's layout). */
const GO_FUNC_LINE = /^func [^\n]*\{$/gm;
/** What may declare a symbol inside a body (or hide one from this scan: raw strings, block comments). */
const GO_RISKY = /`|\/\*|\btype\b|\bstruct\b|\binterface\b/;
/** Spellings of those words that declare nothing: comment lines, empty struct and interface types, type switches. */
const GO_HARMLESS = /^[ \t]*\/\/[^\n]*$|\bstruct\{\}|\binterface\{\}|\.\(type\)/gm;

/**
 * The interiors of Go function bodies that declare no symbol: from after the `{` ending a `func` line to before
 * the first `}` alone on a line after it (gofmt closes a top-level body so), when the text between has balanced
 * brackets outside strings and comments and spells nothing in `GO_RISKY` outside `GO_HARMLESS`.
 */
function goBodies(text: string): Span[] {
  const gaps: Span[] = [];
  let after = 0;
  for (const match of text.matchAll(GO_FUNC_LINE)) {
    const open = match.index + match[0].length;
    if (open <= after) continue;
    const close = closingLine(text, open);
    if (close === undefined) break;
    after = close;
    const body = text.slice(open, close);
    const risky = GO_RISKY.test(body) && GO_RISKY.test(body.replace(GO_HARMLESS, ' '));
    if (body.length > 1 && !risky && goBalanced(body)) gaps.push({ start: open, end: close });
  }
  return gaps;
}

/** The offset of the first `}` that is alone on its line after `from`. */
function closingLine(text: string, from: number): number | undefined {
  for (let at = text.indexOf('\n}', from); at >= 0; at = text.indexOf('\n}', at + 1)) {
    const next = at + 2;
    if (next === text.length || text.charCodeAt(next) === 0x0a) return at + 1;
  }
  return undefined;
}

/**
 * True when `(` `[` `{` and their closers pair up in order outside string and rune literals and line comments (a
 * body without raw strings or block comments: `GO_RISKY`). An unbalanced body may be broken code whose error
 * recovery reaches outside it, so it is parsed.
 */
function goBalanced(body: string): boolean {
  const stack: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c === 0x22 || c === 0x27) {
      i = quoteEnd(body, i, c);
      if (i < 0) return false;
    } else if (c === 0x2f && body.charCodeAt(i + 1) === 0x2f) {
      i = body.indexOf('\n', i);
      if (i < 0) break;
    } else if (c === 0x28 || c === 0x5b || c === 0x7b) stack.push(c === 0x28 ? 0x29 : c + 2);
    else if ((c === 0x29 || c === 0x5d || c === 0x7d) && stack.pop() !== c) return false;
  }
  return stack.length === 0;
}
