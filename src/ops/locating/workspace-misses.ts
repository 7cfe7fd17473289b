/**
 * What a workspace-wide locate string says when it does not name exactly one symbol (docs/workspace.md):
 * SYMBOL_AMBIGUOUS with ranked candidates, SYMBOL_NOT_FOUND with did-you-mean across the workspace (also used by
 * `symbols`), and the canonical locate string every candidate carries.
 */
import { LocusError } from '../../core/errors.js';
import { clip } from '../../core/limits.js';
import type { IndexedSymbol, WorkspaceIndex } from '../../index/index.js';
import { editDistance } from '../../locate/edit-distance.js';
import { formatSymbolPath, parseSymbolPath } from '../../locate/symbol-path.js';
import type { WorkspaceLocate } from '../../locate/workspace-locate.js';

/** Candidates shown in a SYMBOL_AMBIGUOUS answer. */
export const MAX_CANDIDATES = 10;
/** Did-you-mean: symbols per near name whose whole path is compared with a qualified miss. */
const MAX_NEAR_PER_NAME = 500;
const MAX_SUGGESTIONS = 5;

/** The canonical file-qualified locate string of an indexed symbol (plus `@find`). */
export function symbolLocate(symbol: IndexedSymbol, find?: string): string {
  const index = symbol.sameCount > 1 ? symbol.sameIndex : undefined;
  let scope = formatSymbolPath(symbol.path, index);
  try {
    const parsed = parseSymbolPath(scope);
    if (parsed.segments.join('\u0000') !== symbol.path.join('\u0000') || /^L?\d/.test(scope))
      throw new Error();
  } catch {
    scope = String(symbol.line + 1); // a name the string syntax cannot write: its line instead
  }
  return `${symbol.file}:${scope}${find === undefined ? '' : `@${find}`}`;
}

function candidateData(symbol: IndexedSymbol, find?: string) {
  return {
    path: formatSymbolPath(symbol.path),
    kind: symbol.kind,
    file_path: symbol.file,
    line: symbol.line + 1,
    locate: symbolLocate(symbol, find),
  };
}

export function ambiguous(
  label: string,
  symbols: IndexedSymbol[],
  find: string | undefined,
  notes: string[],
): LocusError {
  const shown = symbols.slice(0, MAX_CANDIDATES).map((s) => candidateData(s, find));
  const lines = shown.map((c) => `${c.kind} ${c.path}  ${c.file_path}:${c.line}  → \`${c.locate}\``);
  const more =
    symbols.length > shown.length
      ? `\n(${symbols.length - shown.length} more; narrow with a glob: \`src/**:${label}\`)`
      : '';
  return new LocusError(
    'SYMBOL_AMBIGUOUS',
    `"${label}" matches ${symbols.length} symbols in the workspace.`,
    {
      hint: `Pick one:\n${lines.join('\n')}${more}${notes.length > 0 ? `\n(${notes.join('; ')})` : ''}`,
      details: { total: symbols.length, candidates: shown },
    },
  );
}

export function notFound(
  index: WorkspaceIndex,
  form: WorkspaceLocate,
  label: string,
  notes: string[],
  accept: ((file: string) => boolean) | undefined,
): LocusError {
  const suggestions = nearSymbols(index, form.scope?.symbol_path ?? [label], accept).map((s) =>
    candidateData(s),
  );
  const files = form.bare ? nearFiles(index, label) : [];
  const tried = form.bare
    ? `\`${clip(label)}\` is neither a file in the workspace nor a symbol in its index.`
    : `No symbol "${clip(label)}" in ${form.where === '*' ? 'the workspace' : `the files \`${clip(form.where)}\` matches`}.`;
  const parts: string[] = [];
  if (suggestions.length > 0)
    parts.push(
      `Did you mean: ${suggestions.map((s) => `${s.path} (${s.file_path}:${s.line}) → \`${s.locate}\``).join('; ')}?`,
    );
  if (files.length > 0) parts.push(`Files with a similar name: ${files.join(', ')}.`);
  if (notes.length > 0) parts.push(`(${notes.join('; ')})`);
  return new LocusError('SYMBOL_NOT_FOUND', tried, {
    ...(parts.length > 0 ? { hint: parts.join(' ') } : {}),
    details: { suggestions, ...(files.length > 0 ? { files } : {}) },
    advice: [{ kind: 'find-symbol' }],
  });
}

/**
 * Did-you-mean for a missing path (here and in `symbols`): the symbols named like its last segment (that name itself or one near it);
 * for a qualified path (`ZodStrng.email`), ranked by the distance of their path's tail to the whole path, so
 * the container's typo is found too. One symbol per distinct path.
 */
export function nearSymbols(
  index: WorkspaceIndex,
  segments: readonly string[],
  accept: ((file: string) => boolean) | undefined,
): IndexedSymbol[] {
  const last = segments[segments.length - 1] ?? '';
  const names = index.store.nearNames(last, MAX_SUGGESTIONS);
  if (segments.length < 2) {
    return names
      .map((name) => index.store.lookup([name], accept).symbols[0])
      .filter((s): s is IndexedSymbol => s !== undefined);
  }
  const wanted = segments.join('.');
  const scored: { symbol: IndexedSymbol; distance: number }[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    for (const { symbol } of index.store.query(name, accept, MAX_NEAR_PER_NAME, true).hits) {
      const key = symbol.path.join('\u0000');
      if (seen.has(key)) continue;
      seen.add(key);
      scored.push({ symbol, distance: editDistance(symbol.path.slice(-segments.length).join('.'), wanted) });
    }
  }
  // A stable sort keeps the index's rank among equally near paths.
  return scored
    .sort((a, b) => a.distance - b.distance)
    .slice(0, MAX_SUGGESTIONS)
    .map((s) => s.symbol);
}

function nearFiles(index: WorkspaceIndex, label: string): string[] {
  const wanted = label.toLowerCase();
  return index.store
    .paths()
    .filter((p) => {
      const base = p.slice(p.lastIndexOf('/') + 1).toLowerCase();
      return base.startsWith(wanted.split('.')[0] ?? wanted) && wanted.length > 1;
    })
    .slice(0, 5);
}
