/**
 * Readiness: has the server finished loading the project? Answers given before that can silently miss files
 * (pyright before its workspace scan, clangd before its background index, bash-language-server before its
 * background analysis). Each adapter names its signals; any one of them makes the server ready.
 */
import type { ProgressToken } from 'vscode-languageserver-protocol';
import { waitFor, Wakeup } from '../core/wait-for.js';

/** One way a server says it is ready. */
export type ReadySignal =
  /** Requests block until the project is loaded (TS 7, tsls without syntax server, gopls): ready at once. */
  | { kind: 'immediate' }
  /** A `$/progress` whose `begin` title matches, once it `end`s. */
  | { kind: 'progress'; title: RegExp }
  /** A `window/logMessage` (or showMessage) whose text matches. */
  | { kind: 'log'; pattern: RegExp }
  /** The first `textDocument/publishDiagnostics`. */
  | { kind: 'diagnostics' };

/** Tracks one server instance's readiness from its notifications. */
export class Readiness {
  private readonly signals: ReadySignal[];
  private readonly startedAt = performance.now();
  private readonly watched = new Set<ProgressToken>();
  private readyAfter: number | undefined;
  private readonly wakeup = new Wakeup();

  constructor(signals: ReadySignal[]) {
    this.signals = signals;
    if (signals.length === 0 || signals.some((s) => s.kind === 'immediate')) this.markReady();
  }

  /** True once any signal has been seen. */
  get ready(): boolean {
    return this.readyAfter !== undefined;
  }

  /** Milliseconds from the server's start to its ready signal, once ready. */
  get readyAfterMs(): number | undefined {
    return this.readyAfter;
  }

  /** Feeds a `$/progress` notification. */
  progress(token: ProgressToken, value: unknown): void {
    if (this.ready || typeof value !== 'object' || value === null) return;
    const report = value as { kind?: string; title?: string };
    if (report.kind === 'begin') {
      const title = report.title ?? '';
      if (this.signals.some((s) => s.kind === 'progress' && s.title.test(title))) this.watched.add(token);
    } else if (report.kind === 'end' && this.watched.has(token)) {
      this.markReady();
    }
  }

  /** Feeds a log or show message. */
  log(message: string): void {
    if (!this.ready && this.signals.some((s) => s.kind === 'log' && s.pattern.test(message)))
      this.markReady();
  }

  /** Feeds a publishDiagnostics notification. */
  diagnostics(): void {
    if (!this.ready && this.signals.some((s) => s.kind === 'diagnostics')) this.markReady();
  }

  /** Resolves when ready or when `deadline` (a `performance.now()` time) passes, whichever is first. */
  async wait(deadline: number): Promise<void> {
    if (this.ready) return;
    const remaining = deadline - performance.now();
    if (remaining <= 0) return;
    await waitFor(this.wakeup.next, remaining);
  }

  /** Wakes every waiter (used when the server dies while they wait). */
  release(): void {
    this.wakeup.wake();
  }

  private markReady(): void {
    this.readyAfter = performance.now() - this.startedAt;
    this.release();
  }
}
