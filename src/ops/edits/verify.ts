/**
 * Verified edits (docs/verified-edits.md): before anything is written, the servers see the previewed text
 * as unsaved changes (didChange); the diagnostics of every touched file and of the files that reference the
 * symbol are compared with a baseline taken just before, and the servers' view is restored whatever happens.
 * Verification never writes a file. An apply whose verification finds new errors needs `force`.
 */
import type { Diagnostic, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { LocusError } from '../../core/errors.js';
import type { Session } from '../../lsp/session.js';
import { DEFAULT_COLLECT } from '../../lsp/collect-diagnostics.js';
import type { OpsContext } from '../context/context.js';
import { severityOf } from '../analysis/diagnostics.js';
import { applyPlan, editResultFields, planWorkspaceEdit, type EditPlan } from './edits.js';
import { compareErrors, type RenamedNames } from './verify-compare.js';
import type { VerifiedEditOptions, Verification, VerifiedEditFields } from '../results/verify.js';
export type {
  VerifiedEditOptions,
  NewError,
  Unverifiable,
  Verification,
  VerifiedEditFields,
} from '../results/verify.js';

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
  names?: RenamedNames,
): Promise<VerifiedEditFields> {
  const plan = planWorkspaceEdit(context, edit);
  const verification =
    options.verify === true && plan.changes.length > 0
      ? await verifyPlan(context, plan, referencing, names)
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
  names?: RenamedNames,
): Promise<Verification> {
  const { files, unchecked } = filesToCheck(context, plan, referencing);
  for (let attempt = 1; ; attempt++) {
    const starts = files.map((f) => f.session.info().starts);
    const outcome = await checkOnce(files);
    if (files.every((f, i) => f.session.info().starts === starts[i])) {
      const compared = files.map((f) => ({
        relPath: f.relPath,
        after: f.after,
        baseline: outcome.baseline.get(f.absPath) ?? [],
        errors: outcome.after.get(f.absPath) ?? [],
      }));
      return compareErrors(compared, outcome.settled, unchecked, names);
    }
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
    const shown = files.map((file) => (files.length > 1 ? rebuilt(file.after) : file.after));
    // Each file once more, now that all show their new text: one shown before a header it includes was built
    // against the old header (clangd rebuilds a file only when the file itself changes).
    for (const [i, file] of files.entries()) await file.session.showText(file.absPath, shown[i] as string);
    const since = performance.now();
    for (const [i, file] of files.entries())
      after.set(file.absPath, await collect(file, shown[i] as string, since));
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

/**
 * A text the server must build again, with the same code, lines and positions: one more newline at the end (a server
 * skips a rebuild when a document's text did not change, even when a header it includes did).
 */
function rebuilt(text: string): string {
  return `${text}\n`;
}

/**
 * Gives every server the disk text back; a server that died meanwhile restarts from the disk anyway. Each file is
 * rebuilt from the disk's text (the shown one differs from it), and the server's next cross-file answer — a rename,
 * references — waits until it has been: clangd indexes an open file from its last build, and a rename right after
 * verification would otherwise miss the files still indexed with the new name. (Closing them instead would leave
 * holes: clangd then trusts neither its build of the file nor its background index of it.)
 */
async function restore(files: readonly Checked[]): Promise<void> {
  try {
    for (const file of files) await file.session.restoreText(file.absPath, file.before);
    // The quiet period of settled diagnostics also covers a build that follows a provisional one.
    for (const file of files) await file.session.diagnostics(file.absPath, file.before, DEFAULT_COLLECT);
  } catch {
    // The server is gone: its successor reads the disk, which verification never touched.
  }
}
