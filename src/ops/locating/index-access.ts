/**
 * How operations reach the workspace index: created on first use with the `index` section of
 * `locus.config.json`, brought up to date before each answer, with progress for whoever listens and
 * a note when an answer had to be given before the first build finished.
 */
import type { IndexConfig } from '../../lsp/config.js';
import type {
  IndexOptions,
  IndexProgress,
  IndexStatus,
  ProgressListener,
  WorkspaceIndex,
} from '../../index/index.js';

export type { IndexProgress, ProgressListener };

/** Options of the index as the operations use it. */
export interface IndexAccessOptions extends IndexOptions {
  /** Keep it fresh with directory watchers (long-lived processes) instead of a sweep per answer. */
  watch?: boolean;
  /** Answer after this long even if the first build still runs (the answer then says how far it got). */
  waitMs?: number;
  /** Hears the progress of every build. */
  onProgress?: ProgressListener;
}

/** The index, fresh, plus notes for the answer. */
export interface IndexAccess {
  /** `signal`: the caller's cancel ends its wait with CANCELLED (the build goes on). */
  ready(
    onProgress?: ProgressListener,
    signal?: AbortSignal,
  ): Promise<{ index: WorkspaceIndex; status: IndexStatus; notes: string[] }>;
  /**
   * Like `ready`, but before the first build only the symbols named exactly `names` need to be
   * complete (a targeted pass: see `WorkspaceIndex.freshFor`); a long-lived process then builds the
   * rest in the background. `status.covers` says when the answer relied on it.
   */
  readyFor(
    names: readonly string[],
    onProgress?: ProgressListener,
    signal?: AbortSignal,
  ): Promise<{ index: WorkspaceIndex; status: IndexStatus; notes: string[] }>;
  /** The index if it was created (for shutdown). */
  peek(): WorkspaceIndex | undefined;
  /** Extension-less files of a language, recognised by content, relative to the root (`WorkspaceIndex.contentTyped`). */
  contentTyped(language: string): Promise<string[]>;
  /** Every file of the workspace as the index's walk sees it (`WorkspaceIndex.files`): a listing, no parse. */
  files(): Promise<string[]>;
}

/** Creates the lazy access for a workspace root. `config` holds the `index` section as the caller loaded it. */
export function createIndexAccess(
  root: string,
  config: { index: IndexConfig },
  options: IndexAccessOptions = {},
): IndexAccess {
  let index: WorkspaceIndex | undefined;
  const open = async (): Promise<WorkspaceIndex> => {
    if (!index) {
      // Loaded on first use: commands that never ask the index do not load its modules.
      const { WorkspaceIndex } = await import('../../index/workspace-index.js');
      index ??= new WorkspaceIndex(root, { ...config.index, ...options });
      if (options.watch) index.watch();
    }
    return index;
  };
  const freshOptions = (onProgress?: ProgressListener, signal?: AbortSignal) => {
    const listener: ProgressListener | undefined =
      onProgress && options.onProgress
        ? (p) => {
            onProgress(p);
            options.onProgress?.(p);
          }
        : (onProgress ?? options.onProgress);
    return {
      ...(listener ? { onProgress: listener } : {}),
      ...(options.waitMs === undefined ? {} : { waitMs: options.waitMs }),
      ...(signal === undefined ? {} : { signal }),
    };
  };
  return {
    peek: () => index,
    async contentTyped(language) {
      return (await open()).contentTyped(language);
    },
    async files() {
      return (await open()).files();
    },
    async ready(onProgress, signal) {
      const opened = await open();
      const status = await opened.fresh(freshOptions(onProgress, signal));
      return { index: opened, status, notes: statusNotes(status) };
    },
    async readyFor(names, onProgress, signal) {
      const opened = await open();
      const status = await opened.freshFor(names, freshOptions(onProgress, signal));
      // The rest of the first build, so later answers need no targeted pass; a failure surfaces
      // (and is retried) at the next call that needs the whole index.
      if (status.covers && options.watch) opened.fresh().catch(() => undefined);
      return { index: opened, status, notes: statusNotes(status) };
    },
  };
}

/**
 * The same access with the caller's cancel bound to its waits (`ready`, `readyFor`), for code that passes the
 * access along without a signal of its own (locate-string resolution).
 */
export function cancellable(access: IndexAccess, signal: AbortSignal | undefined): IndexAccess {
  if (signal === undefined) return access;
  return {
    ...access,
    ready: (onProgress, own) => access.ready(onProgress, own ?? signal),
    readyFor: (names, onProgress, own) => access.readyFor(names, onProgress, own ?? signal),
  };
}

/** `indexed 3,200 of 5,565 files` while the first build runs. */
export function statusNotes(status: IndexStatus): string[] {
  if (status.complete || status.covers) return [];
  if (status.total === 0)
    return [
      'the workspace index is still being built: its files are being listed, so this answer may be incomplete',
    ];
  const n = (x: number) => x.toLocaleString('en-US');
  return [
    `the workspace index is still being built: indexed ${n(status.indexed)} of ${n(status.total)} files, so this answer may be incomplete`,
  ];
}
