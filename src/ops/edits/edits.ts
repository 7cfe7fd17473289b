/**
 * Safe edits (docs/operations.md, "What the operations do"): a server's WorkspaceEdit becomes per-file
 * new contents, a unified diff and a fingerprint of every touched file's content. Applying checks the
 * fingerprint and each file, commits all files through the apply journal (apply-journal.ts: all or
 * nothing, even across a crash), and tells the servers.
 */
import { createHash } from 'node:crypto';
import type { TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { throwIfCancelled } from '../../core/call.js';
import { LocusError } from '../../core/errors.js';

import { LineIndex } from '../../core/line-index.js';
import { uriToPath } from '../../lsp/uri.js';
import { commitTarget } from '../../workspace/commit-target.js';
import { commitFiles, type FileWriter } from '../../workspace/apply-journal.js';
import type { OpsContext } from '../context/context.js';
import { boundedDiff, unifiedDiff } from '../locating/diff.js';
import type { EditOptions, EditResultFields } from '../results/edits.js';
export type { EditOptions, EditResultFields } from '../results/edits.js';

export { unifiedDiff } from '../locating/diff.js';

export type { FileWriter } from '../../workspace/apply-journal.js';

/** The new content of one file. */
export interface FileChange {
  file_path: string;
  absPath: string;
  before: string;
  after: string;
  hadBom: boolean;
  edit_count: number;
  /** No edit crossed or added a line break: each line of `after` is its line of `before` (diff.ts pairs them). */
  inPlace?: boolean;
}

/** An edit ready to preview or apply. */
export interface EditPlan {
  changes: FileChange[];
  /** The whole unified diff (computed on each read). */
  readonly diff: string;
  fingerprint: string;
  /** Parts of the server's edit Locus does not apply (file creation, renames, deletes). */
  skipped: string[];
}

/** Builds the plan for a WorkspaceEdit against the files' current content. */
export function planWorkspaceEdit(context: OpsContext, edit: WorkspaceEdit | null): EditPlan {
  const byUri = new Map<string, TextEdit[]>();
  const skipped: string[] = [];
  for (const [uri, edits] of Object.entries(edit?.changes ?? {}))
    byUri.set(uri, [...(byUri.get(uri) ?? []), ...edits]);
  for (const change of edit?.documentChanges ?? []) {
    if ('textDocument' in change)
      byUri.set(change.textDocument.uri, [
        ...(byUri.get(change.textDocument.uri) ?? []),
        ...(change.edits as TextEdit[]),
      ]);
    else
      skipped.push(`${change.kind} ${'uri' in change ? change.uri : `${change.oldUri} → ${change.newUri}`}`);
  }
  const changes: FileChange[] = [];
  for (const [uri, edits] of byUri) {
    const change = fileChange(context, uri, edits);
    if (change.before !== change.after) changes.push(change);
  }
  changes.sort((a, b) => a.file_path.localeCompare(b.file_path));
  // The whole diff only when asked: the answer's diff is made within its budget (editResultFields).
  return {
    changes,
    get diff() {
      return unifiedDiff(changes);
    },
    fingerprint: fingerprint(changes),
    skipped,
  };
}

/** Applies text edits of one file to its current content. */
export function fileChange(context: OpsContext, uri: string, edits: readonly TextEdit[]): FileChange {
  const absPath = uriToPath(uri) ?? uri;
  const file = context.locator.workspace.readText(absPath);
  const after = applyTextEdits(file.text, edits);
  return {
    file_path: file.relPath,
    absPath: file.absPath,
    before: file.text,
    after,
    hadBom: file.hadBom,
    edit_count: edits.length,
    inPlace: edits.every((e) => e.range.start.line === e.range.end.line && !/[\r\n]/.test(e.newText)),
  };
}

/** Applies LSP text edits (all against the same original text) and returns the new text. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const lines = new LineIndex(text);
  const spans = edits
    .map((e, order) => ({
      start: lines.toOffset(e.range.start),
      end: lines.toOffset(e.range.end),
      newText: e.newText,
      order,
    }))
    .sort((a, b) => a.start - b.start || a.end - b.end || a.order - b.order);
  let out = '';
  let cursor = 0;
  for (const span of spans) {
    if (span.start < cursor || span.end < span.start) {
      throw new LocusError('SERVER_FAILED', 'The language server sent overlapping edits.', {
        hint: 'Try again; if it persists, report the server.',
      });
    }
    out += text.slice(cursor, span.start) + span.newText;
    cursor = span.end;
  }
  return out + text.slice(cursor);
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A hash of every touched file's path and current content (and the proposed result). */
export function fingerprint(changes: readonly FileChange[]): string {
  const parts = changes.map((c) => `${c.file_path}\0${sha256(c.before)}\0${sha256(c.after)}`);
  return sha256(parts.join('\n')).slice(0, 16);
}

/** Applies a plan: every touched file must still have the planned content; all or nothing, crash included. */
export async function applyPlan(
  context: OpsContext,
  plan: EditPlan,
  expectedFingerprint?: string,
  options: { write?: FileWriter; force?: boolean } = {},
): Promise<void> {
  if (expectedFingerprint !== undefined && expectedFingerprint !== plan.fingerprint) {
    throw new LocusError(
      'FILE_CHANGED',
      'The files changed since the preview (its fingerprint no longer matches); nothing was written.',
      {
        hint: 'Preview the edit again and apply the new preview.',
      },
    );
  }
  // The last moment a cancel can stop the edit: once the first file is written, all of them are.
  throwIfCancelled(context.call?.signal);
  const workspace = context.locator.workspace;
  const files = plan.changes.map((change) =>
    commitTarget(workspace.realRoot, change, options.force === true),
  );
  commitFiles(workspace.realRoot, files, {
    ...(options.write ? { write: options.write } : {}),
    keepOwner: options.force !== true,
  });
  // Answers cached before the write (references pages) are stale now.
  context.freshness.noteChange();
  for (const change of plan.changes) await context.lsp.documentChanged(change.absPath, change.after);
  await context.lsp.notifyFilesChanged(
    plan.changes.map((c) => ({ path: c.absPath, kind: 'changed' as const })),
  );
}

/**
 * The answer fields of a planned edit: files, the diff within the budget, the fingerprint, advice. The diff of big
 * files is made in the syntax worker (offload.ts), so other calls are answered meanwhile and a cancel stops it.
 */
export async function editResultFields(
  context: OpsContext,
  plan: EditPlan,
  options: EditOptions,
  applied: boolean,
): Promise<EditResultFields> {
  const full = options.fullDiff === true;
  const bounded = context.offload
    ? await context.offload.diff(plan.changes, options.budget, full, context.call?.signal)
    : boundedDiff(plan.changes, options.budget, full);
  const fields: EditResultFields = {
    files: plan.changes.map((c) => ({ file_path: c.file_path, edits: c.edit_count })),
    diff: bounded.diff,
    fingerprint: plan.fingerprint,
    applied,
    diff_complete: bounded.diff_complete,
  };
  if (bounded.diff_summary) fields.diff_summary = bounded.diff_summary;
  if (bounded.coarse) fields.diff_coarse = bounded.coarse;
  const advice = [...(bounded.advice ?? [])];
  if (!applied && plan.changes.length > 0)
    advice.push({ kind: 'apply-preview', fingerprint: plan.fingerprint });
  if (advice.length > 0) fields.advice = advice;
  if (plan.skipped.length > 0) fields.skipped = plan.skipped;
  return fields;
}
