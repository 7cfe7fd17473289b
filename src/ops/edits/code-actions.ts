/**
 * code_actions (docs/operations.md, "What the operations do"): the actions a server offers for a located range, and — for the one the
 * caller selects — its edit as a diff with a fingerprint, applied only when asked.
 */
import type { CodeAction, Command } from 'vscode-languageserver-protocol';
import { LocusError } from '../../core/errors.js';
import type { Range } from '../../core/positions.js';
import type { OpsContext } from '../context/context.js';
import type { LocateInput } from '../locating/locator.js';
import { verifiedPreviewOrApply } from './verify.js';
import { resolveTarget, resultBase } from '../context/target.js';
import type { ActionEntry, CodeActionsResult, CodeActionOptions } from '../results/code-actions.js';
export type { ActionEntry, CodeActionsResult, CodeActionOptions } from '../results/code-actions.js';

/** Lists (and optionally previews or applies) code actions for a located range. */
export async function codeActions(
  context: OpsContext,
  input: LocateInput,
  options: CodeActionOptions = {},
): Promise<CodeActionsResult> {
  // Checked before any server starts.
  if (options.select === undefined && (options.apply || options.fingerprint)) throw selectMissing();
  const target = await resolveTarget(context, 'code actions', input, 'range');
  const range = target.range as Range;
  const { absPath, text } = target.loaded.file;
  // No diagnostics given: the session passes the server's own for this range, so quick fixes appear.
  const answer = await target.session.codeActions(
    absPath,
    text,
    range,
    options.only ? { only: options.only } : {},
  );
  const actions = answer.result.map(entry);
  const result: CodeActionsResult = { ...resultBase(target, answer), range, actions };
  if (options.select === undefined) {
    return result;
  }
  const chosen = pick(answer.result, actions, options.select);
  let action = chosen.raw;
  if (
    !('edit' in action && action.edit) &&
    'data' in action &&
    !('command' in action && typeof action.command === 'string')
  ) {
    action = (await target.session.resolveCodeAction(absPath, text, action as CodeAction)).result;
  }
  let edit = 'edit' in action ? action.edit : undefined;
  const command = commandOf(action);
  if (!edit && command) edit = (await target.session.commandEdit(absPath, text, command)) ?? undefined;
  if (!edit) {
    throw new LocusError(
      'CAPABILITY_MISSING',
      `"${chosen.entry.title}" ${command ? 'ran its server command, which sent no edit' : 'has no edit'} Locus can preview.`,
      {
        hint: 'Pick an action with has_edit: true or a command action whose command edits files.',
      },
    );
  }
  const fields = await verifiedPreviewOrApply(context, edit, options);
  result.selected = { index: chosen.entry.index, title: chosen.entry.title, ...fields };
  return result;
}

/** The command an action runs: a bare Command, or a CodeAction's `command`. */
function commandOf(action: Command | CodeAction): Command | undefined {
  if (typeof action.command === 'string') return action as Command;
  return action.command;
}

function entry(action: Command | CodeAction, index: number): ActionEntry {
  const out: ActionEntry = {
    index,
    title: action.title,
    has_edit: 'edit' in action || ('data' in action && !(typeof action.command === 'string')),
  };
  if (!out.has_edit && commandOf(action)) out.via_command = true;
  if ('kind' in action && action.kind) out.kind = action.kind;
  if ('isPreferred' in action && action.isPreferred) out.preferred = true;
  if ('disabled' in action && action.disabled) out.disabled = action.disabled.reason;
  return out;
}

function pick(
  raw: (Command | CodeAction)[],
  actions: ActionEntry[],
  select: number | string,
): { raw: Command | CodeAction; entry: ActionEntry } {
  const index = typeof select === 'number' ? select : actions.findIndex((a) => a.title === select);
  const entry = actions[index];
  const action = raw[index];
  if (!entry || !action) {
    const titles = actions.map((a) => `${a.index}: ${a.title}`).join('; ') || 'none';
    throw new LocusError('NO_MATCH', `No code action ${JSON.stringify(select)} here.`, {
      hint: `Offered: ${titles}.`,
    });
  }
  if (entry.disabled)
    throw new LocusError('CAPABILITY_MISSING', `"${entry.title}" is disabled: ${entry.disabled}.`, {
      hint: 'Pick another action.',
    });
  return { raw: action, entry };
}

function selectMissing(): LocusError {
  return new LocusError('INVALID_ARGUMENT', 'Select an action to apply.', {
    hint: 'Pass its index or title (call without applying to see the list).',
    details: { argument: 'select' },
  });
}
