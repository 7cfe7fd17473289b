/**
 * The offline locator (docs/architecture.md, "Layers"): `createLocator({ root })` with locate, locateRange, describe,
 * outline and close. No language server is involved.
 */
import { isLocusError, LocusError } from '../core/errors.js';
import type { Position } from '../core/positions.js';
import { describeOffset } from '../locate/describe.js';
import { parseLocate } from '../locate/locate-string.js';
import type { Locate } from '../locate/model.js';
import { resolveLocate, type LocateFailure, type LocateResult } from '../locate/resolver.js';
import { validateLocate } from '../locate/validate.js';
import { Workspace } from '../workspace/workspace.js';
import { loadFile, type LoadedFile } from './file-view.js';
import { buildOutline, type OutlineResult } from './outline.js';
import { createSyntaxService, type SyntaxService } from './syntax-service.js';

/** A locate as an agent gives it: the string syntax or the object form. */
export type LocateInput = string | Locate | Record<string, unknown>;

/** Where to describe: an LSP position (0-based, UTF-16) or a display position (1-based, code points). */
export type DescribeTarget = { position: Position } | { line: number; column: number };

/** Result of describe. */
export type DescribeResult =
  | {
      ok: true;
      file_path: string;
      position: Position;
      display: string;
      locate: string;
      exact: boolean;
      symbol?: { path: string; kind: string };
    }
  | LocateFailure;

/** The offline locator API. */
export interface Locator {
  readonly root: string;
  readonly workspace: Workspace;
  readonly syntax: SyntaxService;
  locate(input: LocateInput, options?: { range?: boolean }): Promise<LocateResult>;
  locateRange(input: LocateInput): Promise<LocateResult>;
  describe(filePath: string, target: DescribeTarget): Promise<DescribeResult>;
  outline(filePath: string): Promise<OutlineResult | LocateFailure>;
  close(): Promise<void>;
}

/** Options of createLocator. */
export interface LocatorOptions {
  root: string;
  maxFileBytes?: number;
  /** Share a syntax service (and its tree cache) with other components. */
  syntax?: SyntaxService;
}

/** Creates an offline locator over a workspace root. */
export function createLocator(options: LocatorOptions): Locator {
  const workspace = new Workspace(
    options.root,
    options.maxFileBytes === undefined ? {} : { maxFileBytes: options.maxFileBytes },
  );
  const syntax = options.syntax ?? createSyntaxService();
  const locator: Locator = {
    root: workspace.root,
    workspace,
    syntax,
    locate: (input, opts) =>
      guard(() => locateIn(workspace, syntax, input, opts?.range ? 'range' : 'position')),
    locateRange: (input) => guard(() => locateIn(workspace, syntax, input, 'range')),
    describe: (filePath, target) => guard(() => describeIn(workspace, syntax, filePath, target)),
    outline: (filePath) => guard(() => buildOutline(workspace, syntax, filePath)),
    close: async () => syntax.close(),
  };
  return locator;
}

/** Turns a thrown LocusError into a failure result; anything else is a bug and propagates. */
async function guard<T>(run: () => Promise<T>): Promise<T | LocateFailure> {
  try {
    return await run();
  } catch (error) {
    if (isLocusError(error)) return { ok: false, error: error.toData() };
    throw error;
  }
}

/** Parses and validates a locate input against a workspace (existing-file fallback included). */
export function parseInput(workspace: Workspace, input: LocateInput): Locate {
  if (typeof input === 'string') {
    const platform = process.platform === 'win32' ? 'win32' : 'posix';
    return validateLocate(parseLocate(input, { exists: (p) => workspace.isFile(p), platform }));
  }
  return validateLocate(input);
}

async function locateIn(
  workspace: Workspace,
  syntax: SyntaxService,
  input: LocateInput,
  mode: 'position' | 'range',
): Promise<LocateResult> {
  const { locate, loaded } = await parseAndLoad(workspace, syntax, input);
  return resolveLocate(loaded.view, locate, mode);
}

/**
 * Parses a locate input and loads its file. The plain syntactic split is tried first: when it names
 * a readable file, the answer is the same as with the existing-file fallback, and the file is
 * resolved once instead of twice. Any failure takes the full path (fallback included).
 */
export async function parseAndLoad(
  workspace: Workspace,
  syntax: SyntaxService,
  input: LocateInput,
): Promise<{ locate: Locate; loaded: LoadedFile }> {
  if (typeof input === 'string') {
    try {
      const platform = process.platform === 'win32' ? 'win32' : 'posix';
      const locate = validateLocate(parseLocate(input, { platform }));
      return { locate, loaded: await loadFile(workspace, syntax, locate.file_path) };
    } catch (error) {
      if (!isLocusError(error)) throw error;
    }
  }
  const locate = parseInput(workspace, input);
  return { locate, loaded: await loadFile(workspace, syntax, locate.file_path) };
}

async function describeIn(
  workspace: Workspace,
  syntax: SyntaxService,
  filePath: string,
  target: DescribeTarget,
): Promise<DescribeResult> {
  const { view } = await loadFile(workspace, syntax, filePath);
  const offset =
    'position' in target ? positionOffset(view.lines, target.position) : view.lines.fromDisplay(target);
  if (offset === undefined) {
    throw new LocusError(
      'LINE_OUT_OF_RANGE',
      `${view.filePath} has no position ${'line' in target ? `${target.line}:${target.column}` : ''}.`,
      {
        hint: `The file has ${view.lines.lineCount} line(s); columns are 1-based and count code points.`,
      },
    );
  }
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

function positionOffset(
  lines: import('../core/line-index.js').LineIndex,
  position: Position,
): number | undefined {
  if (position.line < 0 || position.line >= lines.lineCount || position.character < 0) return undefined;
  const offset = lines.lineStart(position.line) + position.character;
  return offset <= lines.lineEnd(position.line) ? offset : undefined;
}
