/** The plain result and option types of hover (no functions: a consumer's type graph stops here). */
import type { OpResultBase } from './target.js';

export interface HoverResult extends OpResultBase {
  /** Cleaned markdown; empty when the server has nothing to say. */
  contents: string;
}
