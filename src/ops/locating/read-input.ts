/**
 * Reading a locate input once (locate/classify.ts) and loading the file it names: a file locate, or a workspace-wide
 * one resolved through the index (workspace-locate.ts, loaded on use). The parsed form travels on from here.
 */
import { LocusError } from '../../core/errors.js';
import { classify, type LocateReading } from '../../locate/classify.js';
import { isSymbolScope, type Locate } from '../../locate/model.js';
import type { LocateResult } from '../../locate/resolver.js';
import type { Workspace } from '../../workspace/workspace.js';
import type { LocateInput } from '../results/locator.js';
import { loadFile, withComments, type LoadedFile } from './file-view.js';
import type { IndexAccess, ProgressListener } from './index-access.js';
import type { SyntaxService } from './syntax-service.js';

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
