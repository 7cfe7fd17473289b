/**
 * The latest published diagnostics per document. Code actions need them: quick fixes are offered
 * for diagnostics the client passes back, so an empty list gets only refactorings. After a document
 * changes, callers can wait (bounded) for the server's fresh diagnostics of it.
 */
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { waitFor, Wakeup } from '../core/wait-for.js';
import { uriKey } from './uri.js';

/** Diagnostics as the server published them (server position encoding). */
export class DiagnosticsStore {
  private readonly lists = new Map<string, Diagnostic[]>();
  private readonly texts = new Map<string, string>();
  private readonly awaiting = new Set<string>();
  /** Per document: wakes its waiters when diagnostics arrive. */
  private readonly wakeups = new Map<string, Wakeup>();
  private readonly arrivals = new Map<string, number>();
  /** Documents the server says it is still building (clangd's file status): their last set may be provisional. */
  private readonly busy = new Set<string>();
  /** The document version the server last heard, per document: a set for an older version is stale. */
  private readonly versions = new Map<string, number>();

  /** The document version of the last set, per document (servers that say which version a set is for). */
  private readonly published = new Map<string, number>();

  /**
   * Records the text the server now has; a new text means fresh diagnostics are on their way — unless the set for
   * this very version has arrived already (the text reached the server another way: an applied edit).
   */
  noteSync(uri: string, text: string, version?: number): void {
    const key = uriKey(uri);
    if (version !== undefined) this.versions.set(key, version);
    if (this.texts.get(key) === text) return;
    this.texts.set(key, text);
    if (version === undefined || this.published.get(key) !== version) this.awaiting.add(key);
  }

  /**
   * The server's build state of a document (clangd's file status): while it rebuilds a file's includes it publishes a
   * set made with the old ones first, so a set is final only once the file is idle again.
   */
  status(uri: string, idle: boolean): void {
    const key = uriKey(uri);
    if (idle === !this.busy.has(key)) return;
    if (idle) this.busy.delete(key);
    else this.busy.add(key);
    // A change of state is activity: the quiet period counts from it (idle can come between two sets).
    this.arrivals.set(key, performance.now());
    this.wakeups.get(key)?.wake();
  }

  /** The document version the server's last set was for (undefined when it does not say). */
  publishedVersion(uri: string): number | undefined {
    return this.published.get(uriKey(uri));
  }

  /** True while the server says it is building the document (see `status`). */
  isBusy(uri: string): boolean {
    return this.busy.has(uriKey(uri));
  }

  /**
   * A `textDocument/publishDiagnostics` arrived; false when it names an older version of the document than the
   * server has heard since (a set computed before the last change: not kept).
   */
  arrived(uri: string, diagnostics: Diagnostic[], version?: number): boolean {
    const key = uriKey(uri);
    const expected = this.versions.get(key);
    if (version !== undefined && expected !== undefined && version < expected) return false;
    if (version !== undefined) this.published.set(key, version);
    this.lists.set(key, diagnostics);
    this.arrivals.set(key, performance.now());
    this.awaiting.delete(key);
    this.wakeups.get(key)?.wake();
    return true;
  }

  /**
   * The document's diagnostics once the server has gone quiet: fresh ones arrived (or none were due) and no new
   * set came for `quietMs` (servers publish a syntax pass before the semantic one). `settled` is false when the
   * `deadline` (a `performance.now()` time) passed first.
   */
  async settle(
    uri: string,
    quietMs: number,
    deadline: number,
    since = -Infinity,
  ): Promise<{ list: Diagnostic[]; settled: boolean }> {
    const key = uriKey(uri);
    for (;;) {
      const due = this.awaiting.has(key) || this.busy.has(key) || !this.lists.has(key);
      const sinceLast = performance.now() - Math.max(since, this.arrivals.get(key) ?? -Infinity);
      const remaining = deadline - performance.now();
      if (!due && sinceLast >= quietMs) return { list: this.lists.get(key) ?? [], settled: true };
      if (remaining <= 0) return { list: this.lists.get(key) ?? [], settled: false };
      await this.nextArrival(key, Math.min(remaining, due ? remaining : quietMs - sinceLast));
    }
  }

  private async nextArrival(key: string, timeoutMs: number): Promise<void> {
    let wakeup = this.wakeups.get(key);
    if (wakeup === undefined) this.wakeups.set(key, (wakeup = new Wakeup()));
    await waitFor(wakeup.next, timeoutMs);
  }

  /**
   * The document's diagnostics, waiting up to `timeoutMs` when fresh ones are still due or the server is still
   * building the document (a set published meanwhile is provisional: see `status`).
   */
  async current(uri: string, timeoutMs: number): Promise<Diagnostic[]> {
    const key = uriKey(uri);
    const deadline = performance.now() + timeoutMs;
    while (this.awaiting.has(key) || this.busy.has(key)) {
      const remaining = deadline - performance.now();
      if (remaining <= 0) break;
      await this.nextArrival(key, remaining);
    }
    return this.lists.get(key) ?? [];
  }
}
