/**
 * completion (docs/operations.md, "What the operations do"): the completion items at a located position (`obj.<|>`), filtered by the prefix typed
 * before the cursor and ranked (case-exact prefix, then any-case prefix, then the server's order), with label,
 * kind and detail. Without a limit every item is returned when they fit the answer budget (docs/mcp.md,
 * "Budgets"); otherwise the first that fit, and the total so the agent knows what was left out.
 */
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-protocol';
import { checkBudget } from '../../core/budget.js';
import type { OpsContext } from '../context/context.js';
import type { LocateInput } from '../locating/locator.js';
import { resolveTarget, resultBase } from '../context/target.js';
import type { CompletionEntry, CompletionResult, CompletionOptions } from '../results/completion.js';
export type { CompletionEntry, CompletionResult, CompletionOptions } from '../results/completion.js';

const KIND_NAMES = new Map<number, string>(
  Object.entries(CompletionItemKind).map(([name, value]) => [value as number, name.toLowerCase()]),
);

/** Runs completion at a located position. */
export async function completion(
  context: OpsContext,
  input: LocateInput,
  options: CompletionOptions = {},
): Promise<CompletionResult> {
  const budget = checkBudget(options.budget);
  const target = await resolveTarget(context, 'completion', input);
  const answer = await target.session.completion(
    target.loaded.file.absPath,
    target.loaded.file.text,
    target.position,
  );
  const prefix = typedPrefix(target.loaded.file.text, target.offset);
  const ranked = rank(answer.result.items, prefix).map(entry);
  let room = budget - 600;
  let fit = 0;
  for (const item of ranked) {
    room -= item.label.length + (item.kind?.length ?? 0) + (item.detail?.length ?? 0) + 12;
    if (room < 0 && fit > 0) break;
    fit++;
  }
  const shown = Math.min(fit, Math.max(1, options.limit ?? Infinity));
  const result: CompletionResult = {
    ...resultBase(target, answer),
    items: ranked.slice(0, shown),
    total: ranked.length,
    is_incomplete: answer.result.isIncomplete,
    prefix,
  };
  if (shown < ranked.length) result.advice = [{ kind: 'raise-limit', more: ranked.length - shown }];
  return result;
}

/** The identifier characters just before the cursor. */
function typedPrefix(text: string, offset: number): string {
  let start = offset;
  while (start > 0 && /[\p{L}\p{N}_$]/u.test(text[start - 1] ?? '')) start--;
  return text.slice(start, offset);
}

/** Items matching the prefix: case-exact prefix first, then any case, each in the server's order. */
function rank(items: readonly CompletionItem[], prefix: string): CompletionItem[] {
  const lower = prefix.toLowerCase();
  const score = (item: CompletionItem): number => {
    const name = (item.filterText ?? item.label).trim();
    if (name.startsWith(prefix)) return 0;
    return name.toLowerCase().startsWith(lower) ? 1 : 2;
  };
  return items
    .map((item) => ({ item, score: score(item) }))
    .filter((x) => prefix === '' || x.score < 2)
    .sort(
      (a, b) =>
        a.score - b.score ||
        Number(b.item.preselect ?? false) - Number(a.item.preselect ?? false) ||
        (a.item.sortText ?? a.item.label).localeCompare(b.item.sortText ?? b.item.label),
    )
    .map((x) => x.item);
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
