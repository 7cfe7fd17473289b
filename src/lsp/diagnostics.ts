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

  /** Records the text the server now has; a new text means fresh diagnostics are on their way. */
  noteSync(uri: string, text: string): void {
    const key = uriKey(uri);
    if (this.texts.get(key) === text) return;
    this.texts.set(key, text);
    this.awaiting.add(key);
  }

  /** A `textDocument/publishDiagnostics` arrived. */
  arrived(uri: string, diagnostics: Diagnostic[]): void {
    const key = uriKey(uri);
    this.lists.set(key, diagnostics);
    this.arrivals.set(key, performance.now());
    this.awaiting.delete(key);
    this.wakeups.get(key)?.wake();
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
      const due = this.awaiting.has(key) || !this.lists.has(key);
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

  /** The document's diagnostics, waiting up to `timeoutMs` when fresh ones are still due. */
  async current(uri: string, timeoutMs: number): Promise<Diagnostic[]> {
    const key = uriKey(uri);
    if (this.awaiting.has(key)) await this.nextArrival(key, timeoutMs);
    return this.lists.get(key) ?? [];
  }
}
