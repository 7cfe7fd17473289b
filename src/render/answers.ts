/**
 * Renders hover, completion and signature help.
 */
import { NEUTRAL_WORDING, wordAll, type Wording } from '../core/advice.js';
import type { CompletionResult } from '../ops/navigation/completion.js';
import type { HoverResult } from '../ops/navigation/hover.js';
import type { SignatureHelpResult } from '../ops/navigation/signature-help.js';
import { renderCursor, renderResultNotes, type Detail } from './cursor.js';
import { codeSpan } from './markdown.js';

/** Hover text after the cursor block. */
export function renderHover(
  result: HoverResult,
  _word: Wording = NEUTRAL_WORDING,
  detail: Detail = 'full',
): string {
  return [
    renderCursor(result.cursor, detail),
    ...renderResultNotes(result),
    '',
    result.contents || 'No hover information here.',
  ].join('\n');
}

/** Completion items as a list. */
export function renderCompletion(
  result: CompletionResult,
  word: Wording = NEUTRAL_WORDING,
  detail: Detail = 'full',
): string {
  const lines = [renderCursor(result.cursor, detail), ...renderResultNotes(result), ''];
  if (result.items.length === 0) lines.push('No completions here.');
  else
    lines.push(
      `Completions${result.prefix ? ` starting with ${codeSpan(result.prefix)}` : ''} (${result.items.length} of ${result.total}${result.is_incomplete ? ', list incomplete: type more to narrow' : ''}):`,
    );
  for (const item of result.items)
    lines.push(
      `- ${codeSpan(item.label)}${item.kind ? ` (${item.kind})` : ''}${item.detail ? ` — ${item.detail}` : ''}`,
    );
  lines.push(...wordAll(result.advice, word));
  return lines.join('\n');
}

/** Signatures with the active one and parameter marked. */
export function renderSignatureHelp(
  result: SignatureHelpResult,
  _word: Wording = NEUTRAL_WORDING,
  detail: Detail = 'full',
): string {
  const lines = [renderCursor(result.cursor, detail), ...renderResultNotes(result), ''];
  if (result.signatures.length === 0)
    lines.push("No signature help here (is the cursor inside a call's parentheses?).");
  result.signatures.forEach((signature, i) => {
    const active = i === result.active_signature;
    lines.push(`${active ? '▶' : '-'} ${codeSpan(signature.label)}`);
    const parameter =
      active && result.active_parameter !== null ? signature.parameters[result.active_parameter] : undefined;
    if (parameter !== undefined) lines.push(`  active parameter: ${codeSpan(parameter)}`);
    if (active && signature.documentation) lines.push(`  ${signature.documentation.replace(/\n/g, '\n  ')}`);
  });
  return lines.join('\n');
}
