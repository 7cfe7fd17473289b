/**
 * `locus edit <locate> --replace|--insert-before|--insert-after|--delete [--text T | --file F]`
 * (docs/edit.md): one edit from the command line, previewed unless --apply or --fingerprint.
 */
import { cancellableByCtrlC } from '../interrupt.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { text as readAll } from 'node:stream/consumers';
import type { EditAction } from '../../ops/edits/edit.js';
import { renderEditResult } from '../../render/edit.js';
import type { CommandContext, CommandSpec } from '../command.js';
import { report, UsageError, type CliIo } from '../io.js';
import { withLocus } from '../with-workspace.js';

const ACTION_FLAGS: Record<string, EditAction> = {
  replace: 'replace',
  'insert-before': 'insert_before',
  'insert-after': 'insert_after',
  delete: 'delete',
};

function actionOf(values: CommandContext['values']): EditAction {
  const given = Object.keys(ACTION_FLAGS).filter((flag) => values[flag] === true);
  if (given.length !== 1)
    throw new UsageError('edit takes exactly one of --replace, --insert-before, --insert-after, --delete.');
  return ACTION_FLAGS[given[0] as string] as EditAction;
}

async function textOf(
  io: CliIo,
  values: CommandContext['values'],
  action: EditAction,
): Promise<string | undefined> {
  const text = typeof values.text === 'string' ? values.text : undefined;
  const file = typeof values.file === 'string' ? values.file : undefined;
  if (action === 'delete') {
    if (text !== undefined || file !== undefined) throw new UsageError('--delete takes no --text or --file.');
    return undefined;
  }
  if ((text === undefined) === (file === undefined))
    throw new UsageError(
      `--${action.replace('_', '-')} needs the new code: --text T or --file F (- for stdin).`,
    );
  if (text !== undefined) return text;
  try {
    // `-` is the caller's stdin; a path is relative to the caller's folder, as a shell path is.
    return file === '-'
      ? await readAll(io.stdin())
      : readFileSync(path.resolve(io.cwd, file as string), 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read --file ${file}: ${(error as Error).message}`);
  }
}

/** The edit command. */
export const editCommand: CommandSpec = {
  name: 'edit',
  usage:
    'locus edit <locate> --replace|--insert-before|--insert-after|--delete [--text T | --file F] [--include-doc-comment] [--format] [--verify] [--force] [--apply | --fingerprint F] [--json]',
  summary: 'Replace, insert before/after or delete a located symbol, line range or match (diff first).',
  options: {
    replace: { type: 'boolean' },
    'insert-before': { type: 'boolean' },
    'insert-after': { type: 'boolean' },
    delete: { type: 'boolean' },
    text: { type: 'string' },
    file: { type: 'string' },
    'include-doc-comment': { type: 'boolean' },
    format: { type: 'boolean' },
    force: { type: 'boolean' },
    verify: { type: 'boolean' },
    apply: { type: 'boolean' },
    fingerprint: { type: 'string' },
  },
  async run(context) {
    const { positionals, values, json, io } = context;
    if (positionals.length !== 1) throw new UsageError('edit takes 1 argument (the locate string).');
    const action = actionOf(values);
    const text = await textOf(io, values, action);
    return withLocus(context, async (locus) => {
      const request = {
        locate: positionals[0] as string,
        action,
        ...(text === undefined ? {} : { text }),
        ...(values['include-doc-comment'] === true ? { include_doc_comment: true } : {}),
      };
      const result = await cancellableByCtrlC(io, (signal) =>
        locus.edit([request], {
          signal,
          ...(values.apply === true ? { apply: true } : {}),
          ...(typeof values.fingerprint === 'string' ? { fingerprint: values.fingerprint } : {}),
          ...(values.force === true ? { force: true } : {}),
          ...(values.verify === true ? { verify: true } : {}),
          ...(values.format === true ? { format: true } : {}),
        }),
      );
      return report(io, result, json, renderEditResult);
    });
  },
};
