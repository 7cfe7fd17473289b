/** The plain result and option types of format (no functions: a consumer's type graph stops here). */
import type { Range } from '../../core/positions.js';
import type { VerifiedEditFields } from './verify.js';
import type { OpResultBase } from './target.js';

export interface FormatResult extends OpResultBase, VerifiedEditFields {
  range: Range;
  /** `range` or `document` formatting. */
  scope: 'range' | 'document';
}
