/**
 * Renders edit results (rename, code actions, formatting): summary, diff in a fence longer than any
 * backtick run inside, fingerprint and how to apply.
 */
import { NEUTRAL_WORDING, wordAll, type Wording } from '../core/advice.js';
import type { CodeActionsResult } from '../ops/edits/code-actions.js';
import type { FormatResult } from '../ops/edits/format.js';
import type { VerifiedEditFields, Verification } from '../ops/edits/verify.js';
import type { RenameResult } from '../ops/edits/rename.js';
import { renderCursor, renderResultNotes } from './cursor.js';
import { codeSpan } from './markdown.js';

/** A fenced block whose fence is longer than any backtick run in the text. */
export function fenced(text: string, language = ''): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}

/** Summary, diff and apply instructions of an edit. */
export function renderEdit(edit: VerifiedEditFields, what: string, word: Wording = NEUTRAL_WORDING): string {
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
  if (edit.verification) lines.push(...renderVerification(edit.verification, word));
  lines.push(...wordAll(edit.advice, word));
  return lines.join('\n');
}

/** The rename answer: the edit, then its safety warnings. */
export function renderRename(result: RenameResult, word: Wording = NEUTRAL_WORDING): string {
  const lines = [
    renderCursor(result.cursor),
    ...renderResultNotes(result),
    '',
    renderEdit(result, `Rename to ${result.new_name}`, word),
  ];
  if (result.warnings.length > 0) {
    const blocking = result.warnings.filter((w) => w.blocks_apply).length;
    const total = result.warnings.length + (result.omitted_warnings ?? []).reduce((n, o) => n + o.count, 0);
    lines.push(
      '',
      blocking > 0
        ? `⚠ ${total} safety warning(s), most confident first. ${word({ kind: 'force' })}`
        : `${total} advisory note(s) (they do not block applying):`,
    );
    for (const w of result.warnings) {
      lines.push(`- [${w.kind}, ${w.confidence}${w.blocks_apply ? '' : ', advisory'}] ${w.message}`);
      if (w.snippet) lines.push(`  ${codeSpan(w.snippet)}`);
      if (w.locate) lines.push(`  locate: ${codeSpan(w.locate)}`);
    }
    for (const o of result.omitted_warnings ?? []) lines.push(`- … and ${o.count} more ${o.kind} not listed`);
  }
  return lines.join('\n');
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
      a.has_edit ? undefined : a.via_command ? 'server command: selecting previews its edit' : 'no edit',
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

/** The verification block: the summary line, then each new error at its place in the edited text. */
function renderVerification(v: Verification, word: Wording): string[] {
  const lines = [
    '',
    `${v.new_errors.length > 0 ? '⚠ ' : ''}${v.summary}${v.fixed_errors > 0 ? ` (${v.fixed_errors} fixed)` : ''}${v.settled ? '' : ' — a server did not settle in time; the check may be incomplete'}.`,
  ];
  for (const e of v.new_errors) {
    lines.push(
      `- ${e.display} (after the edit): ${e.message.replace(/\s*\n\s*/g, ' ')}${e.code ? ` [${e.code}]` : ''}`,
    );
    lines.push(`  ${codeSpan(e.snippet)}`);
  }
  for (const u of v.unverifiable ?? []) lines.push(`Not verifiable: ${u.file_path} — ${u.reason}`);
  if (v.unchecked) lines.push(`Not checked (no language server): ${v.unchecked.join(', ')}`);
  if (v.referencing_not_checked)
    lines.push(
      `Not checked: ${v.referencing_not_checked} more file(s) that reference the symbol (the touched files and the first 40 referencing ones are).`,
    );
  if (v.new_errors.length > 0) lines.push(word({ kind: 'force' }));
  return lines;
}
