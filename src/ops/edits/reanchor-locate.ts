/**
 * Locating with re-anchoring (docs/edit.md): resolve a locate string, and when it no longer resolves,
 * move it to the one place it unambiguously still means — reported in `reanchored`, never silently.
 * `edit` re-anchors its targets this way; the other operations do not (they report the miss).
 */
import { isLocusError } from '../../core/errors.js';
import { formatLocate } from '../../locate/locate-string.js';
import { reanchor } from '../../locate/reanchor.js';
import { displayOf, resolveLocate, type LocateSuccess } from '../../locate/resolver.js';
import type { ReanchorNote } from './edit-targets.js';
import { readableLocate } from '../locating/readable-locate.js';
import { parseAndLoad, type LocateInput, type Locator } from '../locating/locator.js';
import { formatSymbolPath } from '../../locate/symbol-path.js';
import type { ReanchoredResult } from '../results/reanchor-locate.js';
export type { ReanchoredResult } from '../results/reanchor-locate.js';

/** Resolves `input` (as a position); re-anchors it when it no longer resolves. */
export async function locateReanchored(locator: Locator, input: LocateInput): Promise<ReanchoredResult> {
  try {
    const { locate, loaded } = await parseAndLoad(locator.workspace, locator.syntax, input);
    const result = resolveLocate(loaded.view, locate, 'position');
    if (result.ok) return result;
    const moved = reanchor(loaded.view, locate);
    if (!moved) return result;
    const view = loaded.view;
    const out: LocateSuccess & { reanchored: ReanchorNote } = {
      ok: true,
      file_path: view.filePath,
      position: view.lines.toPosition(moved.offset),
      display: displayOf(view, moved.offset),
      matches: 1,
      reanchored: {
        from: typeof input === 'string' ? input : formatLocate(locate),
        to: readableLocate(view, moved.offset),
        kind: moved.kind,
        detail: moved.detail,
      },
    };
    if (moved.symbol) out.symbol = { path: formatSymbolPath(moved.symbol.path), kind: moved.symbol.kind };
    out.notes = [`re-anchored: ${out.reanchored.from} → ${out.reanchored.to} (${moved.detail})`];
    return out;
  } catch (error) {
    if (isLocusError(error)) return { ok: false, error: error.toData() };
    throw error;
  }
}
