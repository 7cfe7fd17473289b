/**
 * Document sync: what each server has open, at which version and with which text, so answers never come from
 * stale text. The caller passes a file's current text with every request; the store sends `didOpen` the first
 * time and a full-text `didChange` whenever the text differs from the server's copy. Other open files are checked
 * against the disk (their stamps: identity, size, mtime, ctime) before each request, so an out-of-band edit reaches the server too. At most
 * `maxOpen` files stay open; the least recently used is closed (servers then read it from disk again).
 * For servers that answer cross-file requests from an index (clangd, bash-language-server), files opened or changed
 * behind the request are awaited (their diagnostics, bounded) before the next cross-file request.
 */
import { fileStamp } from '../workspace/files.js';
import { readTextFile } from '../workspace/read-file.js';
import {
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  FileChangeType,
} from 'vscode-languageserver-protocol';
import { LineIndex } from '../core/index.js';
import { LruMap } from '../core/lru-map.js';
import { waitFor, Wakeup } from '../core/wait-for.js';
import type { LspConnection } from './connection.js';
import type { FileChange } from './types.js';
import { pathToUri, uriKey, uriToPath } from './uri.js';

interface OpenDocument {
  uri: string;
  path: string;
  version: number;
  text: string;
  index: LineIndex | undefined;
  /** The file's stamp when the server's copy was last equal to the disk (`fileStamp`). */
  stamp: string;
}

/** Files whose line index stays cached for position conversion (about 100 bytes a line each). */
const DISK_CACHE_FILES = 4096;

/** Open documents of one server. */
export class DocumentStore {
  /** In least-recently-synced order; the evicted ones wait in `evicted` for their didClose. */
  private readonly docs: LruMap<string, OpenDocument>;
  private evicted: OpenDocument[] = [];
  /** Line indexes of files read from disk (utf-8/utf-32 position conversion), kept while their stamp holds. */
  private readonly diskCache = new LruMap<string, { stamp: string; index: LineIndex | undefined }>({
    maxEntries: DISK_CACHE_FILES,
  });
  /** URIs whose disk cache entry was checked since the last sync (one stat per file per request). */
  private readonly diskChecked = new Set<string>();
  /**
   * Files opened or changed behind the request (see `settled`), with the version sent, until the server published
   * diagnostics for that version (or, for a server that does not say which version a set is for, for any).
   */
  private readonly unsettled = new Map<string, number>();
  private readonly allSettled = new Wakeup();

  constructor(
    private readonly connection: LspConnection,
    private readonly languageIdOf: (absPath: string) => string,
    /** Wait for the server to process files changed behind the request (see `settled`). */
    private readonly trackProcessing = false,
    maxOpen = 64,
  ) {
    this.docs = new LruMap({
      maxEntries: maxOpen,
      dispose: (doc, _uri, reason) => {
        if (reason === 'evict') this.evicted.push(doc);
      },
    });
  }

  /**
   * Makes the server's copy of `absPath` equal to `text` (didOpen or didChange); returns the document URI. `behind`:
   * the change is not the caller's request (a text given back after a verification), so the next cross-file request
   * waits until the server processed it, like a change on disk (`settled`).
   */
  async sync(absPath: string, text: string, behind = false): Promise<string> {
    this.diskChecked.clear();
    const uri = pathToUri(absPath);
    const doc = this.docs.get(uri);
    if (doc === undefined) {
      await this.open(uri, absPath, text);
      await this.closeEvicted();
    } else {
      if (doc.text !== text) await this.change(doc, text, behind);
      this.stamp(doc);
    }
    await this.refreshStale(uri);
    return uri;
  }

  /** Tells the server the new content of an open file (after Locus applied edits); false when it is not open. */
  async documentChanged(absPath: string, text: string): Promise<boolean> {
    const doc = this.docs.peek(pathToUri(absPath));
    if (doc === undefined) return false;
    if (doc.text !== text) await this.change(doc, text, true);
    this.stamp(doc);
    return true;
  }

  /** Tells the server about files changed on disk (`workspace/didChangeWatchedFiles`). */
  async watchedFilesChanged(changes: FileChange[]): Promise<void> {
    const type = {
      created: FileChangeType.Created,
      changed: FileChangeType.Changed,
      deleted: FileChangeType.Deleted,
    };
    await this.connection.notify(DidChangeWatchedFilesNotification.type, {
      changes: changes.map((c) => ({ uri: pathToUri(c.path), type: type[c.kind] })),
    });
  }

  /** Brings open documents in line with changes on disk (deleted → didClose, else re-read). */
  async filesChanged(changes: FileChange[]): Promise<void> {
    for (const change of changes) {
      const doc = this.docs.peek(pathToUri(change.path));
      if (doc === undefined) continue;
      if (change.kind === 'deleted') await this.close(doc);
      else await this.reread(doc);
    }
  }

