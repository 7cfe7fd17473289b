/** The plain result and option types of search (no functions: a consumer's type graph stops here). */
import type { PageRequest } from '../../core/budget.js';
import type { ProgressListener } from '../../core/index-progress.js';

/** Pages hold at most `pageSize` hits and fit the budget (docs/mcp.md, "Budgets"). */
export interface SearchOptions extends PageRequest {
  regex?: boolean;
  pageSize?: number;
  onProgress?: ProgressListener;
  /** The caller's cancel: the scan stops and the call answers CANCELLED. */
  signal?: AbortSignal;
}

/** One hit. */
export interface SearchHit {
  line: number;
  column: number;
  display: string;
  /** `N | text` of the hit's line. */
  snippet: string;
  symbol?: { path: string; kind: string };
  locate: string;
}

export interface SearchResult {
  ok: true;
  glob: string;
  find: string;
  mode: 'tokens' | 'regex';
  total_hits: number;
  total_files: number;
  page: number;
  pages: number;
  files: { file_path: string; hits: SearchHit[] }[];
  notes?: string[];
}
