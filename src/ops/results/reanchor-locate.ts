/** The plain result and option types of reanchor-locate (no functions: a consumer's type graph stops here). */
import type { LocateResult, LocateSuccess } from '../../locate/resolver.js';
import type { ReanchorNote } from './edit.js';

/** A locate result that may have been re-anchored. */
export type ReanchoredResult = LocateResult | (LocateSuccess & { reanchored: ReanchorNote });
