/**
 * The syntax layer as the operations see it: outlines per file content (cached, incrementally
 * re-parsed) and the identifier under a cursor.
 */
import type { Span } from '../core/positions.js';
import type { Outline } from '../locate/outline.js';
import { TreeCache } from '../syntax/tree-cache.js';

/** The identifier under a cursor and its syntactic role. */
export interface IdentifierInfo {
  text: string;
  span: Span;
  role: string;
}

/** What ops need from tree-sitter. */
export interface SyntaxService {
  /** The outline of `text` (cached by path and content). */
  outline(key: string, language: string, text: string): Promise<Outline>;
  /** The identifier at `offset`, or undefined on whitespace/punctuation (cached tree of `key`). */
  identifierAt(
    key: string,
    language: string,
    text: string,
    offset: number,
  ): Promise<IdentifierInfo | undefined>;
  /** Releases every tree. */
  close(): void;
}

/** A SyntaxService backed by the tree cache. */
export function createSyntaxService(options: { maxBytes?: number } = {}): SyntaxService {
  const cache = new TreeCache(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes });
  return {
    outline: (key, language, text) => cache.outline(key, language, text),
    identifierAt: (key, language, text, offset) => cache.identifierAt(key, language, text, offset),
    close: () => cache.close(),
  };
}
