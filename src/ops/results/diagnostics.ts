/** The plain result and option types of diagnostics (no functions: a consumer's type graph stops here). */
import type { PageRequest } from '../../core/budget.js';
import type { Range } from '../../core/positions.js';
import type { LocationRef } from './locations.js';

/** Severity names, most severe first (LSP numbers them 1–4). */
export const SEVERITIES = ['error', 'warning', 'information', 'hint'] as const;

/** A diagnostic severity. */
export type Severity = (typeof SEVERITIES)[number];

/** Counts per severity. */
export type SeverityCounts = Record<Severity, number>;

/** One diagnostic as a place. */
export interface DiagnosticRef extends LocationRef {
  severity: Severity;
  message: string;
  code?: string;
  source?: string;
  /** 0-based UTF-16 range, as LSP. */
  range: Range;
}

/** One file's totals and how its diagnostics were obtained. */
export interface FileDiagnostics {
  file_path: string;
  counts: SeverityCounts;
  mode: 'pulled' | 'pushed';
  waited_ms: number;
  /** False when the server had not settled within the bound (the list may be stale or partial). */
  settled: boolean;
}

export interface DiagnosticsResult {
  ok: true;
  operation: 'diagnostics';
  /** Totals of the whole answer (every page). */
  totals: SeverityCounts & { files: number; diagnostics: number };
  files: FileDiagnostics[];
  /** This page's diagnostics, file by file in document order. */
  diagnostics: DiagnosticRef[];
  page: number;
  pages: number;
  page_size: number;
  /** Files given or matched that no server checks (no language server, unreadable). */
  skipped?: { file_path: string; reason: string }[];
  notes?: string[];
}

/** Pages hold at most `pageSize` diagnostics and fit the budget (docs/mcp.md, "Budgets"). */
export interface DiagnosticsOptions extends PageRequest {
  /** Keep this severity and the more severe ones. */
  severity?: Severity;
  pageSize?: number;
  /** At most this many files from globs. */
  maxFiles?: number;
}
