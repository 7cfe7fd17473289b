/**
 * The request pipeline under every Session (one per project root and server; the typed methods are in
 * `session.ts`).
 *
 * Every method takes the file's absolute path and its current text (the session syncs it first, so answers never
 * come from stale text) plus UTF-16 positions, and returns protocol results with UTF-16 positions wrapped in an
 * LspAnswer: `possiblyIncomplete` is true when the server answered before its readiness signal; `timing` separates
 * the raw request from Locus's overhead. References and rename wait for readiness up to `readyTimeoutMs` after the
 * start (their answers must be complete); definition, hover, completion, signature help and code actions ask at once
 * and wait (then ask again) only when a server that is not ready answers empty; formatting and document symbols do not
 * wait. A not-ready answer carries `incompleteReason`. Normalisations: definitions are
 * always `Location[]` (links become their target selection range), completion always a `CompletionList`.
 */
import { abortable, type CallScope } from '../core/call.js';
import type { Command, Position, ServerCapabilities, WorkspaceEdit } from 'vscode-languageserver-protocol';
import type { Timed } from './connection.js';
import type { ServerInstance } from './server-instance.js';
import type { ServerAdapter } from './servers/adapter.js';
import type { Supervisor } from './supervisor.js';
import type { FileChange, LspAnswer } from './types.js';
import type { FileLanguages } from '../workspace/file-language.js';
import { serverLanguageOfFile } from './languages.js';
import { captureCommandEdit } from './commands.js';
import type { HierarchyDirection } from '../core/operation-kinds.js';
import { walkHierarchy, type HierarchyNode } from './hierarchy.js';
import {
  collectDiagnostics,
  DEFAULT_COLLECT,
  type CollectedDiagnostics,
  type CollectOptions,
} from './collect-diagnostics.js';
import { withLiveInstance } from './live-instance.js';
import { runPlan, type RequestPlan } from './request-plan.js';

export type { ReadyMode, RequestPlan } from './request-plan.js';

/** Live facts about a session (for status output, benchmarks and tests). */
export interface SessionInfo {
  server: string;
  name: string;
  root: string;
  running: boolean;
  pid: number | undefined;
  encoding: string | undefined;
  ready: boolean;
  /** Milliseconds from spawn to the ready signal. */
  readyAfterMs: number | undefined;
  /** Milliseconds from spawn to the `initialize` response. */
  initializeMs: number | undefined;
  /** Servers started so far (restarts included). */
  starts: number;
  capabilities: ServerCapabilities | undefined;
}

/** Lifecycle and the request pipeline of a session: sync first, wait for readiness as planned, time, map errors. */
export class SessionRequests {
  constructor(
    readonly adapter: ServerAdapter,
    readonly root: string,
    protected readonly supervisor: Supervisor,
    /** The call this view of the session serves (abort signal, progress listener); see `Session.forCall`. */
    protected readonly call: CallScope = {},
  ) {}

  /** Starts the server now instead of on the first request. */
  async start(): Promise<void> {
    await this.withInstance(async () => undefined);
  }

  /**
   * Starts the server if needed and waits for its ready signal; false when the bound passed first. Pass a file to
   * open it first: clangd, for one, begins indexing only when a file is opened.
   */
  async waitUntilReady(timeoutMs?: number, file?: { absPath: string; text: string }): Promise<boolean> {
    return this.withInstance(async (instance) => {
      if (file !== undefined) await instance.sync(file.absPath, file.text);
      const deadline = timeoutMs === undefined ? instance.readyDeadline : performance.now() + timeoutMs;
      await instance.waitReady(deadline);
      return instance.readiness.ready;
    });
  }

  /** Current facts about the server. */
  info(): SessionInfo {
    const instance = this.supervisor.current;
    return {
      server: this.adapter.id,
      name: this.adapter.name,
      root: this.root,
      running: instance !== undefined,
      pid: instance?.process.pid,
      encoding: instance?.encoding,
      ready: instance?.readiness.ready ?? false,
      readyAfterMs: instance?.readiness.readyAfterMs,
      initializeMs: instance?.initializeMs,
      starts: this.supervisor.starts,
      capabilities: instance?.capabilities,
    };
  }

  /**
   * Tells the server the new content of a file Locus has written: a didChange when it is open, else a watched-file
   * change (and, for servers that ignore those, a didOpen with the text).
   */
  async documentChanged(absPath: string, text: string): Promise<void> {
    const instance = this.supervisor.current;
    if (instance === undefined || (await instance.documents.documentChanged(absPath, text))) return;
    if (this.adapter.opensChangedFiles && this.serves(absPath, instance.spec.languages))
      await instance.documents.openChanged(absPath, text);
    await instance.documents.watchedFilesChanged([{ path: absPath, kind: 'changed' }]);
  }

