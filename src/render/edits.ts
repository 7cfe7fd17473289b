/**
 * Renders edit results (rename, code actions, formatting): summary, diff in a fence longer than any
 * backtick run inside, fingerprint and how to apply.
 */
import { NEUTRAL_WORDING, wordAll, type Wording } from '../core/advice.js';
import type { CodeActionsResult } from '../ops/edits/code-actions.js';
import type { FormatResult } from '../ops/edits/format.js';
import type { VerifiedEditFields, Verification } from '../ops/edits/verify.js';
import type { RenameResult } from '../ops/edits/rename.js';
import { changedLines } from './changed-lines.js';
import { renderCursor, renderResultNotes, type Detail } from './cursor.js';
import { codeSpan } from './markdown.js';

/** A fenced block whose fence is longer than any backtick run in the text. */
export function fenced(text: string, language = ''): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}

/** Changed lines shown by a compact preview before the rest is only counted. */
export const COMPACT_CHANGED_LINES = 40;

/**
 * Summary, diff and apply instructions of an edit. Compact: the changed lines without context (at most
 * COMPACT_CHANGED_LINES) for a preview, only the counts once applied; the fingerprint and verification stay.
 */
export function renderEdit(
  edit: VerifiedEditFields,
  what: string,
  word: Wording = NEUTRAL_WORDING,
  detail: Detail = 'full',
  addedOnly = false,
): string {
  if (edit.files.length === 0) return `${what}: no changes.`;
  const count = edit.files.reduce((n, f) => n + f.edits, 0);
  const lines = [
    `${what}: ${count} edit(s) in ${edit.files.length} file(s)${edit.applied ? ' — applied' : ' — preview, nothing written'}:`,
  ];
  if (detail === 'compact' && !edit.applied)
    return [...lines, ...compactBody(edit, word, addedOnly)].join('\n');
  const sizes = new Map((edit.diff_summary ?? []).map((f) => [f.file_path, f]));
  for (const file of edit.files) {
    const size = sizes.get(file.file_path);
    const summary = size ? `; ${size.hunks} hunk(s), +${size.added} −${size.removed}` : '';
    lines.push(`- ${file.file_path} (${file.edits}${summary})`);
  }
  for (const skipped of edit.skipped ?? []) lines.push(`Not applied by Locus: ${skipped}`);
  for (const file of edit.diff_coarse ?? [])
    lines.push(
      `${file}: the changed lines are shown as one hunk (old removed, new added), not a minimal diff.`,
    );
  if (detail === 'compact') {
    const verification = edit.verification ? renderVerification(edit.verification, word) : [];
    return [...lines, ...verification, ...wordAll(edit.advice, word)].join('\n');
  }
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

/**
 * The compact rest of a preview: each file with its edit count, then its changed lines; files the diff leaves
 * out (cut to the budget) by count only; the fingerprint and any verification.
 */
function compactBody(edit: VerifiedEditFields, word: Wording, addedOnly: boolean): string[] {
  const sizes = new Map((edit.diff_summary ?? []).map((f) => [f.file_path, f]));
  const counts = new Map(
    edit.files.map((f) => {
      const size = sizes.get(f.file_path);
      const lines = size ? `, +${size.added} −${size.removed}` : '';
      return [f.file_path, `(${f.edits} edit${f.edits === 1 ? '' : 's'}${lines})`];
    }),
  );
  const changed = changedLines(edit.diff, COMPACT_CHANGED_LINES, addedOnly);
  const lines = [''];
  for (const line of changed.lines) {
    const count = line.startsWith(' ') ? undefined : counts.get(line);
    if (count !== undefined) counts.delete(line);
    lines.push(count === undefined ? line : `${line} ${count}`);
  }
  for (const [file, count] of counts) lines.push(`${file} ${count}`);
  for (const skipped of edit.skipped ?? []) lines.push(`Not applied by Locus: ${skipped}`);
  // A diff cut to the budget says so through its own advice (full-diff); only the compact cut is worded here.
  if (changed.more > 0 && edit.diff_complete !== false)
    lines.push(word({ kind: 'full-detail', what: 'the whole diff with context' }));
  lines.push('', `Fingerprint: ${edit.fingerprint}`);
  if (edit.verification) lines.push(...renderVerification(edit.verification, word));
  lines.push(...wordAll(edit.advice, word));
  return lines;
}

/** The rename answer: the edit, then its safety warnings (compact: one line each). */
export function renderRename(
  result: RenameResult,
  word: Wording = NEUTRAL_WORDING,
  detail: Detail = 'full',
): string {
  const lines = [
    renderCursor(result.cursor, detail),
    ...renderResultNotes(result),
    '',
    // A rename's removed lines are its new lines with the old name: the compact preview shows the new ones only.
    renderEdit(result, `Rename to ${result.new_name}`, word, detail, true),
  ];
  if (!result.applied && result.verification === undefined && result.files.length > 0)
    lines.push(word({ kind: 'verify' }));
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
      const head = `- [${w.kind}, ${w.confidence}${w.blocks_apply ? '' : ', advisory'}] ${w.message}`;
      if (detail === 'compact') {
        lines.push(w.locate ? `${head} ${codeSpan(w.locate)}` : head);
        continue;
      }
      lines.push(head);
      if (w.snippet) lines.push(`  ${codeSpan(w.snippet)}`);
      if (w.locate) lines.push(`  locate: ${codeSpan(w.locate)}`);
    }
    for (const o of result.omitted_warnings ?? []) lines.push(`- … and ${o.count} more ${o.kind} not listed`);
  }
  return lines.join('\n');
}

/** The code actions answer. */
export function renderCodeActions(
  result: CodeActionsResult,
  word: Wording = NEUTRAL_WORDING,
  detail: Detail = 'full',
): string {
  const lines = [renderCursor(result.cursor, detail), ...renderResultNotes(result), ''];
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
      renderEdit(result.selected, `Action ${result.selected.index} "${result.selected.title}"`, word, detail),
    );
  else if (result.actions.length > 0) lines.push('', 'Select one by index or title to preview its edit.');
  return lines.join('\n');
}

/** The formatting answer. */
export function renderFormat(
  result: FormatResult,
  word: Wording = NEUTRAL_WORDING,
  detail: Detail = 'full',
): string {
  return [
    renderCursor(result.cursor, detail),
    ...renderResultNotes(result),
    '',
    renderEdit(result, result.scope === 'document' ? 'Format document' : 'Format range', word, detail),
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
