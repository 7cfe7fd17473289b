/**
 * rename (SPEC §8, §8.1): prepareRename + rename → a unified diff and a fingerprint. Nothing is
 * written unless the caller asks (`apply`, or the fingerprint of an earlier preview).
 */
import { LocusError, isLocusError } from '../core/errors.js';
import type { OpsContext } from './context.js';
import { previewOrApply, type EditOptions, type EditResultFields } from './edits.js';
import type { LocateInput } from './locator.js';
import { resolveTarget, resultBase, type OpResultBase, type OpTarget } from './target.js';

/** Result of rename. */
export interface RenameResult extends OpResultBase, EditResultFields {
  new_name: string;
}

/** Renames the symbol at a located position. */
export async function rename(
  context: OpsContext,
  input: LocateInput,
  newName: string,
  options: EditOptions = {},
): Promise<RenameResult> {
  if (newName.length === 0 || /[\r\n]/.test(newName) || newName !== newName.trim()) {
    throw new LocusError('INVALID_ARGUMENT', `"${newName}" is not a usable new name.`, {
      hint: 'Give the new identifier, without spaces around it.',
      details: { argument: 'new_name' },
    });
  }
  const target = await resolveTarget(context, 'rename', input);
  await checkRenamable(target);
  const answer = await target.session.rename(
    target.loaded.file.absPath,
    target.loaded.file.text,
    target.position,
    newName,
  );
  if (!answer.result) throw notRenamable(target);
  return {
    ...resultBase(target, answer.possiblyIncomplete),
    new_name: newName,
    ...(await previewOrApply(context, answer.result, options)),
  };
}

async function checkRenamable(target: OpTarget): Promise<void> {
  try {
    const prepared = await target.session.prepareRename(
      target.loaded.file.absPath,
      target.loaded.file.text,
      target.position,
    );
    if (prepared.result === null) throw notRenamable(target);
  } catch (error) {
    if (isLocusError(error) && error.code === 'CAPABILITY_MISSING') return;
    throw error;
  }
}

function notRenamable(target: OpTarget): LocusError {
  const what = target.cursor.symbol
    ? `\`${target.cursor.symbol.name}\``
    : 'this position (no identifier under the cursor)';
  // The symbol exists; the server refuses to rename it here (a keyword, a literal, a library symbol …).
  return new LocusError(
    'CAPABILITY_MISSING',
    `The language server cannot rename ${what} at ${target.cursor.display}.`,
    {
      details: { kind: 'not-renamable' },
      hint: "Point at the symbol's name, e.g. `file:Class.method` (its declaration) or `file@obj.<|>method`.",
    },
  );
}
