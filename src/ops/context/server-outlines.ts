/**
 * Outlines of files in a language the configuration declares without a grammar (docs/configuration.md, "A language
 * without a grammar"), asked of that language's server (`textDocument/documentSymbol`) and cached per file content.
 * The context that owns the servers attaches it to the locator's syntax service, so symbol scopes, `outline` and
 * `describe` work for such files in every face.
 */
import { basename } from 'node:path';
import { LocusError } from '../../core/errors.js';
import { LruMap } from '../../core/lru-map.js';
import type { Outline } from '../../locate/outline.js';
import { declaredLanguages, loadLspConfig } from '../../lsp/config.js';
import { LspManager } from '../../lsp/manager.js';
import { outlineFromServer, type ServerOutlines, type ServerSymbol } from '../locating/server-outline.js';
import type { SyntaxService } from '../locating/syntax-service.js';

/** Outlines kept (each checked against the file's text before it is reused). */
const CACHED_OUTLINES = 256;

/** ServerOutlines from the manager's servers. */
class ManagerOutlines implements ServerOutlines {
  private readonly cache = new LruMap<string, { text: string; outline: Outline }>({
    maxEntries: CACHED_OUTLINES,
  });

  constructor(
    private readonly lsp: LspManager,
    private readonly declared: ReadonlySet<string>,
  ) {}

  serves(language: string): boolean {
    const entry = this.lsp.config.languages[language];
    return this.declared.has(language) && entry?.enabled !== false && entry?.command !== undefined;
  }

  async outline(absPath: string, language: string, text: string): Promise<Outline> {
    const cached = this.cache.get(absPath);
    if (cached !== undefined && cached.text === text) return cached.outline;
    const session = this.lsp.sessionFor(absPath);
    let answer = await session.documentSymbol(absPath, text);
    // A server that reads the file in the background answers none until it has (vim-language-server): an empty
    // answer of a server not ready yet is asked again once it is (document symbols themselves never wait).
    if (isEmpty(answer.result) && text.trim() !== '' && !session.info().ready) {
      await session.waitUntilReady(undefined, { absPath, text });
      answer = await session.documentSymbol(absPath, text);
    }
    if (!Array.isArray(answer.result)) {
      throw new LocusError('SERVER_FAILED', `${this.serverName(language)} answered no symbol list.`, {
        hint: 'Use a line scope or a find without a scope; they work without an outline.',
      });
    }
    const symbols = answer.result as unknown as ServerSymbol[];
    const outline = outlineFromServer(language, this.serverName(language), text, symbols);
    // An empty answer is asked again next time (a server may still be reading the file).
    if (outline.symbols.length > 0) this.cache.set(absPath, { text, outline });
    return outline;
  }

  /** The executable's name (`vim-language-server`), as the notes name the server. */
  private serverName(language: string): string {
    const command = this.lsp.config.languages[language]?.command;
    return command === undefined ? language : basename(command);
  }
}

function isEmpty(result: unknown): boolean {
  return Array.isArray(result) && result.length === 0;
}

/**
 * Gives `syntax` the outlines of the languages `lsp`'s configuration declares without a grammar; does nothing when
 * it declares none (no server is ever started for a grammar's language here).
 */
export function attachServerOutlines(syntax: SyntaxService, lsp: LspManager): void {
  const declared = new Set(
    [...declaredLanguages(lsp.config.languages).byExtension.values()].map((d) => d.key),
  );
  if (declared.size === 0) return;
  syntax.serverOutlines = new ManagerOutlines(lsp, declared);
}

/**
 * For a command that runs without an operations context (the CLI's offline commands): when the root's configuration
 * declares a language without a grammar, a server manager whose servers give those outlines, started only if such a
 * file's symbols are asked; the returned function stops them. Nothing is made when none is declared.
 */
export function serverOutlinesFor(syntax: SyntaxService, root: string, trust: boolean): () => Promise<void> {
  let loaded;
  try {
    loaded = loadLspConfig(root, {}, trust ? { trust: true } : {});
  } catch {
    return async () => {}; // the locator reports an invalid configuration itself
  }
  if (declaredLanguages(loaded.config.languages).byExtension.size === 0) return async () => {};
  const lsp = new LspManager({ workspaceRoot: root, loaded });
  attachServerOutlines(syntax, lsp);
  return () => lsp.closeAll();
}
