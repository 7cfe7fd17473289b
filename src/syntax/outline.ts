/**
 * Outline extraction: tree-sitter tree + `grammars/<lang>/symbols.scm` + hooks → plain `Outline`.
 *
 * # Capture convention for `symbols.scm`
 *
 * | capture | on | meaning |
 * | --- | --- | --- |
 * | `@symbol.<kind>` | the declaration node | one symbol; `<kind>` is a lower-case `SymbolKindName` (`class`, `method`, `field`, `enummember`, `type`, …) |
 * | `@name` | its name node | the name (node text) and the name range |
 * | `@qualifier` | a type/scope node | extra path segments before the name: `func (s *Server) Start()` → `Server.Start` (pointers, generics, paths stripped) |
 * | `@container` + `@container.name` | a node + its type node | transparent container (Rust `impl`): no symbol, its items are named `<container.name>.<item>` |
 * | `@wrapper` + `@wrapped` | a node + one child | the wrapper belongs to the child's full range (decorators, `export`, `template<…>`, a statement with a single declarator); chains; a wrapper captured around several children wraps none of them |
 * | `@attribute` | a node | a sibling *before* a declaration that belongs to its full range (Rust `#[…]`, TS member decorators); comments between are skipped |
 * | `@_anything` | any node | helper for predicates or hooks; ignored by the engine |
 *
 * `@comment` is reserved: the engine appends a pattern capturing every `*comment` node type of the
 * grammar. Several patterns may capture the same declaration and name: the earliest pattern in the
 * file wins, so put specific patterns (`"get"` accessors, `constructor`) before general ones.
 * When several matches give *different* names to one declaration node (`a, b = 1, 2`, Go `X, Y int`),
 * each name's full range is the name itself (docs/locate-strings.md, "Which declarations are symbols").
 *
 * # Engine rules (language-neutral)
 *
 * - Full range = declaration node, widened through `@wrapper`s and leading `@attribute`s, then cut
 *   at the last token (trailing comment lines inside the node dropped, a comment on the same line
 *   as the last token kept, also one just after the node on that line). Leading comments are never in.
 * - Nesting is by containment of full ranges; a symbol's path is its parent's path + container
 *   segments + qualifier + name. Children are in document order.
 *
 * # Hooks (`src/syntax/languages/<name>.ts`, exporting `hooks: LanguageHooks`, see `hooks.ts`)
 *
 * `refine(match, defaults)` rewrites or drops a match or expands it into several candidates (name
 * rewriting, kinds decided by syntax, explicit ranges); `place(candidate, context)` sees the enclosing
 * symbols and may change the kind, drop, or re-attach to an ancestor (Python `self.x` → class);
 * `segments(node)` names qualifiers/containers; `fallback(languageId, text)` replaces an outline whose
 * tree has errors (TypeScript compiler for TS/JS). A language without a hook module gets the defaults.
 * The manifest's `hooks` field lets several grammars share one module (tsx/javascript → typescript).
 */
import { parserText } from './text-edit.js';
import type { Range, Tree } from 'web-tree-sitter';
import type { Outline } from '../locate/outline.js';
import { damagedRegions, patchDamaged } from './damaged.js';
import { graftEmbedded } from './embedded.js';
import type { Extraction, PreviousExtraction } from './extraction.js';
import { fullExtraction, updateExtraction } from './incremental.js';
import { recoverOutline } from './recovery.js';
import { requireSymbolQuery, type LoadedLanguage } from './runtime.js';

/** Outline of a text in a language, parsing only `within` when given (parses, extracts, deletes the tree). */
export async function extractOutline(languageId: string, text: string, within?: Range): Promise<Outline> {
  const { loaded } = await requireSymbolQuery(languageId);
  const tree = parseText(loaded, text, undefined, within ? [within] : undefined);
  try {
    return await outlineOfTree(loaded, tree, text);
  } finally {
    tree.delete();
  }
}

/**
 * Parses a text with a loaded language (only `includedRanges` of it when given: the index's skeleton parses); the
 * caller deletes the tree.
 */
export function parseText(
  loaded: LoadedLanguage,
  text: string,
  oldTree?: Tree,
  includedRanges?: Range[],
): Tree {
  const input = parserText(loaded.hooks.prepareText?.(text) ?? text);
  const tree = loaded.parser.parse(input, oldTree ?? null, includedRanges ? { includedRanges } : undefined);
  if (!tree) throw new Error(`tree-sitter returned no tree for ${loaded.id}`);
  return tree;
}

/**
 * Outline of an already parsed tree: the query outline, or the language's fallback outline when the
 * tree has errors and the language has one. Does not delete the tree.
 */
export async function outlineOfTree(loaded: LoadedLanguage, tree: Tree, text: string): Promise<Outline> {
  return (await extractionOfTree(loaded, tree, text)).outline;
}

/**
 * As `outlineOfTree`, also returning the query extraction (absent for a fallback outline) and using
 * `previous` to re-query only around the last edit.
 */
export async function extractionOfTree(
  loaded: LoadedLanguage,
  tree: Tree,
  text: string,
  previous?: PreviousExtraction,
): Promise<{ outline: Outline; extraction?: Extraction }> {
  // Read from the tree before any wait: the caller may delete it meanwhile.
  const regions = loaded.hooks.embedded?.(tree.rootNode, text) ?? [];
  const own = await ownExtraction(loaded, tree, text, previous);
  if (regions.length === 0) return own;
  return { ...own, outline: await graftEmbedded(own.outline, regions, text, extractOutline) };
}

async function ownExtraction(
  loaded: LoadedLanguage,
  tree: Tree,
  text: string,
  previous?: PreviousExtraction,
): Promise<{ outline: Outline; extraction?: Extraction }> {
  const recovery = loaded.hooks.recovery;
  if (recovery && (tree.rootNode.hasError || recovery.always)) {
    const recovered = recoverOutline(loaded, tree, text);
    if (recovered) return { outline: recovered };
  }
  const extraction =
    previous && !loaded.hooks.positionalNames
      ? updateExtraction(loaded, tree, text, previous)
      : fullExtraction(loaded, tree, text);
  if (!tree.rootNode.hasError || !loaded.hooks.fallback) return { outline: extraction.outline, extraction };
  // The regions are read before waiting: the caller may delete its tree while the fallback runs.
  const patched = await patchDamaged(loaded, text, extraction, damagedRegions(tree));
  return { outline: patched ?? extraction.outline, extraction };
}

export { errorSpans } from './incremental.js';
