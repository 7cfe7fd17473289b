/** The plain result and option types of symbols (no functions: a consumer's type graph stops here). */
import type { ProgressListener, SkipCounts } from '../../core/index-progress.js';
import type { SymbolKindName } from '../../locate/outline.js';

/** Options of a symbols query. */
export interface SymbolsOptions {
  kind?: string;
  /** Glob over file paths relative to the root. */
  path?: string;
  limit?: number;
  /**
   * Only symbols named exactly as the query's last part (case-sensitive; a `Container.` part still
   * narrows). Answered without waiting for the first index build (docs/workspace.md).
   */
  exact?: boolean;
  onProgress?: ProgressListener;
  /** The caller's cancel: a wait for the index ends with CANCELLED. */
  signal?: AbortSignal;
}

/** One hit. */
export interface SymbolHit {
  name: string;
  kind: SymbolKindName;
  /** Full symbol path (`Cart.total`). */
  path: string;
  /** Path of the enclosing symbol, `''` at top level. */
  container: string;
  file_path: string;
  line: number;
  /** The first line of the declaration. */
  signature: string;
  locate: string;
  match: string;
}

export interface SymbolsResult {
  ok: true;
  query: string;
  total: number;
  hits: SymbolHit[];
  index: IndexSummary;
  notes?: string[];
}

/** What the index covered when it answered. */
export interface IndexSummary {
  files: number;
  symbols: number;
  complete: boolean;
  /** Files left out: over the size limit, binary, unreadable; symbolic links (not followed). */
  skipped: SkipCounts;
  /** Files taken from the persisted cache / parsed when the index was last brought up to date. */
  from_cache: number;
  parsed: number;
  /**
   * Before the first build: the names this answer is complete for (only files spelling them were
   * read); `files` and `symbols` then count what the index holds so far.
   */
  covers?: string[];
}
