/**
 * diagnostics (docs/verified-edits.md): the errors and warnings of one file, a glob, or a list of files
 * (those an edit touched) — pulled where the server supports it, else the pushed set once the server
 * settled. Each diagnostic becomes a place (enclosing symbol, snippet, locate string); totals per file and
 * severity cover the whole answer, the diagnostics themselves are paginated.
 */
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { checkBudget, pageByBudget } from '../../core/budget.js';
import { LocusError, isLocusError } from '../../core/errors.js';
import type { Range } from '../../core/positions.js';
import { resolveLocate } from '../../locate/resolver.js';
import { pathToUri } from '../../lsp/uri.js';
import type { OpsContext } from '../context/context.js';
import { isGlob } from '../../locate/workspace-locate.js';
import { filesMatching } from '../locating/glob-files.js';
import { ViewCache, describeLocation } from '../context/locations.js';
import { loadFile } from '../locating/file-view.js';
import { parseAndLoad } from '../locating/locator.js';
import { reportDiskChanges } from '../context/target.js';
import {
  SEVERITIES,
  type Severity,
  type SeverityCounts,
  type DiagnosticRef,
  type FileDiagnostics,
  type DiagnosticsResult,
  type DiagnosticsOptions,
} from '../results/diagnostics.js';
export { SEVERITIES } from '../results/diagnostics.js';
export type {
  Severity,
  SeverityCounts,
  DiagnosticRef,
  FileDiagnostics,
  DiagnosticsResult,
  DiagnosticsOptions,
} from '../results/diagnostics.js';

/** Options of diagnostics. */

/** Default page size and file bound. */
export const DEFAULT_DIAGNOSTICS_PAGE_SIZE = 100;
const DEFAULT_MAX_FILES = 200;

interface Checked {
  file: FileDiagnostics;
  absPath: string;
  list: Diagnostic[];
}

/** Collects diagnostics for locate strings (their file; a scope narrows to its range) and globs. */
export async function diagnostics(
  context: OpsContext,
  inputs: readonly string[],
  options: DiagnosticsOptions = {},
): Promise<DiagnosticsResult> {
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? DEFAULT_DIAGNOSTICS_PAGE_SIZE;
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(pageSize) || pageSize < 1)
    throw new LocusError('INVALID_ARGUMENT', 'page and page_size must be whole numbers >= 1.');
  checkBudget(options.budget);
  if (inputs.length === 0)
    throw new LocusError('INVALID_ARGUMENT', 'diagnostics needs a file, a locate string or a glob.', {
      hint: 'e.g. `src/app.py`, `src/app.py:Cart.total` or `"src/**/*.py"`.',
    });
  const notes: string[] = [];
  const maxFiles = options.maxFiles ?? DEFAULT_MAX_FILES;
  const { targets, skipped } = await expandInputs(context, inputs, maxFiles, notes);
  await reportDiskChanges(context);
  const checked: Checked[] = [];
  const single = inputs.length === 1 && !isFileGlob(inputs[0] as string);
  for (const target of targets) {
    try {
      checked.push(await checkFile(context, target, options.severity));
    } catch (error) {
      if (!isLocusError(error) || single || error.code === 'TIMEOUT' || error.code === 'CANCELLED')
        throw error;
      skipped.push({ file_path: target, reason: `${error.code}: ${error.message}` });
    }
  }
  const paging = { page, pageSize, ...(options.budget === undefined ? {} : { budget: options.budget }) };
  return assemble(context, checked, skipped, notes, paging);
}

/** A glob over files (`src/**\/*.py`), not a locate string: glob characters, and no scope or find. */
function isFileGlob(input: string): boolean {
  return isGlob(input) && !input.includes(':') && !input.includes('@');
}

async function expandInputs(
  context: OpsContext,
  inputs: readonly string[],
  maxFiles: number,
  notes: string[],
): Promise<{ targets: string[]; skipped: { file_path: string; reason: string }[] }> {
  const targets: string[] = [];
  const skipped: { file_path: string; reason: string }[] = [];
  for (const input of inputs) {
    if (!isFileGlob(input)) {
      targets.push(input);
      continue;
    }
    const { files, truncated } = await filesMatching(context.locator.index, input, maxFiles);
    if (files.length === 0) notes.push(`${input} matched no file.`);
    if (truncated) notes.push(`${input}: only the first ${maxFiles} files were checked.`);
    const served = files.filter((f) => context.lsp.forFile(context.locator.workspace.locate(f).absPath));
    if (served.length < files.length)
      notes.push(`${input}: ${files.length - served.length} matched file(s) have no language server.`);
    targets.push(...served);
  }
  return { targets: [...new Set(targets)], skipped };
}

