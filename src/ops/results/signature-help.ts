/** The plain result and option types of signature-help (no functions: a consumer's type graph stops here). */
import type { OpResultBase } from './target.js';

/** One signature. */
export interface SignatureEntry {
  label: string;
  documentation?: string;
  parameters: string[];
}

export interface SignatureHelpResult extends OpResultBase {
  signatures: SignatureEntry[];
  active_signature: number | null;
  active_parameter: number | null;
}
