/**
 * Format range (docs/operations.md, "What the operations do"): formatting edits for a located range (range formatting, or whole-document
 * formatting when the range is the whole file or the server has no range formatting) as a diff.
 */
import type { FormattingOptions, TextEdit } from 'vscode-languageserver-protocol';
import { isLocusError } from '../../core/errors.js';
import { pathToUri } from '../../lsp/uri.js';
import type { Range } from '../../core/positions.js';
import type { OpsContext } from '../context/context.js';
import type { LocateInput } from '../locating/locator.js';
import { verifiedPreviewOrApply, type VerifiedEditOptions } from './verify.js';
import { resolveTarget, resultBase } from '../context/target.js';
import type { FormatResult } from '../results/format.js';
export type { FormatResult } from '../results/format.js';

/** Formats a located range (or the whole file); nothing is written unless asked. */
export async function formatRange(
  context: OpsContext,
  input: LocateInput,
  options: VerifiedEditOptions = {},
): Promise<FormatResult> {
  const target = await resolveTarget(context, 'format range', input, 'range');
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
  const widened = widening(answer.result, range, whole, scope, target.session.adapter.name);
  const fields = await verifiedPreviewOrApply(
    context,
    { changes: { [pathToUri(absPath)]: answer.result } },
    options,
  );
  const base = resultBase(target, answer);
  if (widened) base.notes = [...(base.notes ?? []), widened];
  return { ...base, range, scope, ...fields };
}

/**
 * A note when the edits reach beyond the asked range: the server has no range formatting (gopls formats the
 * document) or formatted more than asked. Names the lines the edits touch, so nothing changes unannounced.
 */
export function widening(
  edits: readonly TextEdit[],
  range: Range,
  whole: boolean,
  scope: 'range' | 'document',
  server: string,
): string | undefined {
  if (whole || edits.length === 0) return undefined;
  const outside = edits.some(
    (e) => e.range.start.line < range.start.line || e.range.end.line > range.end.line,
  );
  if (scope === 'range' && !outside) return undefined;
  const spans = edits
    .map((e) => [e.range.start.line + 1, Math.max(e.range.start.line + 1, e.range.end.line + 1)] as const)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [a, b] of spans) {
    const last = merged[merged.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  const lines = merged.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(', ');
  const why =
    scope === 'document'
      ? `${server} cannot format a range, so the whole document was formatted`
      : `${server} formatted beyond the requested range`;
  return `The range (lines ${range.start.line + 1}-${range.end.line + 1}) could not be honoured: ${why}; the edits touch lines ${lines}.`;
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
