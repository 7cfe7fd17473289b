/**
 * The interface of per-language hook modules (`src/syntax/languages/<name>.ts`, each exporting
 * `hooks: LanguageHooks`). The generic engine (`outline.ts`) turns query matches into candidates and
 * nests them by containment; hooks fix what a query cannot express. The convention is documented at
 * the top of `outline.ts`.
 */
import type { Node, QueryCapture } from 'web-tree-sitter';
import type { Span } from '../core/positions.js';
import type { SymbolKindName } from '../locate/outline.js';
import type { EmbeddedRegion } from './embedded.js';

/** One match of a `@symbol.<kind>` pattern. Its nodes are valid only during the hook call. */
export interface SymbolMatch {
  /** Kind from the capture name (`@symbol.method` → `method`). */
  kind: SymbolKindName;
  /** The declaration node (`@symbol.<kind>`). */
  node: Node;
  /** The name node (`@name`), if the pattern has one. */
  name: Node | undefined;
  /** The `@qualifier` node, if any (Go receiver type, …). */
  qualifier: Node | undefined;
  /** Every capture of the match, helper captures (`@_x`) included. */
  captures: readonly QueryCapture[];
  /** True when several matches name different `@name`s on this same declaration node (`a, b = …`). */
  shared: boolean;
  /** The whole file text. */
  text: string;
}

/** A symbol before nesting. Spans are UTF-16 offsets into the file text. */
export interface Candidate {
  kind: SymbolKindName;
  name: string;
  nameSpan: Span;
  /**
   * Node whose extent gives the full range; the engine widens it by `@wrapper`s and leading
   * `@attribute`s and trims comments (default: the declaration node, or the name when `shared`).
   */
  rangeNode?: Node | undefined;
  /** Explicit full range, used as is (takes precedence over `rangeNode`). */
  fullSpan?: Span | undefined;
  /** Path segments between the enclosing path and the name (Go receiver `Server`, C++ `Foo::`). */
  qualifier?: string[] | undefined;
  /** Keep only the first unique candidate of a name per parent (Python: one field per name per class). */
  unique?: boolean | undefined;
  /** Never a parent: its range overlaps symbols that are its siblings (`typedef struct X {…} Y`). */
  leaf?: boolean | undefined;
  /** A marker of the hook's own, carried from `refine` to `place` (ignored by the engine). */
  tag?: string | undefined;
  /** The full range also takes a `;` that directly follows it on the same line (TS class members, `struct S {};`). */
  absorbSemicolon?: boolean | undefined;
  /**
   * Set with a `fullSpan` that takes in following siblings (PHP `namespace X;`, Kotlin accessors): from the
   * declaration to where no further sibling could be taken in. An edit there but outside the full range
   * changes the range all the same, so the outline update re-queries the candidate (`window-growth.ts`).
   */
  reach?: Span | undefined;
}

/** A candidate whose full span is known (no nodes left). */
export interface PlacedCandidate extends Omit<Candidate, 'rangeNode'> {
  fullSpan: Span;
  /** Emission order, to keep equal spans stable (outer first). */
  order: number;
}

/** What `place` sees of an enclosing symbol. */
export interface AncestorInfo {
  kind: SymbolKindName;
  name: string;
  path: readonly string[];
}

/** Where a candidate lands before `place` decides (valid only during the call). */
export interface PlaceContext {
  /** Enclosing symbols, outermost first; the last is the parent. */
  ancestors: readonly AncestorInfo[];
  /** Segments of transparent `@container`s between the parent and the candidate (Rust `impl Foo` → `["Foo"]`). */
  container: readonly string[];
  /** True when the innermost enclosing node of interest is a container (directly inside `impl`). */
  inContainer: boolean;
  /** Kind of the first symbol placed earlier in the file with exactly this path, if any. */
  known(path: readonly string[]): SymbolKindName | undefined;
}

/**
 * A hook's verdict on a placed candidate: undefined keeps it as is; `'drop'` removes it; an object
 * can change its kind and/or re-attach it to `ancestors[attachTo]` (`-1`: top level).
 */
export type Placement = undefined | 'drop' | { kind?: SymbolKindName; attachTo?: number };

/** Per-language behaviour on top of the query (all optional). */
export interface LanguageHooks {
  /**
   * Turns a match into candidates. `defaults` is what the engine would do (name = `@name` text),
   * undefined when the match has no `@name`; it is a fresh object the hook may modify and return.
   * Return `null` to drop the match, `undefined` to keep the defaults.
   */
  refine?(
    match: SymbolMatch,
    defaults: Candidate | undefined,
  ): Candidate | readonly Candidate[] | null | undefined;
  /** Adjusts or drops a candidate once its enclosing symbols are known (kinds that depend on the parent). */
  place?(candidate: Candidate, context: PlaceContext): Placement;
  /** Path segments named by a `@qualifier` or `@container.name` node (default: its base type name). */
  segments?(node: Node, text: string): string[];
  /**
   * How to re-parse a tree with syntax errors (`recovery.ts`, docs/languages.md): `mask` returns a
   * same-length text with identifier-like macros blanked; `regions` splits the text into spans that
   * parse independently (offsets into the text, in order, non-overlapping).
   */
  recovery?: {
    /** `errors`: where the last parse failed (the mask may blank more there; it is called again while that helps). */
    mask?(text: string, errors: readonly Span[]): string | undefined;
    regions?(text: string): Span[];
    /**
     * Mask even error-free trees (C: `LUAMOD_API int (luaopen_base) (lua_State *L);` parses without
     * errors as a function named `int`); the masked parse is used unless it has more errors.
     */
    always?: boolean;
    /** The definition a region starts with, read from its first line, when its parse keeps failing. */
    definition?(text: string, region: Span): Candidate | undefined;
  };
  /**
   * Symbols of a region whose tree has syntax errors, from another parser (TypeScript's own for
   * TS/JS); offsets relative to `text`. Only the damaged top-level regions are given (`damaged.ts`).
   */
  fallback?(languageId: string, text: string): Promise<FallbackSymbols | undefined>;
  /**
   * The text the parser sees: a same-length rewrite blanking syntax the grammar does not know (so
   * offsets stay valid and names still come from the real text).
   */
  prepareText?(text: string): string;
  /**
   * Names depend on the siblings before them (data-file array elements are named by index): an outline update
   * after an edit then re-queries the whole tree instead of a window around the edit.
   */
  positionalNames?: boolean;
  /**
   * Regions of the file written in another language (HTML/Vue `<script>` and `<style>`, `embedded.ts`): their
   * symbols nest under the symbol whose full range starts where the region's owner does.
   */
  embedded?(root: Node, text: string): EmbeddedRegion[];
}

/** What a fallback parser found in a region: candidates (spans relative to it) and parse errors. */
export interface FallbackSymbols {
  candidates: PlacedCandidate[];
  errors: Span[];
}
