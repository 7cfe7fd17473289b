/**
 * rename (docs/operations.md, "What the operations do"): prepareRename + rename → a unified diff and a fingerprint. Nothing is
 * written unless the caller asks (`apply`, or the fingerprint of an earlier preview).
 */
import { LocusError, isLocusError } from '../../core/errors.js';
import { clip } from '../../core/limits.js';
import { isReservedWord } from '../../syntax/reserved-words.js';
import type { OpsContext } from '../context/context.js';
import type { LocateInput } from '../locating/locator.js';
import { renameWarnings, safetyRequests, type RenameWarning } from './rename-safety.js';
import { editResultFields, planWorkspaceEdit } from './edits.js';
import { verifiedPreviewOrApply } from './verify.js';
import { resolveTarget, resultBase, type OpTarget } from '../context/target.js';
import type { RenameOptions, RenameResult } from '../results/rename.js';
export type { RenameOptions, RenameResult } from '../results/rename.js';

/** Renames the symbol at a located position. */
export async function rename(
  context: OpsContext,
  input: LocateInput,
  newName: string,
  options: RenameOptions = {},
): Promise<RenameResult> {
  if (
    newName.length === 0 ||
    newName.length > MAX_NAME ||
    /[\r\n]/.test(newName) ||
    newName !== newName.trim()
  )
    throw invalidName(newName, undefined);
  const target = await resolveTarget(context, 'rename', input);
  // Every server request of the preview is sent at once (none needs another's answer), and the new name is
  // checked while the servers work: no answer is used before the name passed, and prepareRename's refusal still
  // comes first (the other answers are then dropped).
  const renaming = target.session.rename(
    target.loaded.file.absPath,
    target.loaded.file.text,
    target.position,
    newName,
  );
  renaming.catch(() => undefined);
  const oldName = target.cursor.symbol?.name ?? '';
  const early = safetyRequests(context, target, oldName, newName);
  const renamable = checkRenamable(target);
  renamable.catch(() => undefined);
  await checkNewName(context, target, newName);
  await renamable;
  const answer = await renaming;
  if (!answer.result) throw notRenamable(target);
  const writes = options.apply === true || options.fingerprint !== undefined;
  if (writes && answer.unready === true && options.force !== true) throw incomplete(answer.incompleteReason);
  // A plain preview's files and diff are made while the safety requests may still be out (the same fields
  // verifiedPreviewOrApply gives when it neither verifies nor writes).
  const preview =
    writes || options.verify === true
      ? undefined
      : editResultFields(context, planWorkspaceEdit(context, answer.result), options, false);
  preview?.catch(() => undefined);
  const { warnings, omitted, referencing } = await renameWarnings(
    context,
    target,
    answer.result,
    oldName,
    newName,
    early,
  );
  const blocking = warnings.filter((w) => w.blocks_apply);
  if (writes && blocking.length > 0 && options.force !== true) throw unsafe(blocking);
  const result: RenameResult = {
    ...resultBase(target, answer),
    new_name: newName,
    ...((await preview) ??
      (await verifiedPreviewOrApply(context, answer.result, options, referencing, { oldName, newName }))),
    warnings,
  };
  if (omitted.length > 0) result.omitted_warnings = omitted;
  return result;
}

function unsafe(warnings: RenameWarning[]): LocusError {
  const kinds = [...new Set(warnings.map((w) => w.kind))].join(', ');
  return new LocusError(
    'UNSAFE_EDIT',
    `Nothing was written: the rename has ${warnings.length} safety warning(s) (${kinds}):\n${warnings
      .slice(0, 10)
      .map((w) => `- [${w.kind}, ${w.confidence}] ${w.message}`)
      .join('\n')}`,
    {
      hint: 'Review the warnings in the preview; rename the missed places too, or force the apply.',
      advice: [{ kind: 'force' }],
      details: { warnings },
    },
  );
}

/**
 * A rename answered before the server was ready (still loading the project, or the files changed behind the request)
 * may miss places: writing it would leave the code half renamed, so it is shown, not applied (docs/operations.md,
 * "What the operations do"). A ready server that reports a problem with the project (rust-analyzer without the
 * standard library's sources) gives the rename it can: flagged possibly incomplete, but applied when asked.
 */
function incomplete(reason: string | undefined): LocusError {
  return new LocusError(
    'UNSAFE_EDIT',
    `Nothing was written: the language server's rename may be incomplete (${reason ?? 'it was not ready'}).`,
    {
      hint: 'Preview the rename again once the server is ready (the answer then has no possibly_incomplete), or force the apply.',
      advice: [{ kind: 'force' }],
      details: { kind: 'possibly-incomplete', ...(reason === undefined ? {} : { reason }) },
    },
  );
}

const MAX_NAME = 1024;

function invalidName(newName: string, language: string | undefined): LocusError {
  return new LocusError(
    'INVALID_ARGUMENT',
    `"${clip(newName)}" is not ${language ? `a ${language} identifier` : 'a usable new name'}.`,
    {
      hint: 'Give the new name as one identifier of the language, e.g. `total_price`, nothing around it.',
      details: { argument: 'new_name' },
    },
  );
}

/**
 * The new name must read as one identifier where the old one stands (tree-sitter), so no code is injected. Where
 * the tree reads the name as text — a string the server renames (a TypeScript property key), or code tree-sitter
 * misparsed (neofetch's `get_ppid() {` lies in what tree-sitter-bash takes for a string) — it must be a plain word.
 */
async function checkNewName(context: OpsContext, target: OpTarget, newName: string): Promise<void> {
  const { language, file } = target.loaded;
  if (!language) return;
  const identifier = await context.locator.syntax.identifierAt(
    file.absPath,
    language,
    file.text,
    target.offset,
  );
  if (!identifier) return;
  const usable =
    identifier.role === 'string' || identifier.role === 'comment'
      ? PLAIN_WORD.test(newName) && !isReservedWord(language, newName)
      : await context.locator.syntax.nameFits(file.absPath, language, file.text, identifier.span, newName);
  if (!usable) throw invalidName(newName, language);
}

/** A word of letters, digits and `_` (`$` in JavaScript's), not starting with a digit. */
const PLAIN_WORD = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;

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
