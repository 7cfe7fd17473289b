/** The plain result and option types of completion (no functions: a consumer's type graph stops here). */
import type { Advice } from '../../core/advice.js';
import type { OpResultBase } from './target.js';

/** One completion item. */
export interface CompletionEntry {
  label: string;
  kind?: string;
  detail?: string;
}

export interface CompletionResult extends OpResultBase {
  items: CompletionEntry[];
  total: number;
  /** The server said the list is incomplete (typing more narrows it). */
  is_incomplete: boolean;
  /** The identifier text before the cursor that items were filtered by. */
  prefix: string;
  advice?: Advice[];
}

/** Options of completion. */
export interface CompletionOptions {
  /** At most this many items (default: as many as fit the budget). */
  limit?: number;
  /** Characters of answer (default DEFAULT_BUDGET_CHARS). */
  budget?: number;
}
