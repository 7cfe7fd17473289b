/**
 * Renderers of the workspace operations: symbols (ranked hits), search (hits grouped by file) and
 * source (numbered text, continuation, children).
 */
import { NEUTRAL_WORDING, type Wording } from '../core/advice.js';
import { clip } from '../core/limits.js';
import type { SearchResult } from '../ops/workspace/search.js';
import type { SourceResult } from '../ops/workspace/source.js';
import type { SymbolsResult } from '../ops/workspace/symbols.js';
import { codeSpan } from './markdown.js';

function noteLines(notes: string[] | undefined): string[] {
  return (notes ?? []).map((n) => `Note: ${n}`);
}

/** `symbols` hits: kind, path, file:line, declaration line, locate string. */
export function renderSymbols(result: SymbolsResult, word: Wording = NEUTRAL_WORDING): string {
  const lines = [
    `${result.total} symbol(s) match ${codeSpan(clip(result.query))}${result.total > result.hits.length ? `, best ${result.hits.length} shown` : ''} (${indexLabel(result.index)})`,
    ...noteLines(result.notes),
  ];
  for (const hit of result.hits) {
    lines.push(`- ${hit.kind} ${hit.path}  ${hit.file_path}:${hit.line}  → ${codeSpan(hit.locate)}`);
    if (hit.signature) lines.push(`  ${codeSpan(hit.signature)}`);
  }
  if (result.total > result.hits.length)
    lines.push(word({ kind: 'raise-limit', more: result.total - result.hits.length }));
  return lines.join('\n');
}

/** `search` hits grouped by file, with page and totals. */
export function renderSearch(result: SearchResult, word: Wording = NEUTRAL_WORDING): string {
  const lines = [
    `${result.total_hits} hit(s) in ${result.total_files} file(s) for ${codeSpan(clip(`${result.glob}@${result.find}`))}${result.mode === 'regex' ? ' (regex)' : ''}` +
      (result.pages > 1 ? `, page ${result.page} of ${result.pages}` : ''),
    ...noteLines(result.notes),
  ];
  for (const file of result.files) {
    lines.push('', `${file.file_path} (${file.hits.length})`);
    for (const hit of file.hits) {
      const where = hit.symbol ? ` — in ${hit.symbol.kind} ${hit.symbol.path}` : '';
      lines.push(
        `- ${hit.display}${where}`,
        `  ${codeSpan(hit.snippet)}`,
        `  locate: ${codeSpan(hit.locate)}`,
      );
    }
  }
  if (result.page < result.pages)
    lines.push('', word({ kind: 'next-page', page: result.page + 1, pages: result.pages }));
  return lines.join('\n');
}

/** `source`: a header, the numbered lines, a continuation and the children outline. */
export function renderSource(result: SourceResult): string {
  const what = result.symbol ? ` (${result.symbol.kind} ${result.symbol.path})` : '';
  const lines = [
    `${result.file_path}:${result.start_line}-${result.end_line}${what}  ${codeSpan(result.locate)}`,
  ];
  lines.push(...noteLines(result.notes));
  const width = String(result.end_line).length;
  const body = result.lines.map((text, i) => `${String(result.start_line + i).padStart(width)} | ${text}`);
  const fence = '`'.repeat(
    Math.max(3, ...body.map((l) => (l.match(/`+/g) ?? []).reduce((m, r) => Math.max(m, r.length + 1), 0))),
  );
  lines.push(fence, ...body, fence);
  if (result.continuation)
    lines.push(`Cut at ${result.lines.length} lines; the rest: ${codeSpan(result.continuation)}`);
  if (result.children) {
    lines.push(`Members (${result.children.length}):`);
    for (const child of result.children)
      lines.push(`- ${child.kind} ${child.name}  line ${child.line}  → ${codeSpan(child.locate)}`);
  }
  return lines.join('\n');
}

function indexLabel(index: SymbolsResult['index']): string {
  if (!index.covers) return `index: ${index.files} files, ${index.symbols} symbols`;
  return `index: exact-name lookup, ${index.from_cache} files from the cache, ${index.parsed} parsed because they spell the name`;
}
