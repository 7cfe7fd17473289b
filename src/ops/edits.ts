/**
 * Safe edits (SPEC §8.1): a server's WorkspaceEdit becomes per-file new contents, a unified diff and
 * a fingerprint of every touched file's content. Applying checks the fingerprint, writes each file
 * atomically (temp file + rename), restores everything on failure, and tells the servers.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { structuredPatch } from 'diff';
import type { TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { LocusError } from '../core/errors.js';
import { LineIndex } from '../core/line-index.js';
import { uriToPath } from '../lsp/uri.js';
import { decodeText } from '../workspace/workspace.js';
import type { OpsContext } from './context.js';

/** Whether to write an edit: `apply`, or the fingerprint of an earlier preview. */
export interface EditOptions {
  /** Write the edit now. */
  apply?: boolean;
  /** Apply only if the files still match this preview's fingerprint (implies apply). */
  fingerprint?: string;
}

/** An edit result: what would change (or changed). */
export interface EditResultFields {
  files: { file_path: string; edits: number }[];
  diff: string;
  fingerprint: string;
  applied: boolean;
  skipped?: string[];
}

/** The new content of one file. */
export interface FileChange {
  file_path: string;
  absPath: string;
  before: string;
  after: string;
  hadBom: boolean;
  edit_count: number;
}

/** An edit ready to preview or apply. */
export interface EditPlan {
  changes: FileChange[];
  diff: string;
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
  return { changes, diff: unifiedDiff(changes), fingerprint: fingerprint(changes), skipped };
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

/** A unified diff of every change (`--- a/path`, `+++ b/path`, hunks with 3 lines of context). */
export function unifiedDiff(changes: readonly FileChange[]): string {
  return changes
    .map((change) => {
      const patch = structuredPatch(
        `a/${change.file_path}`,
        `b/${change.file_path}`,
        change.before,
        change.after,
        '',
        '',
        { context: 3 },
      );
      const hunks = patch.hunks.map((h) =>
        [`@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`, ...h.lines].join('\n'),
      );
      return [`--- a/${change.file_path}`, `+++ b/${change.file_path}`, ...hunks].join('\n');
    })
    .join('\n');
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A hash of every touched file's path and current content (and the proposed result). */
export function fingerprint(changes: readonly FileChange[]): string {
  const parts = changes.map((c) => `${c.file_path}\0${sha256(c.before)}\0${sha256(c.after)}`);
  return sha256(parts.join('\n')).slice(0, 16);
}

/** Writes one file's new content; replaceable in tests to inject a failing disk. */
export type FileWriter = (absPath: string, text: string) => void;

/** Applies a plan: every touched file must still have the planned content; all or nothing. */
export async function applyPlan(
  context: OpsContext,
  plan: EditPlan,
  expectedFingerprint?: string,
  write: FileWriter = writeAtomically,
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
  for (const change of plan.changes) {
    if (currentText(change) !== change.before) {
      throw new LocusError(
        'FILE_CHANGED',
        `${change.file_path} changed since the edit was computed; nothing was written.`,
        {
          hint: 'Preview the edit again.',
        },
      );
    }
  }
  const written: FileChange[] = [];
  try {
    for (const change of plan.changes) {
      write(change.absPath, (change.hadBom ? '\uFEFF' : '') + change.after);
      written.push(change);
    }
  } catch (cause) {
    for (const change of written)
      writeAtomically(change.absPath, (change.hadBom ? '\uFEFF' : '') + change.before);
    throw new LocusError(
      'FILE_CHANGED',
      `Could not write every file (${String(cause)}); every file was restored.`,
      {
        hint: 'Check file permissions and disk space, then try again.',
        cause,
      },
    );
  }
  // Answers cached before the write (references pages) are stale now.
  context.freshness.noteChange();
  for (const change of plan.changes) await context.lsp.documentChanged(change.absPath, change.after);
  await context.lsp.notifyFilesChanged(
    plan.changes.map((c) => ({ path: c.absPath, kind: 'changed' as const })),
  );
}

/** The file's text now, or undefined when it is gone or no longer text. */
function currentText(change: FileChange): string | undefined {
  try {
    return decodeText(readFileSync(change.absPath), change.file_path).text;
  } catch {
    return undefined;
  }
}

/** Writes through a temp file in the same directory and a rename (keeps the file's mode). */
function writeAtomically(absPath: string, text: string): void {
  const temp = path.join(
    path.dirname(absPath),
    `.${path.basename(absPath)}.locus-${randomBytes(4).toString('hex')}.tmp`,
  );
  const mode = statSync(absPath).mode;
  try {
    writeFileSync(temp, text, { mode });
    renameSync(temp, absPath);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // The temp file may not exist; nothing else to clean.
    }
    throw error;
  }
}

/** Plans an edit and writes it when the options ask for it (SPEC §8.1); returns the result fields. */
export async function previewOrApply(
  context: OpsContext,
  edit: WorkspaceEdit | null,
  options: EditOptions,
): Promise<EditResultFields> {
  const plan = planWorkspaceEdit(context, edit);
  const applied = options.apply === true || options.fingerprint !== undefined;
  if (applied) await applyPlan(context, plan, options.fingerprint);
  const fields: EditResultFields = {
    files: plan.changes.map((c) => ({ file_path: c.file_path, edits: c.edit_count })),
    diff: plan.diff,
    fingerprint: plan.fingerprint,
    applied,
  };
  if (plan.skipped.length > 0) fields.skipped = plan.skipped;
  return fields;
}
