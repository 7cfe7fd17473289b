/**
 * The offline locator (docs/architecture.md, "Layers"): `createLocator({ root })` with locate, locateRange, describe,
 * outline and close. No language server is involved.
 */
import { throwIfCancelled } from '../../core/call.js';
import { LocusError, outcome, type Outcome } from '../../core/errors.js';
import type { LineIndex } from '../../core/line-index.js';
import type { Position } from '../../core/positions.js';
import { describeOffset } from '../../locate/describe.js';
import { classify, type LocateReading } from '../../locate/classify.js';
import { parseLocate } from '../../locate/locate-string.js';
import { isSymbolScope, type Locate } from '../../locate/model.js';
import { resolveLocate, type LocateResult } from '../../locate/resolver.js';
import { Workspace } from '../../workspace/workspace.js';
import { offlineSettings, type OfflineSettings } from './limits-config.js';
import { loadFile, withComments, type LoadedFile } from './file-view.js';
import { buildOutline } from './outline.js';
import {
  cancellable,
  createIndexAccess,
  type IndexAccess,
  type IndexAccessOptions,
  type ProgressListener,
} from './index-access.js';
import { createSyntaxService, type SyntaxService } from './syntax-service.js';
import { OutlineStore } from '../../index/outline-store.js';
import type {
  LocateInput,
  DescribeTarget,
  DescribeResult,
  LocatorApi,
  LocatorApiOptions,
} from '../results/locator.js';
export type {
  LocateInput,
  DescribeTarget,
  DescribeResult,
  LocatorApi,
  LocatorApiOptions,
} from '../results/locator.js';

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

const PLATFORM = process.platform === 'win32' ? 'win32' : 'posix';

/**
 * Reads a locate input once (locate/classify.ts): a file locate, or — with `workspaceForms`, for callers that can
 * search the index — a workspace-wide one. Throws INVALID_LOCATE or LIMIT_EXCEEDED.
 */
export function readInput(workspace: Workspace, input: LocateInput, workspaceForms = true): LocateReading {
  return classify(input, (p) => workspace.isFile(p), {
    platform: PLATFORM,
    limits: workspace.limits,
    workspaceForms,
  });
}

/** A file locate input, parsed and validated (existing-file fallback included; no workspace forms). */
export function parseInput(workspace: Workspace, input: LocateInput): Locate {
  return (readInput(workspace, input, false) as Extract<LocateReading, { kind: 'file' }>).locate;
}

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

/** Adds the notes and canonical locate of a workspace-wide resolution to a result. */
export function withWorkspaceNotes(result: LocateResult, parsed: ParsedInput): LocateResult {
  if (!result.ok || parsed.canonical === undefined) return result;
  result.notes = [...(parsed.notes ?? []), ...(result.notes ?? [])];
  result.locate = parsed.canonical;
  return result;
}

/**
 * Reads a locate input (once) and loads its file; with an index, workspace-wide forms resolve through it. Without
 * one, every string is read as a file locate.
 */
export async function parseAndLoad(
  workspace: Workspace,
  syntax: SyntaxService,
  input: LocateInput,
  index?: IndexAccess,
  onProgress?: ProgressListener,
): Promise<ParsedInput> {
  return loadReading(workspace, syntax, readInput(workspace, input, index !== undefined), index, onProgress);
}

/**
 * Loads the file of a reading (a workspace-wide one through the index), with the comment spans a find that spans
 * lines needs (`withComments`).
 */
export async function loadReading(
  workspace: Workspace,
  syntax: SyntaxService,
  reading: LocateReading,
  index?: IndexAccess,
  onProgress?: ProgressListener,
): Promise<ParsedInput> {
  const parsed = await loadReadingFile(workspace, syntax, reading, index, onProgress);
  await withComments(syntax, parsed.loaded, parsed.locate.find);
  return parsed;
}

async function loadReadingFile(
  workspace: Workspace,
  syntax: SyntaxService,
  reading: LocateReading,
  index: IndexAccess | undefined,
  onProgress: ProgressListener | undefined,
): Promise<ParsedInput> {
  if (reading.kind === 'file') return beyondOutline(workspace, syntax, reading.locate, index, onProgress);
  if (!index)
    throw new LocusError('INVALID_LOCATE', 'This locate string needs a file here.', {
      hint: 'Name the file: `path:scope@find`.',
    });
  // Loaded on use: a file-qualified locate (the common one-shot call) needs none of the index's modules.
  const { resolveWorkspace } = await import('./workspace-locate.js');
  return resolveWorkspace(workspace, syntax, index, reading.form, onProgress);
}

