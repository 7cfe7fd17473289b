/**
 * Readiness: has the server finished loading the project? Answers given before that can silently miss files
 * (pyright before its workspace scan, clangd before its background index, rust-analyzer before `cargo metadata`,
 * bash-language-server before its background analysis). Each adapter names its signals; any one of them makes
 * the server ready. A server Locus knows nothing about gets the generic rule (`settled`), and when no signal
 * comes within the bound the answers say so (docs/languages.md, "Readiness").
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
  | { kind: 'diagnostics' }
  /**
   * A server's own status notification that says "ready" (true) or "loading" (false), or nothing (undefined):
   * rust-analyzer's `experimental/serverStatus` `quiescent`. Unlike the others it can take readiness back.
   */
  | {
      kind: 'status';
      method: string;
      ready: (params: unknown) => boolean | undefined;
      /** What the notification says is wrong with the project (its answers are then marked), if anything. */
      problem?: (params: unknown) => string | undefined;
    }
  /**
   * The generic rule: some work was seen to finish (a work-done progress ended, or diagnostics were published), no
   * work-done progress is running, and none began or ended for `quietMs`.
   */
  | { kind: 'settled'; quietMs: number };

/** The generic readiness of a server given by `command` that no recipe describes. */
export const GENERIC_READINESS: ReadySignal[] = [{ kind: 'settled', quietMs: 500 }];

/** Tracks one server instance's readiness from its notifications. */
export class Readiness {
  private readonly signals: ReadySignal[];
  private readonly startedAt = performance.now();
  private readonly watched = new Set<ProgressToken>();
  /** Work-done progress running now: token → title (all tokens, for `settled` and for the words of `describe`). */
  private readonly running = new Map<ProgressToken, string>();
  private readyAfter: number | undefined;
  /** A `status` signal said "loading" after the server had been ready. */
  private lost = false;
  private finishedWork = false;
  private lastActivity = performance.now();
  private heard = false;
  private statusMessage: string | undefined;
  /** What the server's last status said is wrong with the project (rust-analyzer: no standard library). */
  problem: string | undefined;
  private readonly wakeup = new Wakeup();
  private readonly settle: number | undefined;
  /** `performance.now()` time after which waits for readiness stop (see `restartBound`). */
  deadline: number;

  /** `boundMs`: how long a request waits for readiness, counted from `restartBound`. */
  constructor(
    signals: ReadySignal[],
    private readonly boundMs = 15_000,
  ) {
    this.signals = signals;
    this.settle = signals.find((s) => s.kind === 'settled')?.quietMs;
    this.deadline = performance.now() + boundMs;
    if (signals.length === 0 || signals.some((s) => s.kind === 'immediate')) this.markReady();
  }

  /** True while the server counts as ready. */
  get ready(): boolean {
    if (this.readyAfter !== undefined && !this.lost) return true;
    if (this.settledNow()) this.markReady();
    return this.readyAfter !== undefined && !this.lost;
  }

  /** Milliseconds from the server's start to its first ready signal, once ready. */
  get readyAfterMs(): number | undefined {
    return this.readyAfter;
  }

  /** (Re)starts the bound of the waits: after `initialize`, at the first document sync, and when readiness is lost. */
  restartBound(): void {
    this.deadline = performance.now() + this.boundMs;
  }

  /** Feeds a `$/progress` notification. */
  progress(token: ProgressToken, value: unknown): void {
    if (typeof value !== 'object' || value === null) return;
    const report = value as { kind?: string; title?: string; message?: string };
    this.heard = true;
    if (report.kind === 'begin') {
      const title = report.title ?? '';
      this.running.set(token, title);
      this.lastActivity = performance.now();
      if (this.signals.some((s) => s.kind === 'progress' && s.title.test(title))) this.watched.add(token);
    } else if (report.kind === 'report' && report.message && this.running.has(token)) {
      this.running.set(token, `${this.running.get(token)?.split(':')[0] ?? ''}: ${report.message}`);
    } else if (report.kind === 'end') {
      this.running.delete(token);
      this.lastActivity = performance.now();
      this.finishedWork = true;
      if (this.watched.delete(token)) this.markReady();
    }
  }

  /** Feeds a log or show message. */
  log(message: string): void {
    if (this.signals.some((s) => s.kind === 'log' && s.pattern.test(message))) {
      this.heard = true;
      this.markReady();
    }
  }

  /** Feeds a publishDiagnostics notification. */
  diagnostics(): void {
    this.heard = true;
    this.finishedWork = true;
    this.lastActivity = performance.now();
    if (this.signals.some((s) => s.kind === 'diagnostics')) this.markReady();
  }

  /** Feeds any other notification (a `status` signal's method). */
  notification(method: string, params: unknown): void {
    for (const signal of this.signals) {
      if (signal.kind !== 'status' || signal.method !== method) continue;
      this.heard = true;
      const message = (params as { message?: unknown } | null)?.message;
      this.statusMessage = typeof message === 'string' && message !== '' ? message : undefined;
      if (signal.problem) this.problem = signal.problem(params);
      const verdict = signal.ready(params);
      if (verdict === true) this.markReady();
      else if (verdict === false) this.lose();
    }
  }

  /** Takes readiness back until a signal gives it again (a status said "loading" after "ready"). */
  lose(): void {
    if (this.readyAfter === undefined || this.lost) return;
    this.lost = true;
    this.restartBound();
  }

  /** Resolves when ready or when `deadline` (a `performance.now()` time) passes, whichever is first. */
  async wait(deadline: number): Promise<void> {
    while (!this.ready) {
      const now = performance.now();
      if (deadline <= now) return;
      // The generic rule has no event of its own: look again when the quiet period could have passed.
      const recheck = this.settle === undefined ? deadline : this.lastActivity + this.settle + 1;
      await waitFor(this.wakeup.next, Math.max(1, Math.min(deadline, recheck) - now));
    }
  }

  /** Why the server does not count as ready, in words that follow its name ("was still loading …"). */
  describe(): string {
    if (!this.heard) return 'gave no sign of readiness (no progress, status or diagnostics)';
    const running = [...this.running.values()].filter((t) => t !== '');
    const doing = running.length > 0 ? running.slice(0, 2).join(', ') : this.statusMessage?.split('\n')[0];
    return `was still loading the project${doing ? ` (${doing.slice(0, 120)})` : ''}`;
  }

  /**
   * Why an answer of `server` may be incomplete, in words for the agent: "rust-analyzer was still loading the project
   * (Fetching) after waiting 15.0 s", "… reports a problem with the project: …". `settled` false: ready, but not done
   * with files changed since its last answer.
   */
  incompleteReason(server: string, waitedMs: number, settled = true): string {
    if (this.ready && this.problem !== undefined)
      return `${server} reports a problem with the project: ${this.problem}`;
    if (!settled && this.ready)
      return `${server} had not finished processing the files changed since its last answer`;
    const waited = waitedMs >= 1000 ? ` after waiting ${(waitedMs / 1000).toFixed(1)} s` : '';
    return `${server} ${this.describe()}${waited}`;
  }

  /** Wakes every waiter (used when the server dies while they wait). */
  release(): void {
    this.wakeup.wake();
  }

  private settledNow(): boolean {
    return (
      this.settle !== undefined &&
      this.finishedWork &&
      this.running.size === 0 &&
      performance.now() - this.lastActivity >= this.settle
    );
  }

  private markReady(): void {
    this.readyAfter ??= performance.now() - this.startedAt;
    this.lost = false;
    this.release();
  }
}
