/** Any failure, for every face (the wording of advice is the face's). */
import { NEUTRAL_WORDING, wordAll, type Wording } from '../core/advice.js';
import type { ErrorData } from '../core/errors.js';

/** `error CODE: message` plus the hint and any candidates. */
export function renderError(error: ErrorData, word: Wording = NEUTRAL_WORDING): string {
  const lines = [`error ${error.code}: ${error.message}`];
  const hint = [error.hint, ...wordAll(error.advice, word)].filter(Boolean).join(' ');
  if (hint) lines.push(`hint: ${hint}`);
  return lines.join('\n');
}
