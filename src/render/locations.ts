/**
 * Renders places reported by a server: definitions and references.
 */
import { NEUTRAL_WORDING, wordAll, type Wording } from '../core/advice.js';
import type { DefinitionResult } from '../ops/navigation/definition.js';
import type { LocationRef } from '../ops/context/locations.js';
import type { ReferencesResult } from '../ops/navigation/references.js';
import { renderCursor, renderResultNotes, type Detail } from './cursor.js';
import { codeSpan } from './markdown.js';

/** One place: display, what it is, numbered snippet, locate string. */
export function renderLocation(ref: LocationRef): string {
  const what = ref.declares
    ? ` — ${ref.declares.kind} ${ref.declares.path}`
    : ref.symbol
      ? ` — in ${ref.symbol.kind} ${ref.symbol.path}`
      : '';
  const lines = [`- ${ref.display}${what}`];
  if (ref.snippet) lines.push(`  ${codeSpan(ref.snippet)}`);
  if (ref.locate) lines.push(`  locate: ${codeSpan(ref.locate)}`);
  else if (ref.outside_workspace) lines.push('  (outside the workspace)');
  return lines.join('\n');
}

/** A place's locate string as a code span, or why it has none (outside the workspace). */
function locateSuffix(ref: LocationRef): string {
  if (ref.locate) return ` ${codeSpan(ref.locate)}`;
  return ref.outside_workspace ? ' (outside the workspace)' : '';
}

/** One place on one line: display, what it declares or sits in, its locate string (no source line). */
function renderPlace(ref: LocationRef): string {
  const what = ref.declares
    ? ` — ${ref.declares.kind} ${ref.declares.path}`
    : ref.symbol
      ? ` — in ${ref.symbol.kind} ${ref.symbol.path}`
      : '';
  const locate = locateSuffix(ref);
  return `- ${ref.display}${what}${locate}`;
}

/** The definition answer (compact: one line per target, without its source line). */
export function renderDefinition(
  result: DefinitionResult,
  _word: Wording = NEUTRAL_WORDING,
  detail: Detail = 'full',
): string {
  const label =
    result.mode === 'definition'
      ? 'Definition'
      : result.mode === 'typeDefinition'
        ? 'Type definition'
        : result.mode === 'declaration'
          ? 'Declaration'
          : 'Implementation';
  const body =
    result.targets.length === 0
      ? [`No ${label.toLowerCase()} found.`]
      : [
          `${label}${result.targets.length > 1 ? `s (${result.targets.length})` : ''}:`,
          ...result.targets.map(detail === 'compact' ? renderPlace : renderLocation),
        ];
  return [renderCursor(result.cursor, detail), ...renderResultNotes(result), '', ...body].join('\n');
}

/** One reference in compact form: `- line:col in kind path  \`locate\`` (plus its source line when kept). */
export function renderHit(ref: LocationRef, filePath: string): string {
  const where = ref.display.startsWith(`${filePath}:`) ? ref.display.slice(filePath.length + 1) : ref.display;
  // The locate string usually names the enclosing symbol already (`file:Class.method@…`): then it is not repeated.
  const named = (path: string) => ref.locate?.startsWith(`${filePath}:${path}`) === true;
  const what = ref.declares
    ? ` declares ${ref.declares.kind}${named(ref.declares.path) ? '' : ` ${ref.declares.path}`}`
    : ref.symbol && !named(ref.symbol.path)
      ? ` in ${ref.symbol.kind} ${ref.symbol.path}`
      : '';
  const locate = locateSuffix(ref);
  const line = `- ${where}${what}${locate}`;
  return ref.snippet ? `${line}\n  ${codeSpan(ref.snippet)}` : line;
}

/** The references answer, grouped by file, one line per hit, with paging advice. */
export function renderReferences(
  result: ReferencesResult,
  word: Wording = NEUTRAL_WORDING,
  detail: Detail = 'full',
): string {
  const shown = result.files.reduce((n, f) => n + f.references.length, 0);
  const lines = [renderCursor(result.cursor, detail), ...renderResultNotes(result), ''];
  lines.push(
    result.total === 0
      ? 'No references found.'
      : `${result.total} reference(s) in ${result.total_files} file(s)${result.pages > 1 ? ` — page ${result.page} of ${result.pages}: ${shown} reference(s) in ${result.files.length} file(s)` : ''}:`,
  );
  for (const file of result.files) {
    lines.push(`${file.file_path} (${file.references.length})`);
    for (const ref of file.references) lines.push(renderHit(ref, file.file_path));
  }
  const advice = wordAll(result.advice, word);
  if (advice.length > 0) lines.push('', ...advice);
  return lines.join('\n');
}
