/**
 * The incremental re-parse after an edit (docs/performance.md, "broken code"). tree-sitter's error recovery
 * reuses subtrees of the old tree, so a re-parse that leaves syntax errors may recover differently from a
 * fresh parse of the same text: a Java method header deleted, a TSX line copied into a function, a Swift brace
 * restored after several broken edits gave other symbols than a fresh parse (found by the differential test,
 * test/syntax/update-differential.test.ts), and so the outline — and what a locate string finds — would depend
 * on the edit history. A text with errors up to FRESH_REPARSE_MAX_CHARS is therefore parsed afresh as well
 * (the outline update still re-queries only a window: tree-sitter's changed ranges between the two trees are
 * structural, empty where they agree). Bigger texts keep the incremental tree: a fresh parse of a 5,000-line
 * file costs 33–80 ms, over the re-locate target on its own; their outline may follow the edit history while
 * the errors last.
 */
import type { Edit, Range, Tree } from 'web-tree-sitter';
import { parseText } from './outline.js';
import type { LoadedLanguage } from './runtime.js';

/** Texts with errors up to this length are parsed afresh after an incremental parse (~4 ms at 16 K under load). */
export const FRESH_REPARSE_MAX_CHARS = 16 * 1024;

/** The new tree, tree-sitter's changed ranges since `old` (new-text offsets), and whether it was parsed afresh. */
export interface Reparsed {
  tree: Tree;
  changed: Range[];
  fresh: boolean;
}

/** Parses `text` from `old`, which `edit` turned into it; `old` stays the caller's to delete. */
export function reparse(loaded: LoadedLanguage, old: Tree, text: string, edit: Edit): Reparsed {
  const small = text.length <= FRESH_REPARSE_MAX_CHARS;
  const oldHadErrors = old.rootNode.hasError;
  old.edit(edit);
  // A text that had errors mostly has them after the next edit too, and then the incremental parse would be
  // thrown away for a fresh one (and cost more than it: its error recovery weighs every reused subtree).
  if (small && oldHadErrors) {
    const tree = parseText(loaded, text);
    return { tree, changed: old.getChangedRanges(tree), fresh: true };
  }
  const incremental = parseText(loaded, text, old);
  const changed = old.getChangedRanges(incremental);
  if (!incremental.rootNode.hasError || !small) {
    return { tree: incremental, changed, fresh: false };
  }
  const tree = parseText(loaded, text);
  try {
    changed.push(...incremental.getChangedRanges(tree));
  } finally {
    incremental.delete();
  }
  return { tree, changed, fresh: true };
}
