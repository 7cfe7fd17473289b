/**
 * references (docs/operations.md, "What the operations do"): every reference to the symbol at the cursor (declaration included), grouped
 * by file, each with enclosing symbol, snippet and locate string; paginated, never truncated silently.
 */
import { LocusError } from '../core/errors.js';
import type { Location } from 'vscode-languageserver-protocol';
import type { OpsContext } from './context.js';
import { ViewCache, describeLocations, type LocationRef } from './locations.js';
import type { LocateInput } from './locator.js';
import { askServer, resolveTarget, resultBase, type OpResultBase } from './target.js';

/** Paging of references. */
export interface ReferencesOptions {
  includeDeclaration?: boolean;
  /** 1-based page number. */
  page?: number;
  pageSize?: number;
}

/** References of one file. */
export interface FileReferences {
  file_path: string;
  references: LocationRef[];
}

/** Result of references. */
export interface ReferencesResult extends OpResultBase {
  /** References in the whole answer (every page). */
  total: number;
  /** Files in the whole answer; `files` holds only this page's. */
  total_files: number;
  page: number;
  pages: number;
  page_size: number;
  files: FileReferences[];
}

/** Default page size: large enough for most symbols, small enough for an agent's context. */
export const DEFAULT_REFERENCES_PAGE_SIZE = 100;

/** Runs references at a located position. */
export async function references(
  context: OpsContext,
  input: LocateInput,
  options: ReferencesOptions = {},
): Promise<ReferencesResult> {
  const pageSize = options.pageSize ?? DEFAULT_REFERENCES_PAGE_SIZE;
  const page = options.page ?? 1;
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(pageSize) || pageSize < 1) {
    throw new LocusError('INVALID_LOCATE', 'page and page_size must be whole numbers >= 1.', {
      hint: 'Pages are 1-based.',
    });
  }
  const target = await resolveTarget(context, 'references', input);
  const answer = await askServer(target, () =>
    target.session.references(
      target.loaded.file.absPath,
      target.loaded.file.text,
      target.position,
      options.includeDeclaration ?? true,
    ),
  );
  const sorted = sortLocations(answer.result);
  const pages = Math.max(1, Math.ceil(sorted.length / pageSize));
  const slice = sorted.slice((page - 1) * pageSize, page * pageSize);
  const refs = await describeLocations(new ViewCache(context), slice);
  const files: FileReferences[] = [];
  for (const ref of refs) {
    const group = files.find((f) => f.file_path === ref.file_path);
    if (group) group.references.push(ref);
    else files.push({ file_path: ref.file_path, references: [ref] });
  }
  return {
    ...resultBase(target, answer.possiblyIncomplete),
    total: sorted.length,
    total_files: new Set(sorted.map((l) => l.uri)).size,
    page,
    pages,
    page_size: pageSize,
    files,
  };
}

/** Document order within a file, files by URI; duplicates removed. */
function sortLocations(locations: readonly Location[]): Location[] {
  const seen = new Set<string>();
  return [...locations]
    .sort(
      (a, b) =>
        a.uri.localeCompare(b.uri) ||
        a.range.start.line - b.range.start.line ||
        a.range.start.character - b.range.start.character,
    )
    .filter((l) => {
      const key = `${l.uri}:${l.range.start.line}:${l.range.start.character}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
