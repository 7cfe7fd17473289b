/**
 * format_range (docs/operations.md, "What the operations do"): formatting edits for a located range (range formatting, or whole-document
 * formatting when the range is the whole file or the server has no range formatting) as a diff.
 */
import type { FormattingOptions } from 'vscode-languageserver-protocol';
import { isLocusError } from '../core/errors.js';
import { pathToUri } from '../lsp/uri.js';
import type { Range } from '../core/positions.js';
import type { OpsContext } from './context.js';
import type { LocateInput } from './locator.js';
import { previewOrApply, type EditOptions, type EditResultFields } from './edits.js';
import { resolveTarget, resultBase, type OpResultBase } from './target.js';

/** Result of formatting. */
export interface FormatResult extends OpResultBase, EditResultFields {
  range: Range;
  /** `range` or `document` formatting. */
  scope: 'range' | 'document';
}

/** Formats a located range (or the whole file); nothing is written unless asked. */
export async function formatRange(
  context: OpsContext,
  input: LocateInput,
  options: EditOptions = {},
): Promise<FormatResult> {
  const target = await resolveTarget(context, 'format_range', input, 'range');
  const range = target.range as Range;
  const { absPath, text } = target.loaded.file;
  const formatting = detectFormatting(text);
  const whole =
    range.start.line === 0 &&
    range.start.character === 0 &&
    target.loaded.view.lines.toOffset(range.end) >= text.length;
  let scope: 'range' | 'document' = whole ? 'document' : 'range';
  let answer;
  try {
    answer = whole
      ? await target.session.formatting(absPath, text, formatting)
      : await target.session.rangeFormatting(absPath, text, range, formatting);
  } catch (error) {
    if (!(isLocusError(error) && error.code === 'CAPABILITY_MISSING' && !whole)) throw error;
    scope = 'document';
    answer = await target.session.formatting(absPath, text, formatting);
  }
  const fields = await previewOrApply(context, { changes: { [pathToUri(absPath)]: answer.result } }, options);
  return { ...resultBase(target, answer.possiblyIncomplete), range, scope, ...fields };
}

/**
 * Indentation of the file: tabs when most indented lines start with a tab, else 2 or 4 spaces —
 * 2 when some code line is indented by 2 modulo 4. Comment continuation lines (` * …`) are ignored.
 */
export function detectFormatting(text: string): FormattingOptions {
  const indents = text
    .split(/\r\n|\r|\n/)
    .filter((line) => !/^[ \t]+\*/.test(line))
    .map((line) => /^[ \t]+/.exec(line)?.[0])
    .filter((indent): indent is string => indent !== undefined);
  const tabs = indents.filter((i) => i.startsWith('\t')).length;
  if (tabs > indents.length / 2) return { tabSize: 4, insertSpaces: false };
  const twoSpace = indents.some((i) => !i.includes('\t') && i.length % 4 === 2);
  return { tabSize: twoSpace ? 2 : 4, insertSpaces: true };
}