async function checkFile(context: OpsContext, input: string, severity?: Severity): Promise<Checked> {
  const { workspace, syntax } = context.locator;
  const whole = workspace.isFile(input);
  const { locate, loaded } = whole
    ? { locate: undefined, loaded: await loadFile(workspace, syntax, input) }
    : await parseAndLoad(workspace, syntax, input);
  let within: Range | undefined;
  if (locate !== undefined) {
    const resolved = resolveLocate(loaded.view, locate, 'range');
    if (!resolved.ok) throw LocusError.fromData(resolved.error);
    within = resolved.range;
  }
  const session = context.lsp.sessionFor(loaded.file.absPath);
  context.freshness.remember(loaded.file.absPath);
  const collected = await session.diagnostics(loaded.file.absPath, loaded.file.text);
  const limit = SEVERITIES.indexOf(severity ?? 'hint');
  const list = collected.diagnostics
    .filter((d) => (d.severity ?? 1) - 1 <= limit)
    .filter((d) => within === undefined || overlaps(d.range, within))
    .sort(
      (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
    );
  const counts = countSeverities(list);
  return {
    absPath: loaded.file.absPath,
    list,
    file: {
      file_path: loaded.file.relPath,
      counts,
      mode: collected.mode,
      waited_ms: Math.round(collected.waitedMs),
      settled: collected.settled,
    },
  };
}

function overlaps(a: Range, b: Range): boolean {
  const before = (p: Range['start'], q: Range['start']): boolean =>
    p.line < q.line || (p.line === q.line && p.character < q.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

/** Counts per severity (a missing severity counts as an error, as LSP clients treat it). */
export function countSeverities(list: readonly Diagnostic[]): SeverityCounts {
  const counts: SeverityCounts = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const d of list) counts[severityOf(d)] += 1;
  return counts;
}

/** The severity name of a diagnostic. */
export function severityOf(d: Diagnostic): Severity {
  return SEVERITIES[(d.severity ?? 1) - 1] ?? 'error';
}

async function assemble(
  context: OpsContext,
  checked: Checked[],
  skipped: { file_path: string; reason: string }[],
  notes: string[],
  paging: { page: number; pageSize: number; budget?: number },
): Promise<DiagnosticsResult> {
  const { page, pageSize } = paging;
  const all = checked.flatMap((c) => c.list.map((d) => ({ path: c.file.file_path, absPath: c.absPath, d })));
  // Measured before any is described, so page boundaries do not move between calls.
  const sliced = pageByBudget(all, ({ path, d }) => estimateDiagnostic(path, d), {
    page,
    maxItems: pageSize,
    overhead: listingOverhead(checked, skipped, notes),
    ...(paging.budget === undefined ? {} : { budget: paging.budget }),
  });
  const pages = sliced.pages;
  const cache = new ViewCache(context);
  const refs: DiagnosticRef[] = [];
  for (const { absPath, d } of sliced.items) refs.push(await describeDiagnostic(cache, absPath, d));
  const totals = { files: checked.length, diagnostics: all.length, ...countSeverities(all.map((x) => x.d)) };
  const result: DiagnosticsResult = {
    ok: true,
    operation: 'diagnostics',
    totals,
    files: checked.map((c) => c.file),
    diagnostics: refs,
    page,
    pages,
    page_size: pageSize,
  };
  if (skipped.length > 0) result.skipped = skipped;
  if (notes.length > 0) result.notes = notes;
  return result;
}

/**
 * A cheap upper estimate of a rendered diagnostic: its message, then a place that names the path about three
 * times (place, file heading, locate string) with a snippet line and a symbol.
 */
function estimateDiagnostic(path: string, d: Diagnostic): number {
  const code = d.code === undefined ? 0 : String(d.code).length;
  const message = typeof d.message === 'string' ? d.message : d.message.value;
  return message.length + code + (d.source?.length ?? 0) + 3 * Math.max(path.length, 8) + 220;
}

/** Characters every page spends on its heading, the per-file summary, skipped files and notes. */
function listingOverhead(
  checked: readonly Checked[],
  skipped: readonly { file_path: string; reason: string }[],
  notes: readonly string[],
): number {
  let size = 300;
  for (const c of checked) size += c.file.file_path.length + 80;
  for (const s of skipped) size += s.file_path.length + s.reason.length + 30;
  for (const n of notes) size += n.length + 10;
  return size;
}

/** One diagnostic as a place (enclosing symbol, snippet, locate string). */
export async function describeDiagnostic(
  cache: ViewCache,
  absPath: string,
  d: Diagnostic,
): Promise<DiagnosticRef> {
  const place = await describeLocation(cache, { uri: pathToUri(absPath), range: d.range });
  const ref: DiagnosticRef = {
    ...place,
    severity: severityOf(d),
    message: typeof d.message === 'string' ? d.message : d.message.value,
    range: d.range,
  };
  if (d.code !== undefined) ref.code = String(d.code);
  if (d.source !== undefined) ref.source = d.source;
  return ref;
}
