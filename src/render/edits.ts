/**
 * Renders edit results (rename, code actions, formatting): summary, diff in a fence longer than any
 * backtick run inside, fingerprint and how to apply.
 */
import { NEUTRAL_WORDING, wordAll, type Wording } from '../core/advice.js';
import type { CodeActionsResult } from '../ops/code-actions.js';
import type { FormatResult } from '../ops/format.js';
import type { EditResultFields } from '../ops/edits.js';
import type { RenameResult } from '../ops/rename.js';
import { renderCursor, renderResultNotes } from './cursor.js';

/** A fenced block whose fence is longer than any backtick run in the text. */
export function fenced(text: string, language = ''): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}

/** Summary, diff and apply instructions of an edit. */
export function renderEdit(edit: EditResultFields, what: string, word: Wording = NEUTRAL_WORDING): string {
  if (edit.files.length === 0) return `${what}: no changes.`;
  const count = edit.files.reduce((n, f) => n + f.edits, 0);
  const lines = [
    `${what}: ${count} edit(s) in ${edit.files.length} file(s)${edit.applied ? ' — applied' : ' — preview, nothing written'}:`,
  ];
  const sizes = new Map((edit.diff_summary ?? []).map((f) => [f.file_path, f]));
  for (const file of edit.files) {
    const size = sizes.get(file.file_path);
    const summary = size ? `; ${size.hunks} hunk(s), +${size.added} −${size.removed}` : '';
    lines.push(`- ${file.file_path} (${file.edits}${summary})`);
  }
  for (const skipped of edit.skipped ?? []) lines.push(`Not applied by Locus: ${skipped}`);
  const label = edit.diff_complete === false ? 'Diff (the first files and hunks that fit the budget):' : '';
  lines.push(
    '',
    ...(label ? [label] : []),
    fenced(edit.diff, 'diff'),
    '',
    `Fingerprint: ${edit.fingerprint}`,
  );
  lines.push(...wordAll(edit.advice, word));
  return lines.join('\n');
}

/** The rename answer. */
export function renderRename(result: RenameResult, word: Wording = NEUTRAL_WORDING): string {
  return [
    renderCursor(result.cursor),
    ...renderResultNotes(result),
    '',
    renderEdit(result, `Rename to ${result.new_name}`, word),
  ].join('\n');
}

/** The code actions answer. */
export function renderCodeActions(result: CodeActionsResult, word: Wording = NEUTRAL_WORDING): string {
  const lines = [renderCursor(result.cursor), ...renderResultNotes(result), ''];
  lines.push(result.actions.length === 0 ? 'No code actions for this range.' : 'Code actions:');
  for (const a of result.actions) {
    const extra = [
      a.kind,
      a.preferred ? 'preferred' : undefined,
      a.disabled ? `disabled: ${a.disabled}` : undefined,
      a.has_edit ? undefined : 'command only',
    ].filter(Boolean);
    lines.push(`${a.index}. ${a.title}${extra.length > 0 ? ` (${extra.join(', ')})` : ''}`);
  }
  if (result.selected)
    lines.push(
      '',
      renderEdit(result.selected, `Action ${result.selected.index} "${result.selected.title}"`, word),
    );
  else if (result.actions.length > 0) lines.push('', 'Select one by index or title to preview its edit.');
  return lines.join('\n');
}

/** The formatting answer. */
export function renderFormat(result: FormatResult, word: Wording = NEUTRAL_WORDING): string {
  return [
    renderCursor(result.cursor),
    ...renderResultNotes(result),
    '',
    renderEdit(result, result.scope === 'document' ? 'Format document' : 'Format range', word),
  ].join('\n');
}
