/**
 * Renders the `edit` answer: what each edit targeted (and any re-anchoring, never silent), the diff
 * and fingerprint, and the locate strings of the new code for the next call.
 */
import type { EditOutcome, EditResult } from '../ops/edits/edit.js';
import { NEUTRAL_WORDING, type Wording } from '../core/advice.js';
import type { Detail } from './cursor.js';
import { renderEdit } from './edits.js';

const ACTION_LABEL: Record<EditOutcome['action'], string> = {
  replace: 'replace',
  insert_before: 'insert before',
  insert_after: 'insert after',
  delete: 'delete',
};

function renderOutcome(o: EditOutcome, applied: boolean): string[] {
  const what = o.target.symbol ? `${o.target.kind} ${o.target.symbol}` : o.target.kind;
  const lines = [
    `${o.index + 1}. ${ACTION_LABEL[o.action]} \`${o.locate}\` → ${what} at ${o.target.display}`,
  ];
  if (o.reanchored)
    lines.push(`   re-anchored: ${o.reanchored.from} → ${o.reanchored.to} (${o.reanchored.detail})`);
  const after = applied ? '' : ' (after applying)';
  if (o.new_locate) lines.push(`   new code${after}: \`${o.new_locate}\``);
  for (const s of o.symbols) lines.push(`   ${s.kind} ${s.path}: \`${s.locate}\``);
  if (o.enclosing) lines.push(`   inside ${o.enclosing.kind} ${o.enclosing.path}: \`${o.enclosing.locate}\``);
  return lines;
}

/** The edit answer. */
export function renderEditResult(
  result: EditResult,
  word: Wording = NEUTRAL_WORDING,
  detail: Detail = 'full',
): string {
  const lines = ['Edits:'];
  for (const o of result.edits) lines.push(...renderOutcome(o, result.applied));
  lines.push('', renderEdit(result, 'Edit', word, detail));
  return lines.join('\n');
}
