/**
 * The syntax layer as the operations see it: outlines per file content (cached, incrementally
 * re-parsed) and the identifier under a cursor.
 */
import { LruMap } from '../../core/lru-map.js';
import type { Span } from '../../core/positions.js';
import type { OutlineStore } from '../../index/outline-store.js';
import type { Outline } from '../../locate/outline.js';
import type { FileView } from '../../locate/resolve-core.js';
import type { IdentifierInfo } from '../../syntax/identifier.js';
import type { TreeCache } from '../../syntax/tree-cache.js';
import type { ServerOutlines } from './server-outline.js';

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
  /** `identifierAt` for several offsets of one text (one look at the tree), in their order. */
  identifiersAt(
    key: string,
    language: string,
    text: string,
    offsets: readonly number[],
  ): Promise<(IdentifierInfo | undefined)[]>;
  /** Whether `name` written in place of `span` reads as one identifier of the language (cached tree of `key`). */
  nameFits(key: string, language: string, text: string, span: Span, name: string): Promise<boolean>;
  /** The comment spans of `text` (cached tree of `key`), for the matcher's comment rule. */
  comments(key: string, language: string, text: string): Promise<readonly Span[]>;
  /** File views (line index included) by absolute path, reused while text and outline are the same objects. */
  readonly views: LruMap<string, FileView>;
  /**
   * Outlines of languages without a grammar, from their servers (set by whoever owns the servers: the operations
   * context, or a one-shot command when the config declares such a language).
   */
  serverOutlines?: ServerOutlines;
  /** Releases every tree and view. */
  close(): void;
}

/** Views kept per syntax service (see `SyntaxService.views`). */
const VIEW_CACHE_ENTRIES = 64;

/**
 * A SyntaxService backed by the tree cache; with `store`, outlines are also kept on disk by content, and
 * one found there is used without loading tree-sitter (one-shot processes: docs/performance.md, "Cold start").
 */
export function createSyntaxService(
  options: { maxBytes?: number; store?: OutlineStore } = {},
): SyntaxService {
  // tree-sitter's modules load with the first parse: an outline from `store` needs none of them.
  let cache: TreeCache | undefined;
  const trees = async (): Promise<TreeCache> => {
    if (cache) return cache;
    const { TreeCache } = await import('../../syntax/tree-cache.js');
    cache ??= new TreeCache(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes });
    return cache;
  };
  const views = new LruMap<string, FileView>({ maxEntries: VIEW_CACHE_ENTRIES });
  const { store } = options;
  // The same outline object for the same text, so views built on it are reused (`locus check` batches).
  const stored = new LruMap<string, { text: string; outline: Outline }>({ maxEntries: VIEW_CACHE_ENTRIES });
  const outline = async (key: string, language: string, text: string): Promise<Outline> => {
    if (!store || cache?.holds(key, text)) return (await trees()).outline(key, language, text);
    const known = stored.get(key);
    if (known?.text === text) return known.outline;
    let found = store.get(language, text);
    if (!found) {
      found = await (await trees()).outline(key, language, text);
      store.put(language, text, found);
    }
    stored.set(key, { text, outline: found });
    return found;
  };
  return {
    views,
    outline,
    identifierAt: async (key, language, text, offset) =>
      (await trees()).identifierAt(key, language, text, offset),
    identifiersAt: async (key, language, text, offsets) =>
      (await trees()).identifiersAt(key, language, text, offsets),
    nameFits: async (key, language, text, span, name) =>
      (await trees()).nameFits(key, language, text, span, name),
    comments: async (key, language, text) => (await trees()).comments(key, language, text),
    close: () => {
      views.clear();
      stored.clear();
      cache?.close();
    },
  };
}
