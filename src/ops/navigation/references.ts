/**
 * references (docs/operations.md, "What the operations do"): every reference to the symbol at the cursor (declaration included), grouped
 * by file, each with enclosing symbol, snippet and locate string; paginated, never truncated silently.
 */
import { checkBudget, checkPage, pageByBudget } from '../../core/budget.js';
import { LocusError } from '../../core/errors.js';
import type { Location } from 'vscode-languageserver-protocol';
import type { OpsContext } from '../context/context.js';
import { ViewCache, describeLocations } from '../context/locations.js';
import type { LocateInput } from '../locating/locator.js';
import { askServer, resolveTarget, resultBase, type OpTarget } from '../context/target.js';
import type { ReferencesOptions, FileReferences, ReferencesResult } from '../results/references.js';
export type { ReferencesOptions, FileReferences, ReferencesResult } from '../results/references.js';

/** Default page size: large enough for most symbols, small enough for an agent's context. */
export const DEFAULT_REFERENCES_PAGE_SIZE = 100;

/** Runs references at a located position. */
export async function references(
  context: OpsContext,
  input: LocateInput,
  options: ReferencesOptions = {},
): Promise<ReferencesResult> {
  const pageSize = options.pageSize ?? DEFAULT_REFERENCES_PAGE_SIZE;
  const page = checkPage(options.page);
  checkBudget(options.budget);
  if (!Number.isInteger(pageSize) || pageSize < 1) {
    throw new LocusError('INVALID_ARGUMENT', 'page_size must be a whole number >= 1.', {
      hint: 'Give the number of hits per page.',
      details: { argument: 'page_size' },
    });
  }
  const target = await resolveTarget(context, 'references', input);
  const answer = await sortedReferences(context, target, options.includeDeclaration ?? true);
  const sorted = answer.result;
  // Page boundaries come from the raw locations (estimated size of a compact line), so they do not move
  // between calls; the estimate errs on the large side.
  const root = context.locator.root;
  const sliced = pageByBudget(sorted, (l) => estimateLine(l, root), {
    page,
    maxItems: pageSize,
    overhead: 1_000,
    ...(options.budget === undefined ? {} : { budget: options.budget }),
  });
  const { pages } = sliced;
  const refs = await describeLocations(new ViewCache(context), sliced.items);
  // Compact by default: the locate string says where and in what; source lines on request.
  if (options.snippets !== true) for (const ref of refs) delete ref.snippet;
  const files: FileReferences[] = [];
  for (const ref of refs) {
    const group = files.find((f) => f.file_path === ref.file_path);
    if (group) group.references.push(ref);
    else files.push({ file_path: ref.file_path, references: [ref] });
  }
  return {
    ...resultBase(target, answer),
    total: sorted.length,
    total_files: new Set(sorted.map((l) => l.uri)).size,
    page,
    pages,
    page_size: pageSize,
    files,
    ...(page < pages ? { advice: [{ kind: 'next-page', page: page + 1, pages }] } : {}),
  };
}

/** A compact hit line is about its path twice (place and locate string) plus a symbol and a short find. */
function estimateLine(location: Location, root: string): number {
  const path = location.uri.length - 7 - root.length;
  return 2 * Math.max(path, 8) + 70;
}

/** A cached answer is reused only this long, even when no file change was seen (docs/performance.md). */
const ANSWER_TTL_MS = 30_000;

/**
 * The server's references, sorted; reused while the file's text is the same and the freshness check
 * has seen no change on disk (its epoch), for pages 2, 3, … of the same question.
 */
async function sortedReferences(
  context: OpsContext,
  target: OpTarget,
  includeDeclaration: boolean,
): Promise<{ result: Location[]; possiblyIncomplete: boolean; incompleteReason?: string }> {
  const { absPath, text } = target.loaded.file;
  const key = `${absPath}\u0000${target.position.line}:${target.position.character}:${includeDeclaration}`;
  const cache = context.referenceAnswers;
  const known = cache.get(key);
  const epoch = context.freshness.epoch;
  if (known && known.text === text && known.epoch === epoch && Date.now() - known.at < ANSWER_TTL_MS)
    return known.answer;
  const raw = await askServer(target, () =>
    target.session.references(absPath, text, target.position, includeDeclaration),
  );
  const answer = {
    result: sortLocations(raw.result),
    possiblyIncomplete: raw.possiblyIncomplete,
    ...(raw.incompleteReason === undefined ? {} : { incompleteReason: raw.incompleteReason }),
  };
  cache.delete(key);
  if (!answer.possiblyIncomplete) cache.set(key, { text, epoch, at: Date.now(), answer });
  return answer;
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
