/** The plain result and option types of outline-page (no functions: a consumer's type graph stops here). */
import type { Advice } from '../../core/advice.js';
import type { PageRequest } from '../../core/budget.js';
import type { OutlineResult } from './outline.js';

/** How much of an outline to show. */
export interface OutlineView extends PageRequest {
  /** Levels to show: 1 = top-level symbols only (default: all). */
  depth?: number;
}

/** An outline page. */
export interface OutlinePage extends OutlineResult {
  page: number;
  pages: number;
  /** Symbols in the file, at every depth. */
  total_symbols: number;
  /** Symbols on this page. */
  shown: number;
  /** Symbols left out by `depth` over the whole file. */
  hidden_by_depth: number;
  depth?: number;
  advice?: Advice[];
}
