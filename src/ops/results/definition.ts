/** The plain result and option types of definition (no functions: a consumer's type graph stops here). */
import type { DefinitionKind } from '../../core/operation-kinds.js';
import type { LocationRef } from './locations.js';
import type { OpResultBase } from './target.js';

export interface DefinitionResult extends OpResultBase {
  mode: DefinitionKind;
  targets: LocationRef[];
}
