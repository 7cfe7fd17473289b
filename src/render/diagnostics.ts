/**
 * Renders the diagnostics answer: totals for the whole answer, per-file counts with how they were
 * obtained, then this page's diagnostics as places.
 */
import { NEUTRAL_WORDING, type Wording } from '../core/advice.js';
import type { DiagnosticRef, DiagnosticsResult, SeverityCounts } from '../ops/analysis/diagnostics.js';
import { codeSpan } from './markdown.js';
import { renderLocation } from './locations.js';

/** `2 errors, 1 warning` (zero counts left out; `no diagnostics` when all are zero). */
export function severitySummary(counts: SeverityCounts): string {
  const parts = (['error', 'warning', 'information', 'hint'] as const)
    .map((name): [string, number] => [name, counts[name]])
    .filter(([, n]) => n > 0)
    .map(([name, n]) => `${n} ${name}${n === 1 ? '' : name === 'information' ? '' : 's'}`);
  return parts.length === 0 ? 'no diagnostics' : parts.join(', ');
}

/** One diagnostic: severity, code and source, message, then the place. */
export function renderDiagnostic(d: DiagnosticRef): string {
  const label = [d.severity, d.code ? `${d.code}` : undefined].filter(Boolean).join(' ');
  const source = d.source ? ` (${d.source})` : '';
  const message = d.message.replace(/\s*\n\s*/g, ' ');
  return `${renderLocation(d).replace(/^- /, `- ${label}${source}: ${message}\n  at `)}`;
}

/** The diagnostics answer. */
export function renderDiagnostics(result: DiagnosticsResult, word: Wording = NEUTRAL_WORDING): string {
  const lines: string[] = [
    `diagnostics: ${severitySummary(result.totals)} in ${result.totals.files} file(s)` +
      (result.pages > 1
        ? ` — page ${result.page} of ${result.pages} (${result.diagnostics.length} shown)`
        : ''),
  ];
  for (const note of result.notes ?? []) lines.push(`Note: ${note}`);
  lines.push('');
  for (const file of result.files) {
    const how =
      file.mode === 'pulled'
        ? 'pulled'
        : `pushed, ${file.settled ? 'settled' : 'NOT settled'} after ${file.waited_ms} ms`;
    lines.push(`- ${file.file_path}: ${severitySummary(file.counts)} (${how})`);
  }
  for (const skip of result.skipped ?? []) lines.push(`- ${skip.file_path}: not checked — ${skip.reason}`);
  let current = '';
  for (const d of result.diagnostics) {
    if (d.file_path !== current) {
      current = d.file_path;
      lines.push('', codeSpan(current));
    }
    lines.push(renderDiagnostic(d));
  }
  if (result.page < result.pages)
    lines.push('', word({ kind: 'next-page', page: result.page + 1, pages: result.pages }));
  return lines.join('\n');
}
