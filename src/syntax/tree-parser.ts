/**
 * How the tree cache gets the tree of a new text: a full parse, or an incremental one from the tree of the file's
 * previous text (one edit from the common prefix/suffix, `incremental-parse.ts`), keeping what the outline update
 * around the edit needs. Counts its parses and remembers a big one (its high-water mark stays in the WASM memory).
 */
import type { Tree } from 'web-tree-sitter';
import type { Extraction, PreviousExtraction } from './extraction.js';
import { reparse } from './incremental-parse.js';
import { parseText } from './outline.js';
import type { LoadedLanguage } from './runtime.js';
import { computeEdit } from './text-edit.js';

/**
 * Texts over this size keep their outline but not their tree (~24 bytes of WASM memory per character, kept
 * until the runtime is recycled, which the next parse then does): an edit re-parses in full
 * (docs/performance.md, "Memory").
 */
export const BIG_TREE_BYTES = 1024 * 1024;

/** A file's previous version, as far as an incremental parse is concerned. */
export interface PreviousVersion {
  text: string;
  tree: Tree | undefined;
  /** Its query extraction, when its outline came from one (the outline update starts from it). */
  extraction: Extraction | undefined;
}

/** Full and incremental parses, counted. */
export class TreeParser {
  readonly counts = { fullParses: 0, incrementalParses: 0, freshReparses: 0 };
  /** A text over BIG_TREE_BYTES was parsed since the last recycle (the cache clears it when it recycles). */
  bigParse = false;

  /** A full parse of `text`. */
  parse(loaded: LoadedLanguage, text: string): Tree {
    this.counts.fullParses++;
    if (text.length > BIG_TREE_BYTES / 4 && Buffer.byteLength(text, 'utf8') > BIG_TREE_BYTES)
      this.bigParse = true;
    return parseText(loaded, text);
  }

  /** Incremental parse; keeps what the outline update needs when the old version had an extraction. */
  reparse(
    loaded: LoadedLanguage,
    old: PreviousVersion,
    text: string,
  ): { tree: Tree; previous?: PreviousExtraction } {
    // The parser saw the prepared texts (same lengths): the edit it needs is between those.
    const prepare = loaded.hooks.prepareText ?? ((t: string) => t);
    const edit = computeEdit(prepare(old.text), prepare(text));
    if (!edit || !old.tree) return { tree: this.parse(loaded, text) };
    this.counts.incrementalParses++;
    const { tree, changed, fresh } = reparse(loaded, old.tree, text, edit);
    if (fresh) this.counts.freshReparses++;
    if (!old.extraction) return { tree };
    return { tree, previous: { extraction: old.extraction, edit, changed } };
  }
}
