/** The plain result and option types of references (no functions: a consumer's type graph stops here). */
import type { Advice } from '../../core/advice.js';
import type { PageRequest } from '../../core/budget.js';
import type { LocationRef } from './locations.js';
import type { OpResultBase } from './target.js';

/** Paging of references. */
export interface ReferencesOptions extends PageRequest {
  includeDeclaration?: boolean;
  /** At most this many hits per page (default 100); pages are also cut to the character budget. */
  pageSize?: number;
  /** Source lines for every hit (default: none, one line per hit; docs/mcp.md, "Compact answers"). */
  snippets?: boolean;
}

/** References of one file. */
export interface FileReferences {
  file_path: string;
  references: LocationRef[];
}

export interface ReferencesResult extends OpResultBase {
  /** References in the whole answer (every page). */
  total: number;
  /** Files in the whole answer; `files` holds only this page's. */
  total_files: number;
  page: number;
  pages: number;
  page_size: number;
  files: FileReferences[];
  advice?: Advice[];
}
