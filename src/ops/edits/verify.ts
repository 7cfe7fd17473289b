/**
 * Verified edits (docs/verified-edits.md): before anything is written, the servers see the previewed text
 * as unsaved changes (didChange); the diagnostics of every touched file and of the files that reference the
 * symbol are compared with a baseline taken just before, and the servers' view is restored whatever happens.
 * Verification never writes a file. An apply whose verification finds new errors needs `force`.
 */
import type { Diagnostic, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { LocusError } from '../../core/errors.js';
import { isHeaderPath } from '../../core/languages.js';
import type { Session } from '../../lsp/session.js';
import { DEFAULT_COLLECT } from '../../lsp/collect-diagnostics.js';
import type { OpsContext } from '../context/context.js';
import { severityOf } from '../analysis/diagnostics.js';
import { applyPlan, editResultFields, planWorkspaceEdit, type EditPlan } from './edits.js';
import { compareErrors, mergeBaselines, unmatched, type RenamedNames } from './verify-compare.js';
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
  // The diff before the write: a cancel or a deadline that stops it leaves the files as they were.
  const fields: VerifiedEditFields = await editResultFields(context, plan, options, applied);
  if (applied) await applyPlan(context, plan, options.fingerprint, { force: options.force === true });
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
  const { files, unchecked, skipped } = filesToCheck(context, plan, referencing);
  for (let attempt = 1; ; attempt++) {
    const starts = files.map((f) => f.session.info().starts);
    const outcome = await checkOnce(files, names);
    if (files.every((f, i) => f.session.info().starts === starts[i])) {
      const compared = files.map((f) => ({
        relPath: f.relPath,
        after: f.after,
        baseline: outcome.baseline.get(f.absPath) ?? [],
        errors: outcome.after.get(f.absPath) ?? [],
      }));
      const verification = compareErrors(compared, outcome.settled, unchecked, names);
      if (skipped > 0) verification.referencing_not_checked = skipped;
      return verification;
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

/** The wait for the errors of the restored text: a second baseline, worth a short wait only. */
const RESTORED_COLLECT = { ...DEFAULT_COLLECT, timeoutMs: 3000 };

/** One round of verification: each file's errors before (and again after restoring) and with the edit. */
interface Round {
  baseline: Map<string, Diagnostic[]>;
  after: Map<string, Diagnostic[]>;
  settled: boolean;
}

async function checkOnce(files: readonly Checked[], names?: RenamedNames): Promise<Round> {
  const round: Round = { baseline: new Map(), after: new Map(), settled: true };
  const collect = async (file: Checked, text: string, since?: number): Promise<Diagnostic[]> => {
    const got = await file.session.diagnostics(file.absPath, text, { ...DEFAULT_COLLECT, since });
    round.settled &&= got.settled;
    return got.diagnostics.filter((d) => severityOf(d) === 'error');
  };
  const show = async (targets: readonly Checked[], texts: readonly string[]): Promise<void> => {
    for (const [i, file] of targets.entries()) await file.session.showText(file.absPath, texts[i] as string);
    const since = performance.now();
    for (const [i, file] of targets.entries())
      round.after.set(file.absPath, await collect(file, texts[i] as string, since));
  };
  for (const file of files) round.baseline.set(file.absPath, await collect(file, file.before));
  try {
    await showEdited(files, round, show, names);
  } finally {
    await restoreInto(files, round);
  }
  return round;
}

/** True for a file whose server builds it only when its own text changes (clangd), not when an include does. */
function buildsOnlyWhenChanged(file: Checked): boolean {
  return file.session.adapter.rechecksOnlyChangedFiles === true;
}

/** Shows every file's edited text and collects its errors into `round.after`. */
async function showEdited(
  files: readonly Checked[],
  round: Round,
  show: (targets: readonly Checked[], texts: readonly string[]) => Promise<void>,
  names?: RenamedNames,
): Promise<void> {
  for (const file of files) await file.session.showText(file.absPath, file.after);
  // A server that checks a file only when the file itself changes (clangd) built one shown before a header it
  // includes against the old header: each is shown once more, now that all show their new text.
  const shown = files.map((file) =>
    files.length > 1 && buildsOnlyWhenChanged(file) ? rebuilt(file.after) : file.after,
  );
  await show(files, shown);
  // There, new errors are confirmed by one more build: clangd may publish a set made with the old includes
  // before a loaded machine lets it finish the new ones; what does not persist was never the edit's.
  const suspects = files.filter(
    (f) =>
      buildsOnlyWhenChanged(f) &&
      unmatched(round.baseline.get(f.absPath) ?? [], round.after.get(f.absPath) ?? [], names).length > 0,
  );
  await show(
    suspects,
    suspects.map((f) => rebuilt(shown[files.indexOf(f)] as string)),
  );
}

/**
 * Gives the servers the disk's text back, and adds the errors they then report to the baseline: an error a server
 * reports for the disk's text is not the edit's (pyright may report one only later). Not where a file is built only
 * when it changes (clangd): one restored before a header it includes is built against the header's shown text, and
 * those errors are the edit's, not the disk's.
 */
async function restoreInto(files: readonly Checked[], round: Round): Promise<void> {
  // Not part of `settled`: a server that does not republish an unchanged set (pyright) is not waited for long.
  const restored = await restore(files, async (file, text) =>
    (await file.session.diagnostics(file.absPath, text, RESTORED_COLLECT)).diagnostics.filter(
      (d) => severityOf(d) === 'error',
    ),
  );
  for (const file of files) {
    const errors = restored.get(file.absPath);
    if (errors && !buildsOnlyWhenChanged(file))
      round.baseline.set(file.absPath, mergeBaselines(round.baseline.get(file.absPath) ?? [], errors));
  }
}

/** Files that only reference the symbol checked at most (each costs the server a build and a quiet period). */
const MAX_REFERENCING = 40;

function filesToCheck(
  context: OpsContext,
  plan: EditPlan,
  referencing: readonly string[],
): { files: Checked[]; unchecked: string[]; skipped: number } {
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
  const others = referencing.filter((absPath) => !seen.has(absPath));
  for (const absPath of others.slice(0, MAX_REFERENCING)) {
    try {
      const file = context.locator.workspace.readText(absPath);
      add(file.absPath, file.relPath, file.text, file.text);
    } catch {
      // Outside the workspace or unreadable: not ours to check.
    }
  }
  return { files, unchecked, skipped: Math.max(0, others.length - MAX_REFERENCING) };
}

/**
 * A text the server must build again, with the same code, lines and positions: one more newline at the end (a server
 * skips a rebuild when a document's text did not change, even when a header it includes did).
 */
function rebuilt(text: string): string {
  return `${text}\n`;
}

/**
 * Gives every server the disk text back, and returns each file's errors for it once settled; a server that died
 * meanwhile restarts from the disk anyway. Each file is rebuilt from the disk's text (the shown one differs from
 * it), and the server's next cross-file answer — a rename, references — waits until it has been: clangd indexes an
 * open file from its last build, and a rename right after verification would otherwise miss the files still indexed
 * with the new name. (Closing them instead would leave holes: clangd then trusts neither its build of the file nor
 * its background index of it.)
 */
async function restore(
  files: readonly Checked[],
  collect: (file: Checked, text: string) => Promise<Diagnostic[]>,
): Promise<Map<string, Diagnostic[]>> {
  const restored = new Map<string, Diagnostic[]>();
  // Headers first: a file that includes one and is given back before it may be built against the header's shown
  // text, and clangd then indexes it with the new name until it changes again (a rename right after verification
  // missed main.c and generated.c once in three runs on a loaded machine, unflagged: the build had settled).
  const headersFirst = [...files].sort(
    (a, b) => Number(isHeaderPath(b.absPath)) - Number(isHeaderPath(a.absPath)),
  );
  try {
    for (const file of headersFirst) await file.session.restoreText(file.absPath, file.before);
    // The quiet period of settled diagnostics also covers a build that follows a provisional one.
    for (const file of files) restored.set(file.absPath, await collect(file, file.before));
  } catch {
    // The server is gone: its successor reads the disk, which verification never touched.
  }
  return restored;
}