  /**
   * Forwards changes made on disk (`workspace/didChangeWatchedFiles`) and re-syncs affected open documents.
   * Servers that ignore watched-file events for unopened files get changed files of their languages opened.
   */
  async notifyFilesChanged(changes: FileChange[]): Promise<void> {
    const instance = this.supervisor.current;
    if (instance === undefined || changes.length === 0) return;
    await instance.documents.filesChanged(changes);
    if (this.adapter.opensChangedFiles) {
      const ours = changes.filter(
        (c) => c.kind !== 'deleted' && this.serves(c.path, instance.spec.languages),
      );
      await instance.documents.openFromDisk(ours.map((c) => c.path));
    }
    await instance.documents.watchedFilesChanged(changes);
  }

  /** True when the file's language is one this session's server handles. */
  serves(absPath: string, languages: FileLanguages): boolean {
    const language = serverLanguageOfFile(absPath, languages);
    return language !== undefined && this.adapter.languages.includes(language);
  }

  /** Sends any request as is (no sync, no readiness wait, no conversion) and reports its round-trip time. */
  async rawRequest(method: string, params: object): Promise<Timed<unknown>> {
    return this.withInstance((instance) =>
      instance.connection.requestRaw(method, params, instance.spec.requestTimeoutMs),
    );
  }

  /** The document's diagnostics for `text` (synced first): pulled, or pushed once settled (collect-diagnostics.ts). */
  async diagnostics(
    absPath: string,
    text: string,
    options: CollectOptions = DEFAULT_COLLECT,
  ): Promise<CollectedDiagnostics> {
    return this.withInstance(async (instance) => {
      const uri = await instance.sync(absPath, text);
      return collectDiagnostics(instance, uri, options);
    });
  }

  /** Shows the server a text for a file without writing it (unsaved changes; sync the disk text to restore). */
  async showText(absPath: string, text: string): Promise<void> {
    await this.withInstance(async (instance) => {
      await instance.sync(absPath, text);
    });
  }

  /**
   * Gives the server a file's disk text back after `showText`, as a change behind the caller's back: the next
   * cross-file request waits until the server has processed it (documents.ts, `settled`).
   */
  async restoreText(absPath: string, text: string): Promise<void> {
    await this.withInstance(async (instance) => {
      await instance.sync(absPath, text, true);
    });
  }

  /** Call or type hierarchy from a position, walked `depth` levels (CAPABILITY_MISSING without support). */
  async hierarchy(
    absPath: string,
    text: string,
    position: Position,
    direction: HierarchyDirection,
    depth: number,
  ): Promise<Omit<LspAnswer<HierarchyNode[]>, 'timing'>> {
    return this.withInstance(async (instance) => {
      const uri = await instance.sync(absPath, text);
      const waitStart = performance.now();
      await abortable(instance.waitReady(instance.readyDeadline), this.call.signal);
      const result = await walkHierarchy(instance, uri, position, direction, depth);
      const complete = instance.readiness.ready && instance.readiness.problem === undefined;
      return {
        result,
        possiblyIncomplete: !complete,
        ...(complete
          ? {}
          : {
              incompleteReason: instance.readiness.incompleteReason(
                instance.name,
                performance.now() - waitStart,
              ),
            }),
        server: this.adapter.id,
      };
    });
  }

  /** Runs a command (a code action's) and returns the edit it sent back, never applied (commands.ts). */
  async commandEdit(absPath: string, text: string, command: Command): Promise<WorkspaceEdit | null> {
    return this.withInstance(async (instance) => {
      await instance.sync(absPath, text);
      return captureCommandEdit(instance, command);
    });
  }

  /** Stops the server through the shutdown ladder; the next request starts it again. */
  async stop(): Promise<void> {
    await this.supervisor.stop();
  }

  /** Stops the server for good. */
  async close(): Promise<void> {
    await this.supervisor.close();
  }

  /** Runs one request: acquire, capability check, sync, readiness, request (one retry if outdated), convert. */
  protected async run<P, R, Out>(
    absPath: string,
    text: string,
    plan: RequestPlan<P, R, Out>,
  ): Promise<LspAnswer<Out>> {
    const context = {
      adapter: this.adapter,
      supervisor: this.supervisor,
      call: this.call,
      began: performance.now(),
    };
    return this.withInstance((instance, call) => runPlan(context, instance, call, { absPath, text }, plan));
  }

  /** Runs `body` on a live server, replaced once when it was gone before the call (live-instance.ts). */
  private async withInstance<T>(
    body: (instance: ServerInstance, call: { sent: boolean }) => Promise<T>,
  ): Promise<T> {
    return withLiveInstance(this.supervisor, this.call, body);
  }
}
