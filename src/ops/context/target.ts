/**
 * The first half of every position-based operation: resolve the locate, load the file, build the
 * cursor context, and find the language server session for the file.
 */
import { throwIfCancelled } from '../../core/call.js';
import { LocusError, isLocusError } from '../../core/errors.js';
import type { Position, Range } from '../../core/positions.js';
import type { LocateSuccess } from '../../locate/resolver.js';
import { resolveLocate } from '../../locate/resolver.js';
import type { Session } from '../../lsp/session.js';
import type { OpsContext } from './context.js';
import { cursorContext, type CursorContext } from './cursor.js';
import type { LoadedFile } from '../locating/file-view.js';
import { parseAndLoad, withWorkspaceNotes, type LocateInput } from '../locating/locator.js';
import type { OperationName, OpResultBase } from '../results/target.js';
export type { OperationName, OpResultBase } from '../results/target.js';

/** A resolved operation target. */
export interface OpTarget {
  loaded: LoadedFile;
  resolution: LocateSuccess;
  offset: number;
  position: Position;
  /** Present when the locate was resolved as a range. */
  range?: Range;
  cursor: CursorContext;
  session: Session;
}

/** Resolves `input` for `operation` (as a range when `mode` is `range`) and picks its server. */
export async function resolveTarget(
  context: OpsContext,
  operation: OperationName,
  input: LocateInput,
  mode: 'position' | 'range' = 'position',
): Promise<OpTarget> {
  const { workspace, syntax, index } = context.locator;
  const parsed = await parseAndLoad(workspace, syntax, input, index);
  const { loaded } = parsed;
  const resolution = withWorkspaceNotes(resolveLocate(loaded.view, parsed.locate, mode), parsed);
  if (!resolution.ok) throw LocusError.fromData(resolution.error);
  const offset = loaded.view.lines.toOffset(resolution.position);
  const cursor = await cursorContext(
    syntax,
    loaded.file.absPath,
    loaded.view,
    loaded.language,
    operation,
    offset,
  );
  throwIfCancelled(context.call?.signal);
  const session = context.lsp.sessionFor(loaded.file.absPath, loaded.language).forCall(context.call);
  await reportDiskChanges(context);
  context.freshness.remember(loaded.file.absPath);
  const target: OpTarget = { loaded, resolution, offset, position: resolution.position, cursor, session };
  if (resolution.range) target.range = resolution.range;
  return target;
}

/** Tells the servers about files created, changed or deleted on disk since they last heard. */
export async function reportDiskChanges(context: OpsContext): Promise<void> {
  const changes = await context.freshness.changesSettled();
  if (changes.length > 0) await context.lsp.notifyFilesChanged(changes);
}

/** The base fields for a result, from a target and the server's readiness flags on its answer. */
export function resultBase(
  target: OpTarget,
  answer: { possiblyIncomplete: boolean; incompleteReason?: string },
): OpResultBase {
  const base: OpResultBase = { ok: true, operation: target.cursor.operation, cursor: target.cursor };
  if (answer.possiblyIncomplete) {
    base.possibly_incomplete = true;
    if (answer.incompleteReason !== undefined) base.incomplete_reason = answer.incompleteReason;
  }
  if (target.resolution.notes) base.notes = target.resolution.notes;
  return base;
}

/**
 * Runs a server request for a target; a server error keeps the cursor block (in the message and as
 * `details.cursor`) and says where the locate landed — a find in a comment is the usual cause.
 */
export async function askServer<T>(target: OpTarget, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isLocusError(error) || error.code !== 'SERVER_FAILED') throw error;
    const { cursor } = target;
    const role = cursor.symbol?.role;
    const where =
      role === 'comment' || role === 'string'
        ? `in a ${role}, where the server has no symbol`
        : cursor.symbol === null
          ? 'on whitespace or punctuation'
          : `on \`${cursor.symbol.name}\` (${role})`;
    throw new LocusError(
      error.code,
      `${error.message}\nThe cursor landed ${where}: ${cursor.display} \`${cursor.snippet}\``,
      {
        hint:
          role === 'comment' || role === 'string'
            ? 'Point the find at code: the symbol itself (`file:Symbol`) or a use of it (`file@obj.<|>name`).'
            : (error.hint ?? 'Check the locate string points at an identifier.'),
        cause: error,
        details: { ...(error.details ?? {}), cursor },
      },
    );
  }
}
