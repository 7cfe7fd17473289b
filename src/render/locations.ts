/**
 * Renders places reported by a server: definitions and references.
 */
import type { DefinitionResult } from '../ops/definition.js';
import type { LocationRef } from '../ops/locations.js';
import type { ReferencesResult } from '../ops/references.js';
import { renderCursor, renderResultNotes } from './cursor.js';
import { codeSpan } from './locate.js';

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

/** The definition answer. */
export function renderDefinition(result: DefinitionResult): string {
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
          ...result.targets.map(renderLocation),
        ];
  return [renderCursor(result.cursor), ...renderResultNotes(result), '', ...body].join('\n');
}

/** The references answer, grouped by file, with paging instructions. */
export function renderReferences(result: ReferencesResult): string {
  const shown = result.files.reduce((n, f) => n + f.references.length, 0);
  const lines = [renderCursor(result.cursor), ...renderResultNotes(result), ''];
  lines.push(
    result.total === 0
      ? 'No references found.'
      : `${result.total} reference(s) in ${result.total_files} file(s)${result.pages > 1 ? ` — page ${result.page} of ${result.pages}: ${shown} reference(s) in ${result.files.length} file(s)` : ''}:`,
  );
  for (const file of result.files) {
    lines.push('', `${file.file_path} (${file.references.length})`);
    for (const ref of file.references) lines.push(renderLocation(ref));
  }
  if (result.page < result.pages)
    lines.push('', `More: ask for page ${result.page + 1} (of ${result.pages}).`);
  return lines.join('\n');
}
