/**
 * The syntax layer as the operations see it: outlines per file content (cached, incrementally
 * re-parsed) and the identifier under a cursor.
 */
import { LruMap } from '../core/lru-map.js';
import type { Outline } from '../locate/outline.js';
import type { FileView } from '../locate/resolve-core.js';
import type { IdentifierInfo } from '../syntax/identifier.js';
import { TreeCache } from '../syntax/tree-cache.js';

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
  /** File views (line index included) by absolute path, reused while text and outline are the same objects. */
  readonly views: LruMap<string, FileView>;
  /** Releases every tree and view. */
  close(): void;
}

/** Views kept per syntax service (see `SyntaxService.views`). */
const VIEW_CACHE_ENTRIES = 64;

/** A SyntaxService backed by the tree cache. */
export function createSyntaxService(options: { maxBytes?: number } = {}): SyntaxService {
  const cache = new TreeCache(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes });
  const views = new LruMap<string, FileView>({ maxEntries: VIEW_CACHE_ENTRIES });
  return {
    views,
    outline: (key, language, text) => cache.outline(key, language, text),
    identifierAt: (key, language, text, offset) => cache.identifierAt(key, language, text, offset),
    close: () => {
      views.clear();
      cache.close();
    },
  };
}
