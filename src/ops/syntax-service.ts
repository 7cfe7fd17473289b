/**
 * The syntax layer as the operations see it: outlines per file content (cached, incrementally
 * re-parsed) and the identifier under a cursor.
 */
import type { Outline } from '../locate/outline.js';
import { TreeCache } from '../syntax/tree-cache.js';

/** What ops need from tree-sitter. */
export interface SyntaxService {
  /** The outline of `text` (cached by path and content). */
  outline(key: string, language: string, text: string): Promise<Outline>;
  /** Releases every tree. */
  close(): void;
}

/** A SyntaxService backed by the tree cache. */
export function createSyntaxService(options: { maxBytes?: number } = {}): SyntaxService {
  const cache = new TreeCache(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes });
  return {
    outline: (key, language, text) => cache.outline(key, language, text),
    close: () => cache.close(),
  };
}
