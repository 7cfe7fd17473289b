/** The plain result and option types of hierarchy (no functions: a consumer's type graph stops here). */
import type { HierarchyDirection } from '../../core/operation-kinds.js';
import type { LocationRef } from './locations.js';
import type { OpResultBase } from './target.js';

/** One item of the answer. */
export interface HierarchyItem {
  name: string;
  kind: string;
  detail?: string;
  /** Where the item is declared (its name). */
  place: LocationRef;
  /** Call sites: where this item calls the parent (incoming) or where the parent calls it (outgoing). */
  call_sites?: LocationRef[];
  children: HierarchyItem[];
  /** The depth bound stopped here; ask again from this item's locate string to go further. */
  truncated?: true;
}

export interface HierarchyResult extends OpResultBase {
  direction: HierarchyDirection;
  depth: number;
  items: HierarchyItem[];
  /** Items in the whole tree, roots excluded. */
  total: number;
  /**
   * Set when the server has no type hierarchy and the answer was read from its implementations, references and
   * definitions over the class headers instead (a note says so too).
   */
  source?: 'implementations';
}
