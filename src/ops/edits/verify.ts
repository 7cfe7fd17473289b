/**
 * Verified edits (docs/verified-edits.md): before anything is written, the servers see the previewed text
 * as unsaved changes (didChange); the diagnostics of every touched file and of the files that reference the
 * symbol are compared with a baseline taken just before, and the servers' view is restored whatever happens.
 * Verification never writes a file. An apply whose verification finds new errors needs `force`.
 */
import type { Diagnostic, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { LocusError } from '../../core/errors.js';
import { LineIndex } from '../../core/line-index.js';
import { formatDisplay } from '../../core/positions.js';
import type { Session } from '../../lsp/session.js';
import { DEFAULT_COLLECT } from '../../lsp/collect-diagnostics.js';
import type { OpsContext } from '../context/context.js';
import { severityOf } from '../analysis/diagnostics.js';
import { applyPlan, editResultFields, planWorkspaceEdit, type EditPlan } from './edits.js';
import type { VerifiedEditOptions, NewError, Verification, VerifiedEditFields } from '../results/verify.js';
export type { VerifiedEditOptions, NewError, Verification, VerifiedEditFields } from '../results/verify.js';

interface Checked {
  absPath: string;
  relPath: string;
  session: Session;
  before: string;
  after: string;
}

/** Plans an edit, verifies it when asked, and writes it when asked (refusing new errors without force). */
export async function verifiedPreviewOrApply(
  context: OpsContext,
  edit: WorkspaceEdit | null,
  options: VerifiedEditOptions,
  referencing: readonly string[] = [],
): Promise<VerifiedEditFields> {
  const plan = planWorkspaceEdit(context, edit);
  const verification =
    options.verify === true && plan.changes.length > 0
      ? await verifyPlan(context, plan, referencing)
      : undefined;
  const applied = options.apply === true || options.fingerprint !== undefined;
  if (applied && verification && verification.new_errors.length > 0 && options.force !== true)
    throw new LocusError('UNSAFE_EDIT', `Nothing was written: ${verification.summary}.`, {
      hint: 'Fix the edit (see the new errors in the preview), or force the apply.',
      advice: [{ kind: 'force' }],
      details: { new_errors: verification.new_errors },
    });
  if (applied) await applyPlan(context, plan, options.fingerprint, { force: options.force === true });
  const fields: VerifiedEditFields = editResultFields(plan, options, applied);
  if (verification) fields.verification = verification;
  return fields;
}

/**
 * Shows the servers the plan's text, compares diagnostics with a baseline, restores their view. A server that
 * restarted meanwhile saw only part of the edit, so the check runs once more; twice is SERVER_FAILED.
 */
export async function verifyPlan(
  context: OpsContext,
  plan: EditPlan,
  referencing: readonly string[],
): Promise<Verification> {
  const { files, unchecked } = filesToCheck(context, plan, referencing);
  for (let attempt = 1; ; attempt++) {
    const starts = files.map((f) => f.session.info().starts);
    const outcome = await checkOnce(files);
    if (files.every((f, i) => f.session.info().starts === starts[i]))
      return compare(files, outcome.baseline, outcome.after, outcome.settled, unchecked);
    if (attempt === 2)
      throw new LocusError(
        'SERVER_FAILED',
        'A language server restarted twice during verification; nothing was written.',
        {
          hint: 'Try again; if it persists, preview without --verify and check the server.',
        },
      );
  }
}

async function checkOnce(
  files: readonly Checked[],
): Promise<{ baseline: Map<string, Diagnostic[]>; after: Map<string, Diagnostic[]>; settled: boolean }> {
  let settled = true;
  const collect = async (file: Checked, text: string, since?: number): Promise<Diagnostic[]> => {
    const got = await file.session.diagnostics(file.absPath, text, { ...DEFAULT_COLLECT, since });
    settled &&= got.settled;
    return got.diagnostics.filter((d) => severityOf(d) === 'error');
  };
  const baseline = new Map<string, Diagnostic[]>();
  for (const file of files) baseline.set(file.absPath, await collect(file, file.before));
  const after = new Map<string, Diagnostic[]>();
  try {
    for (const file of files) await file.session.showText(file.absPath, file.after);
    const since = performance.now();
    for (const file of files) after.set(file.absPath, await collect(file, file.after, since));
  } finally {
    await restore(files);
  }
  return { baseline, after, settled };
}

function filesToCheck(
  context: OpsContext,
  plan: EditPlan,
  referencing: readonly string[],
): { files: Checked[]; unchecked: string[] } {
  const files: Checked[] = [];
  const unchecked: string[] = [];
  const seen = new Set<string>();
  const add = (absPath: string, relPath: string, before: string, after: string): void => {
    if (seen.has(absPath)) return;
    seen.add(absPath);
    const session = context.lsp.forFile(absPath);
    if (session) files.push({ absPath, relPath, session, before, after });
    else unchecked.push(relPath);
  };
  for (const c of plan.changes) add(c.absPath, c.file_path, c.before, c.after);
  for (const absPath of referencing) {
    try {
      const file = context.locator.workspace.readText(absPath);
      add(file.absPath, file.relPath, file.text, file.text);
    } catch {
      // Outside the workspace or unreadable: not ours to check.
    }
  }
  return { files, unchecked };
}

/** Gives every server the disk text back; a server that died meanwhile restarts from the disk anyway. */
async function restore(files: readonly Checked[]): Promise<void> {
  for (const file of files) {
    if (file.before === file.after) continue;
    try {
      await file.session.showText(file.absPath, file.before);
    } catch {
      // The server is gone: its successor reads the disk, which verification never touched.
    }
  }
}

const keyOf = (d: Diagnostic): string => `${String(d.code ?? '')}\0${String(d.message)}`;

function compare(
  files: readonly Checked[],
  baseline: Map<string, Diagnostic[]>,
  after: Map<string, Diagnostic[]>,
  settled: boolean,
  unchecked: string[],
): Verification {
  const newErrors: NewError[] = [];
  let fixed = 0;
  for (const file of files) {
    const remaining = new Map<string, number>();
    for (const d of baseline.get(file.absPath) ?? [])
      remaining.set(keyOf(d), (remaining.get(keyOf(d)) ?? 0) + 1);
    const lines = new LineIndex(file.after);
    for (const d of after.get(file.absPath) ?? []) {
      const left = remaining.get(keyOf(d)) ?? 0;
      if (left > 0) remaining.set(keyOf(d), left - 1);
      else newErrors.push(describe(file, lines, d));
    }
    for (const n of remaining.values()) fixed += n;
  }
  const count = newErrors.length;
  const summary = `verified: ${count} new error${count === 1 ? '' : 's'} in ${files.length} file${files.length === 1 ? '' : 's'}`;
  const result: Verification = {
    summary,
    new_errors: newErrors,
    files_checked: files.length,
    fixed_errors: fixed,
    settled,
  };
  if (unchecked.length > 0) result.unchecked = unchecked;
  return result;
}

function describe(file: Checked, lines: LineIndex, d: Diagnostic): NewError {
  const offset = lines.toOffset(d.range.start);
  const line = lines.lineOf(offset);
  const error: NewError = {
    file_path: file.relPath,
    display: formatDisplay(file.relPath, lines.toDisplay(offset)),
    message: typeof d.message === 'string' ? d.message : String(d.message),
    snippet: `${line + 1} | ${lines.lineText(line).trim()}`,
  };
  if (d.code !== undefined) error.code = String(d.code);
  if (d.source !== undefined) error.source = d.source;
  return error;
}
