/**
 * edit (docs/edit.md): replace, insert before/after or delete what locate strings name, as one plan
 * over one snapshot of each file; previewed as a diff + fingerprint and applied through the same
 * machinery as rename (`verifiedPreviewOrApply`: verification on request). The answer carries the new locate strings of the edited code.
 */
import type { TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { LocusError } from '../../core/errors.js';
import { limitExceeded } from '../../core/limits.js';
import type { Span } from '../../core/positions.js';
import { pathToUri } from '../../lsp/uri.js';
import type { OpsContext } from '../context/context.js';
import { verifiedPreviewOrApply } from './verify.js';
import { parseInput } from '../locating/locator.js';
import { loadFile, withComments, type LoadedFile } from '../locating/file-view.js';
import type { SyntaxService } from '../locating/syntax-service.js';
import {
  givenLocate,
  planEdit,
  resolveEditTarget,
  shapeOf,
  type EditAction,
  type EditRequest,
  type PlannedEdit,
} from './edit-targets.js';
import { applyPlanned, formatEdited, syntaxGuard, newLocates, type EditedFile } from './edit-result.js';
import type { EditOpOptions, EditOutcome, EditResult } from '../results/edit.js';
export type { EditOpOptions, EditOutcome, EditResult } from '../results/edit.js';

export type { EditAction, EditRequest, ReanchorNote } from './edit-targets.js';

const ACTIONS: readonly EditAction[] = ['replace', 'insert_before', 'insert_after', 'delete'];
/** Edits in one call at most (docs/security.md, "Limits"): each costs a locate, and placing them a pass over the others. */
const MAX_EDITS = 1000;

/** Plans the edits, guards the syntax, previews or applies; see docs/edit.md. */
export async function edit(
  context: OpsContext,
  requests: readonly EditRequest[],
  options: EditOpOptions = {},
): Promise<EditResult> {
  checkRequests(requests, context.locator.workspace.limits.maxEditLength);
  const files = await resolveAll(context, requests);
  const edited = [...files.values()].map((f) => applyPlanned(f.loaded, f.planned));
  for (const file of edited) await syntaxGuard(context, file, options.force === true);
  if (options.format === true) for (const file of edited) await formatEdited(context, file);
  const workspaceEdit: WorkspaceEdit = { changes: {} };
  for (const file of edited)
    (workspaceEdit.changes as Record<string, TextEdit[]>)[pathToUri(file.loaded.file.absPath)] =
      textEdits(file);
  const fields = await verifiedPreviewOrApply(context, workspaceEdit, options);
  const outcomes: EditOutcome[] = [];
  for (const file of edited) outcomes.push(...(await newLocates(context, file)));
  outcomes.sort((a, b) => a.index - b.index);
  const notes = outcomes.flatMap((o) =>
    o.reanchored ? [`re-anchored: ${o.reanchored.from} → ${o.reanchored.to} (${o.reanchored.detail})`] : [],
  );
  const result: EditResult = { ok: true, operation: 'edit', ...fields, edits: outcomes };
  if (notes.length > 0) result.notes = notes;
  return result;
}

/**
 * The requests' shape, and the size of their new text (all of it, every request of the call) against
 * `maxEditLength` before any work: diffing, parsing and verifying are linear in it (docs/security.md, "Limits").
 */
function checkRequests(requests: readonly EditRequest[], maxEditLength: number): void {
  if (requests.length === 0)
    throw invalid(
      'No edits given.',
      'Pass at least one edit: a locate string, an action and (except for delete) the text.',
    );
  if (requests.length > MAX_EDITS)
    throw limitExceeded('maxEdits', 'The number of edits in this call', requests.length, MAX_EDITS);
  const length = requests.reduce((sum, r) => sum + (typeof r.text === 'string' ? r.text.length : 0), 0);
  if (length > maxEditLength)
    throw limitExceeded(
      'maxEditLength',
      'The new text of this edit call in characters',
      length,
      maxEditLength,
    );
  for (const [i, r] of requests.entries()) {
    if (!ACTIONS.includes(r.action))
      throw invalid(`Edit ${i}: unknown action "${String(r.action)}".`, `Use one of ${ACTIONS.join(', ')}.`);
    if (r.action === 'delete' && r.text !== undefined)
      throw invalid(`Edit ${i}: delete takes no text.`, 'Drop the text, or use replace.');
    if (r.action !== 'delete' && typeof r.text !== 'string')
      throw invalid(
        `Edit ${i}: ${r.action} needs the new code as text.`,
        'Pass the code (it may be at column 0; Locus indents it).',
      );
  }
}

function invalid(message: string, hint: string, details?: Record<string, unknown>): LocusError {
  return new LocusError('INVALID_ARGUMENT', message, details ? { hint, details } : { hint });
}

interface FilePlan {
  loaded: LoadedFile;
  /** The file's line ending and indent unit, found once per file (not once per edit: each costs a pass). */
  shape: ReturnType<typeof shapeOf>;
  planned: (PlannedEdit & { outcome: EditOutcome })[];
}

/** Resolves every target against one snapshot per file and plans its replacement; overlaps are refused. */
async function resolveAll(
  context: OpsContext,
  requests: readonly EditRequest[],
): Promise<Map<string, FilePlan>> {
  const { workspace, syntax } = context.locator;
  const sources = syntaxSources(context);
  const files = new Map<string, FilePlan>();
  for (const [index, request] of requests.entries()) {
    const locate = parseInput(workspace, request.locate);
    const abs = workspace.readText(locate.file_path).absPath;
    let plan = files.get(abs);
    if (!plan) {
      const loaded = await loadFile(workspace, syntax, locate.file_path, sources);
      plan = { loaded, shape: shapeOf(loaded.view), planned: [] };
      files.set(abs, plan);
    }
    await withComments(syntax, plan.loaded, locate.find, sources.comments);
    const given = givenLocate(request.locate, locate);
    const target = resolveEditTarget(plan.loaded.view, locate, given);
    const planned = planEdit(plan.shape, target, request, index);
    const outcome: EditOutcome = {
      index,
      action: request.action,
      locate: given,
      file_path: plan.loaded.file.relPath,
      target: {
        kind: target.kind,
        display: target.display,
        ...(target.symbol ? { symbol: target.symbol } : {}),
      },
      symbols: [],
    };
    if (target.reanchored) outcome.reanchored = target.reanchored;
    plan.planned.push({ ...planned, outcome });
  }
  for (const plan of files.values()) checkOverlaps(plan);
  return files;
}

/**
 * Where the files an edit plans on get their outline and comment spans: a big one is parsed in the syntax worker
 * (docs/security.md, "Linear-time matching"), so the thread that answers other calls is not held by it.
 */
function syntaxSources(context: OpsContext): Partial<Pick<SyntaxService, 'outline' | 'comments'>> {
  const { offload } = context;
  const signal = context.call?.signal;
  if (!offload) return {};
  return {
    outline: (key, language, text) => offload.outline(key, language, text, signal),
    comments: (key, language, text) => offload.comments(key, language, text, signal),
  };
}

function checkOverlaps(plan: FilePlan): void {
  const sorted = [...plan.planned].sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
  for (let i = 1; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1], sorted[i]] as [FilePlan['planned'][number], FilePlan['planned'][number]];
    if (overlaps(a.span, b.span)) {
      throw invalid(
        `Edits ${a.index} (${a.outcome.locate}) and ${b.index} (${b.outcome.locate}) overlap in ${plan.loaded.file.relPath}.`,
        'Each edit must target its own code: merge them into one edit, or target disjoint symbols, lines or matches.',
        { edits: [a.index, b.index] },
      );
    }
  }
}

/** Spans overlap when they share a character, or one's insertion point lies strictly inside the other. */
function overlaps(a: Span, b: Span): boolean {
  if (a.start === a.end || b.start === b.end) {
    const [point, span] = a.start === a.end ? [a.start, b] : [b.start, a];
    return span.start < point && point < span.end;
  }
  return a.start < b.end && b.start < a.end;
}

/** The file's edit as LSP text edits: the planned ones, or one minimal edit after formatting changed the text. */
function textEdits(file: EditedFile): TextEdit[] {
  const { view } = file.loaded;
  if (!file.formatted)
    return file.planned.map((p) => ({ range: view.lines.toRange(p.span), newText: p.newText }));
  const before = view.text;
  const after = file.text;
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let tail = 0;
  while (
    tail < before.length - start &&
    tail < after.length - start &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail++;
  return [
    {
      range: view.lines.toRange({ start, end: before.length - tail }),
      newText: after.slice(start, after.length - tail),
    },
  ];
}