/**
 * Loads the file of a file-qualified locate. A symbol scope in a file too big to parse here goes through the
 * workspace index, which parses such files in its workers, so the locate strings `symbols` gives for them work.
 */
async function beyondOutline(
  workspace: Workspace,
  syntax: SyntaxService,
  locate: Locate,
  index: IndexAccess | undefined,
  onProgress: ProgressListener | undefined,
): Promise<ParsedInput> {
  // Only a symbol scope needs a server's outline (a language declared without a grammar); lines and finds do not.
  const symbolScope = isSymbolScope(locate.scope);
  const loaded = await loadFile(workspace, syntax, locate.file_path, { serverOutline: symbolScope });
  if (!index || loaded.view.noOutline === undefined || !symbolScope || loaded.language === undefined)
    return { locate, loaded };
  const { resolveInIndexedFile } = await import('./workspace-locate.js');
  const resolved = await resolveInIndexedFile(
    workspace,
    syntax,
    index,
    locate,
    loaded.file.relPath,
    onProgress,
  );
  return resolved ?? { locate, loaded };
}

/** A parsed and loaded locate; workspace-wide ones also carry their canonical string and notes. */
export interface ParsedInput {
  locate: Locate;
  loaded: LoadedFile;
  canonical?: string;
  notes?: string[];
}

async function describeIn(
  workspace: Workspace,
  syntax: SyntaxService,
  filePath: string,
  target: DescribeTarget,
): Promise<DescribeResult> {
  checkTarget(target);
  const { view } = await loadFile(workspace, syntax, filePath);
  const offset =
    'position' in target ? positionOffset(view.lines, target.position) : view.lines.fromDisplay(target);
  if (offset === undefined) throw noPosition(view.filePath, view.lines, target);
  const description = describeOffset(view, offset);
  const result = resolveLocate(
    view,
    parseLocate(description.locate, { exists: (p) => p === view.filePath }),
    'position',
  );
  if (!result.ok) return result;
  const out: DescribeResult = {
    ok: true,
    file_path: view.filePath,
    position: result.position,
    display: result.display,
    locate: description.locate,
    exact: description.exact,
  };
  if (result.symbol) out.symbol = result.symbol;
  return out;
}

/** Rejects positions that are not whole numbers (a fraction would silently land somewhere else). */
function checkTarget(target: DescribeTarget): void {
  const ok = (value: unknown, min: number): boolean =>
    typeof value === 'number' && Number.isSafeInteger(value) && value >= min;
  const valid =
    typeof target === 'object' &&
    target !== null &&
    ('position' in target
      ? ok(target.position?.line, 0) && ok(target.position?.character, 0)
      : ok((target as { line?: unknown }).line, 1) && ok((target as { column?: unknown }).column, 1));
  if (!valid) {
    throw new LocusError('INVALID_ARGUMENT', 'The position to describe must be whole numbers.', {
      hint: 'Pass { line, column } (1-based, columns in code points) or { position: { line, character } } (0-based, UTF-16).',
    });
  }
}

/** LINE_OUT_OF_RANGE for a describe target, saying which part is out: the line, or the column on that line. */
function noPosition(filePath: string, lines: LineIndex, target: DescribeTarget): LocusError {
  const byLine = 'line' in target;
  const line = byLine ? target.line : target.position.line + 1;
  const shown = byLine
    ? `${target.line}:${target.column}`
    : `(LSP) ${target.position.line}:${target.position.character}`;
  let hint = `The file has ${lines.lineCount} line(s); columns are 1-based and count code points.`;
  if (Number.isInteger(line) && line >= 1 && line <= lines.lineCount) {
    const text = lines.lineText(line - 1);
    const length = byLine ? [...text].length : text.length;
    hint = byLine
      ? `Line ${line} has ${length} character(s): columns 1 to ${length + 1} (1-based, code points; ${length + 1} is its end).`
      : `Line ${line - 1} (0-based) has ${length} UTF-16 code unit(s): characters 0 to ${length}.`;
  }
  return new LocusError('LINE_OUT_OF_RANGE', `${filePath} has no position ${shown}.`, { hint });
}

function positionOffset(lines: LineIndex, position: Position): number | undefined {
  if (position.line < 0 || position.line >= lines.lineCount || position.character < 0) return undefined;
  const offset = lines.lineStart(position.line) + position.character;
  return offset <= lines.lineEnd(position.line) ? offset : undefined;
}