  /** Opens files from disk that are not open yet (unreadable files are skipped). */
  async openFromDisk(paths: string[]): Promise<void> {
    for (const path of paths) {
      let text: string;
      try {
        text = readTextFile(path).text;
      } catch {
        continue;
      }
      await this.openChanged(path, text);
    }
  }

  /** Opens a changed file with the given text (unless open) and expects the server to process it. */
  async openChanged(path: string, text: string): Promise<void> {
    const uri = pathToUri(path);
    if (this.docs.has(uri)) return;
    if (this.trackProcessing) this.unsettled.set(uriKey(uri), 1);
    await this.open(uri, path, text);
    await this.closeEvicted();
  }

  /**
   * Called for every final publishDiagnostics: the server has processed that file, up to `version` when the server
   * says. A set (or clangd's "idle") for a version older than the last change does not count: it was on its way
   * while the change was, and an answer asked now would still come from the old text.
   */
  diagnosticsArrived(uri: string, version?: number): void {
    const key = uriKey(uri);
    const expected = this.unsettled.get(key);
    if (expected === undefined || (version !== undefined && version < expected)) return;
    this.unsettled.delete(key);
    if (this.unsettled.size === 0) this.allSettled.wake();
  }

  /**
   * Waits (bounded) until files opened by `openFromDisk` have been processed, so that a cross-file answer does not
   * come from the server's stale index (clangd answers from its background index until the new AST is built).
   */
  async settled(timeoutMs: number): Promise<boolean> {
    if (this.unsettled.size === 0) return true;
    await waitFor(this.allSettled.next, timeoutMs);
    const settled = this.unsettled.size === 0;
    this.unsettled.clear();
    return settled;
  }

  /** Line index of the text the server has for a URI: the open copy, else the file on disk. */
  linesOf(uri: string): LineIndex | undefined {
    const doc = this.docs.peek(uri);
    if (doc !== undefined) return (doc.index ??= new LineIndex(doc.text));
    const cached = this.diskCache.get(uri);
    if (cached && this.diskChecked.has(uri)) return cached.index;
    const path = uriToPath(uri);
    const stamp = path === undefined ? 'none' : fileStamp(path);
    this.diskChecked.add(uri);
    if (cached && cached.stamp === stamp) return cached.index;
    let index: LineIndex | undefined;
    try {
      if (path !== undefined) index = new LineIndex(readTextFile(path).text);
    } catch {
      index = undefined;
    }
    this.diskCache.set(uri, { stamp, index });
    return index;
  }

  /** The version of an open document the server last heard (undefined when it is not open). */
  versionOf(uri: string): number | undefined {
    return this.docs.peek(uri)?.version;
  }

  /** URIs currently open on the server. */
  openUris(): string[] {
    return [...this.docs.keys()];
  }

  private async open(uri: string, path: string, text: string): Promise<void> {
    const doc: OpenDocument = {
      uri,
      path,
      version: 1,
      text,
      index: undefined,
      stamp: '',
    };
    this.stamp(doc);
    this.docs.set(uri, doc);
    await this.connection.notify(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: this.languageIdOf(path), version: doc.version, text },
    });
  }

  private async change(doc: OpenDocument, text: string, behind = false): Promise<void> {
    doc.version += 1;
    if (behind && this.trackProcessing) this.unsettled.set(uriKey(doc.uri), doc.version);
    if (process.env.LOCUS_LSP_TRACE) console.error('[locus lsp] didChange', doc.uri, doc.version);
    doc.text = text;
    doc.index = undefined;
    await this.connection.notify(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: doc.uri, version: doc.version },
      contentChanges: [{ text }],
    });
  }

  private async close(doc: OpenDocument): Promise<void> {
    this.docs.delete(doc.uri);
    await this.connection.notify(DidCloseTextDocumentNotification.type, { textDocument: { uri: doc.uri } });
  }

  private async reread(doc: OpenDocument): Promise<void> {
    let text: string;
    try {
      text = readTextFile(doc.path).text;
    } catch {
      return this.close(doc);
    }
    if (text !== doc.text) await this.change(doc, text, true);
    this.stamp(doc);
  }

  private async refreshStale(current: string): Promise<void> {
    for (const doc of this.docs.values()) {
      if (doc.uri === current) continue;
      const stamp = fileStamp(doc.path);
      if (stamp === 'missing') await this.close(doc);
      else if (stamp !== doc.stamp) await this.reread(doc);
    }
  }

  private stamp(doc: OpenDocument): void {
    doc.stamp = fileStamp(doc.path);
  }

  /** Sends didClose for the documents the bound evicted (the least recently synced). */
  private async closeEvicted(): Promise<void> {
    for (const doc of this.evicted.splice(0)) {
      await this.connection.notify(DidCloseTextDocumentNotification.type, { textDocument: { uri: doc.uri } });
    }
  }
}
