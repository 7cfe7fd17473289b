/**
 * completion (docs/operations.md, "What the operations do"): the top N completion items at a located position (`obj.<|>`), with label,
 * kind and detail, and the total so the agent knows what was left out.
 */
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-protocol';
import type { OpsContext } from './context.js';
import type { LocateInput } from './locator.js';
import { resolveTarget, resultBase, type OpResultBase } from './target.js';

/** One completion item. */
export interface CompletionEntry {
  label: string;
  kind?: string;
  detail?: string;
}

/** Result of completion. */
export interface CompletionResult extends OpResultBase {
  items: CompletionEntry[];
  total: number;
  /** The server said the list is incomplete (typing more narrows it). */
  is_incomplete: boolean;
}

/** Default number of items shown. */
export const DEFAULT_COMPLETION_LIMIT = 50;

const KIND_NAMES = new Map<number, string>(
  Object.entries(CompletionItemKind).map(([name, value]) => [value as number, name.toLowerCase()]),
);

/** Runs completion at a located position. */
export async function completion(
  context: OpsContext,
  input: LocateInput,
  limit = DEFAULT_COMPLETION_LIMIT,
): Promise<CompletionResult> {
  const target = await resolveTarget(context, 'completion', input);
  const answer = await target.session.completion(
    target.loaded.file.absPath,
    target.loaded.file.text,
    target.position,
  );
  const sorted = [...answer.result.items].sort(
    (a, b) =>
      Number(b.preselect ?? false) - Number(a.preselect ?? false) ||
      (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label),
  );
  return {
    ...resultBase(target, answer.possiblyIncomplete),
    items: sorted.slice(0, Math.max(1, limit)).map(entry),
    total: sorted.length,
    is_incomplete: answer.result.isIncomplete,
  };
}

function entry(item: CompletionItem): CompletionEntry {
  // clangd pads labels with a space (room for an include marker); agents want the name.
  const out: CompletionEntry = { label: item.label.trim() };
  const kind = item.kind === undefined ? undefined : KIND_NAMES.get(item.kind);
  if (kind) out.kind = kind;
  const detail = item.detail ?? item.labelDetails?.description ?? item.labelDetails?.detail;
  if (detail) out.detail = detail.trim();
  return out;
}
