/**
 * The comparison behind verified edits (docs/verified-edits.md, "Verified apply"): a file's errors after the edit
 * against its errors before, on the same server and the same compile command. An error is new when no baseline
 * error has its code and message — with the new name read as the old one on both sides, so an error the rename only
 * re-spells is not new. A file whose baseline says the server cannot build it (a missing include, too many errors, a package
 * it cannot load) is "not verifiable": what it reports after the edit is not evidence either way.
 */
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { LineIndex } from '../../core/line-index.js';
import { formatDisplay } from '../../core/positions.js';
import type { NewError, Unverifiable, Verification } from '../results/verify.js';

/** One checked file: its text before and after, and its errors in each. */
export interface ComparedFile {
  relPath: string;
  after: string;
  baseline: Diagnostic[];
  errors: Diagnostic[];
}

/** The names of a rename, so its errors can be compared across the new spelling. */
export interface RenamedNames {
  oldName: string;
  newName: string;
}

/** clangd codes of errors after which a file is not compiled any further. */
const FATAL_CODES = new Set(['pp_file_not_found', 'fatal_too_many_errors']);
/** Messages of servers that could not load a file's package or imports (gopls, pyright's `reportMissingModuleSource` is a warning). */
const CANNOT_LOAD =
  /could not import|no required module provides|cannot find package|is not in (GOROOT|std)|go list|packages\.Load|no packages found/i;

/** Why the server cannot build a file, from its baseline errors; undefined when it can. */
export function cannotBuild(baseline: readonly Diagnostic[]): string | undefined {
  const fatal = baseline.find((d) => FATAL_CODES.has(String(d.code ?? '')) || CANNOT_LOAD.test(messageOf(d)));
  return fatal && `the server cannot build it: ${messageOf(fatal).split('\n')[0]}`;
}

/** Compares every file's errors with its baseline. */
export function compareErrors(
  files: readonly ComparedFile[],
  settled: boolean,
  unchecked: string[],
  names?: RenamedNames,
): Verification {
  const newErrors: NewError[] = [];
  const unverifiable: Unverifiable[] = [];
  let fixed = 0;
  for (const file of files) {
    const reason = cannotBuild(file.baseline);
    const fresh = unmatched(file.baseline, file.errors, names);
    if (reason !== undefined) {
      unverifiable.push({ file_path: file.relPath, reason });
      continue;
    }
    const lines = new LineIndex(file.after);
    newErrors.push(...fresh.map((d) => describe(file.relPath, lines, d)));
    fixed += unmatched(file.errors, file.baseline, names).length;
  }
  const verified = files.length - unverifiable.length;
  const count = newErrors.length;
  let summary = `verified: ${count} new error${count === 1 ? '' : 's'} in ${verified} file${verified === 1 ? '' : 's'}`;
  if (unverifiable.length > 0) summary += `; ${unverifiable.length} not verifiable`;
  const result: Verification = {
    summary,
    new_errors: newErrors,
    files_checked: verified,
    fixed_errors: fixed,
    settled,
  };
  if (unverifiable.length > 0) result.unverifiable = unverifiable;
  if (unchecked.length > 0) result.unchecked = unchecked;
  return result;
}

/** The errors of `errors` that no error of `baseline` accounts for (by code and message, each used once). */
export function unmatched(
  baseline: readonly Diagnostic[],
  errors: readonly Diagnostic[],
  names?: RenamedNames,
): Diagnostic[] {
  const remaining = new Map<string, number>();
  for (const d of baseline) remaining.set(keyOf(d, names), (remaining.get(keyOf(d, names)) ?? 0) + 1);
  return errors.filter((d) => {
    const key = keyOf(d, names);
    const left = remaining.get(key) ?? 0;
    if (left > 0) remaining.set(key, left - 1);
    return left === 0;
  });
}

/** Two baselines of one file as one: each error as often as the baseline that has it most often. */
export function mergeBaselines(a: readonly Diagnostic[], b: readonly Diagnostic[]): Diagnostic[] {
  return [...a, ...unmatched(a, b)];
}

function messageOf(d: Diagnostic): string {
  return typeof d.message === 'string' ? d.message : String(d.message);
}

/** Code and message; with `names`, the new name spelled as the old one (whole words, on both sides of the comparison). */
function keyOf(d: Diagnostic, names?: RenamedNames): string {
  let message = messageOf(d);
  if (names && names.newName !== names.oldName) {
    const escaped = names.newName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    message = message.replace(
      new RegExp(`(?<![\\p{L}\\p{N}_$])${escaped}(?![\\p{L}\\p{N}_$])`, 'gu'),
      names.oldName,
    );
  }
  return `${String(d.code ?? '')}\0${message}`;
}

function describe(relPath: string, lines: LineIndex, d: Diagnostic): NewError {
  const offset = lines.toOffset(d.range.start);
  const line = lines.lineOf(offset);
  const error: NewError = {
    file_path: relPath,
    display: formatDisplay(relPath, lines.toDisplay(offset)),
    message: messageOf(d),
    snippet: `${line + 1} | ${lines.lineText(line).trim()}`,
  };
  if (d.code !== undefined) error.code = String(d.code);
  if (d.source !== undefined) error.source = d.source;
  return error;
}
