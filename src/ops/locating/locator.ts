/**
 * The offline locator (docs/architecture.md, "Layers"): `createLocator({ root })` with locate, locateRange, describe,
 * outline and close. No language server is involved.
 */
import { throwIfCancelled } from '../../core/call.js';
import { outcome, type Outcome } from '../../core/errors.js';
import type { LocateReading } from '../../locate/classify.js';
import { resolveLocate, type LocateResult } from '../../locate/resolver.js';
import { Workspace } from '../../workspace/workspace.js';
import { offlineSettings, type OfflineSettings } from './limits-config.js';
import { describeIn } from './describe-position.js';
import { buildOutline } from './outline.js';
import { cancellable, createIndexAccess, type IndexAccess, type IndexAccessOptions } from './index-access.js';
import { loadReading, readInput, withWorkspaceNotes } from './read-input.js';
import { createSyntaxService, type SyntaxService } from './syntax-service.js';
import { OutlineStore } from '../../index/outline-store.js';
import type { LocatorApi, LocatorApiOptions } from '../results/locator.js';
export type {
  LocateInput,
  DescribeTarget,
  DescribeResult,
  LocatorApi,
  LocatorApiOptions,
} from '../results/locator.js';
// Reading a locate input and loading its file live in read-input.ts; the operations reach them through the locator.
export {
  loadReading,
  parseAndLoad,
  parseInput,
  readInput,
  withWorkspaceNotes,
  type ParsedInput,
} from './read-input.js';

/** The locator as the operations use it: the library API plus its workspace, syntax service and index. */
export interface Locator extends LocatorApi {
  readonly workspace: Workspace;
  readonly syntax: SyntaxService;
  /** The workspace symbol index (created on first use). */
  readonly index: IndexAccess;
  /** Warnings of loading the root's config (untrusted keys ignored), for the faces to print. */
  readonly configWarnings: readonly string[];
  /** `locate`/`locateRange` for an input already read (`readInput`): the syntax worker gets the reading, not the string. */
  locateReading(
    reading: LocateReading,
    mode: 'position' | 'range',
    options?: { signal?: AbortSignal },
  ): Promise<LocateResult>;
}

/** Options of createLocator inside Locus: the library's, plus what the operations share with it. */
export interface LocatorOptions extends LocatorApiOptions {
  /** Share a syntax service (and its tree cache) with other components. */
  syntax?: SyntaxService;
  /** The root's config as the caller already loaded it (the ops context reads it once); default: read here. */
  settings?: OfflineSettings;
  /** Trust the workspace's config (`--trust`), when it is read here. */
  trust?: boolean;
  /** How the workspace index is kept (watchers, waiting, progress). */
  index?: IndexAccessOptions;
  /**
   * Keep outlines on disk by content for later processes, and use those found there (one-shot CLI
   * commands: a repeated cold `locate` skips tree-sitter). Off with the index's `noCache`.
   */
  outlineCache?: boolean;
}

/** Creates an offline locator over a workspace root. */
export function createLocator(options: LocatorOptions): Locator {
  const configured =
    options.settings ?? offlineSettings(options.root, options.trust === true ? { trust: true } : {});
  const limits = { ...configured.limits, ...options.limits };
  const languageOverrides = options.languageOverrides ?? configured.fileLanguages;
  const workspace = new Workspace(options.root, {
    ...(options.maxFileBytes === undefined ? {} : { maxFileBytes: options.maxFileBytes }),
    limits,
    languageOverrides,
    declaredLanguages: configured.declaredLanguages,
  });
  const store =
    options.outlineCache && !options.index?.noCache
      ? new OutlineStore(options.root, configured.index.cacheDir)
      : undefined;
  const syntax = options.syntax ?? createSyntaxService(store ? { store } : {});
  // The index reads files with the same language rules as their own outlines (docs/languages.md).
  const index = createIndexAccess(workspace.root, configured, {
    ...(languageOverrides === undefined ? {} : { languageOverrides }),
    ...options.index,
  });
  const locator: Locator = {
    root: workspace.root,
    workspace,
    syntax,
    index,
    configWarnings: configured.warnings,
    locate: (input, opts) =>
      cancellableOutcome(opts?.signal, (signal) =>
        locateIn(
          workspace,
          syntax,
          cancellable(index, signal),
          readInput(workspace, input),
          opts?.range ? 'range' : 'position',
        ),
      ),
    locateRange: (input, opts) =>
      cancellableOutcome(opts?.signal, (signal) =>
        locateIn(workspace, syntax, cancellable(index, signal), readInput(workspace, input), 'range'),
      ),
    locateReading: (reading, mode, opts) =>
      cancellableOutcome(opts?.signal, (signal) =>
        locateIn(workspace, syntax, cancellable(index, signal), reading, mode),
      ),
    describe: (filePath, target, opts) =>
      cancellableOutcome(opts?.signal, () => describeIn(workspace, syntax, filePath, target)),
    outline: (filePath, opts) =>
      cancellableOutcome(opts?.signal, () => buildOutline(workspace, syntax, filePath)),
    close: async () => {
      index.peek()?.close();
      syntax.close();
    },
  };
  return locator;
}

/** `outcome` of `work`, CANCELLED when the caller cancelled before it started or before it answered. */
function cancellableOutcome<T>(
  signal: AbortSignal | undefined,
  work: (signal: AbortSignal | undefined) => Promise<T>,
): Promise<Outcome<T>> {
  return outcome(async () => {
    throwIfCancelled(signal);
    const value = await work(signal);
    throwIfCancelled(signal);
    return value;
  });
}

/** Resolves a reading: loads its file (through the index for a workspace-wide one) and resolves the locate there. */
async function locateIn(
  workspace: Workspace,
  syntax: SyntaxService,
  index: IndexAccess,
  reading: LocateReading,
  mode: 'position' | 'range',
): Promise<LocateResult> {
  const parsed = await loadReading(workspace, syntax, reading, index);
  return withWorkspaceNotes(resolveLocate(parsed.loaded.view, parsed.locate, mode), parsed);
}
