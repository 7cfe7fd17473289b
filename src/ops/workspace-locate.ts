/**
 * Resolving workspace-wide locate strings (docs/workspace.md) through the index: the symbol path in
 * every (or every glob-matching) indexed file, exact before suffix; one candidate → the ordinary
 * file-qualified locate, several → SYMBOL_AMBIGUOUS with ranked candidates, none → SYMBOL_NOT_FOUND
 * with did-you-mean across the workspace.
 */
import { fileFacts } from '../workspace/files.js';
import path from 'node:path';
import picomatch from 'picomatch';
import { isLocusError, LocusError } from '../core/errors.js';
import { clip } from '../core/limits.js';
import { outlineOfEntry, type IndexedSymbol, type WorkspaceIndex } from '../index/index.js';
import { editDistance } from '../locate/edit-distance.js';
import { compileFind, findAll } from '../locate/matcher.js';
import { isSymbolScope, type Locate } from '../locate/model.js';
import { formatSymbolPath, parseSymbolPath } from '../locate/symbol-path.js';
import type { WorkspaceLocate } from '../locate/workspace-locate.js';
import { resolveLocate } from '../locate/resolver.js';
import { fileView } from '../locate/resolve-core.js';
import type { Workspace } from '../workspace/workspace.js';
import { loadFile, type LoadedFile } from './file-view.js';
import type { IndexAccess, ProgressListener } from './index-access.js';
import type { SyntaxService } from './syntax-service.js';

const MAX_CANDIDATES = 10;
/** How many same-path candidates are tried against a find before giving up on narrowing. */
const MAX_FIND_TRIES = 50;
/** Did-you-mean: symbols per near name whose whole path is compared with a qualified miss. */
const MAX_NEAR_PER_NAME = 500;
const MAX_SUGGESTIONS = 5;

/** A workspace locate resolved to one file. */
export interface WorkspaceResolution {
  locate: Locate;
  loaded: LoadedFile;
  /** The canonical file-qualified locate string. */
  canonical: string;
  notes: string[];
}

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

/** Resolves a workspace form to one file, or throws the coded error. */
export async function resolveWorkspace(
  workspace: Workspace,
  syntax: SyntaxService,
  access: IndexAccess,
  form: WorkspaceLocate,
  onProgress?: ProgressListener,
): Promise<WorkspaceResolution> {
  const accept = form.where === '*' ? undefined : picomatch(form.where, { dot: true });
  const bareNote = form.bare
    ? [
        `read as a workspace symbol (no file \`${clip(formatSymbolPath(form.scope?.symbol_path ?? []))}\` exists)`,
      ]
    : [];
  if (!form.scope) {
    const { index, notes } = await access.ready(onProgress);
    return resolveFind(workspace, syntax, index, form, accept, [...bareNote, ...notes]);
  }
  const segments = form.scope.symbol_path;
  const last = segments[segments.length - 1];
  // A name is enough to find its symbols before the first build; not finding it needs the whole index
  // (did-you-mean), so that answer waits for it.
  let { index, notes, status } = await access.readyFor(last === undefined ? [] : [last], onProgress);
  let { match, symbols } = index.store.lookup(segments, accept);
  if (symbols.length === 0 && status.covers) {
    ({ index, notes, status } = await access.ready(onProgress));
    ({ match, symbols } = index.store.lookup(segments, accept));
  }
  notes.unshift(...bareNote);
  const label = formatSymbolPath(segments);
  let chosen = pickIndexed(symbols, form, label);
  if (chosen.length > 1 && form.find !== undefined)
    chosen = await narrowByFind(workspace, syntax, chosen, form.find);
  if (chosen.length === 0) throw notFound(index, form, label, notes, accept);
  if (chosen.length > 1) throw ambiguous(label, chosen, form.find, notes);
  const symbol = chosen[0] as IndexedSymbol;
  const canonical = symbolLocate(symbol, form.find);
  if (match === 'suffix') notes.push(`resolved "${label}" to "${formatSymbolPath(symbol.path)}"`);
  notes.push(`found in the workspace index: ${canonical}`);
  const locate: Locate = {
    file_path: symbol.file,
    scope:
      symbol.sameCount > 1
        ? { symbol_path: symbol.path, symbol_index: symbol.sameIndex }
        : { symbol_path: symbol.path },
  };
  if (form.find !== undefined) locate.find = form.find;
  return { locate, loaded: await loadIndexed(workspace, syntax, index, symbol.file), canonical, notes };
}

/**
 * A file-qualified symbol locate resolved through the index (the file is too big for an outline here), or
 * undefined when the index does not hold the file (excluded, or a path that reads as a glob).
 */
export async function resolveInIndexedFile(
  workspace: Workspace,
  syntax: SyntaxService,
  access: IndexAccess,
  locate: Locate,
  file: string,
  onProgress?: ProgressListener,
): Promise<WorkspaceResolution | undefined> {
  if (!isSymbolScope(locate.scope) || /[*?[\]{}()!+@\\]/.test(file)) return undefined;
  const form: WorkspaceLocate = { where: file, scope: locate.scope, bare: false };
  if (locate.find !== undefined) form.find = locate.find;
  try {
    const resolved = await resolveWorkspace(workspace, syntax, access, form, onProgress);
    if (locate.find_index !== undefined) resolved.locate.find_index = locate.find_index;
    return resolved;
  } catch (error) {
    if (isLocusError(error) && access.peek()?.store.entry(file) === undefined) return undefined;
    throw error;
  }
}

/**
 * Loads a file for resolving, with the index's outline when the entry matches the file on disk (the
 * index was just brought up to date), so a workspace locate does not parse the file again.
 */
async function loadIndexed(
  workspace: Workspace,
  syntax: SyntaxService,
  index: WorkspaceIndex,
  file: string,
): Promise<LoadedFile> {
  const entry = index.store.entry(file);
  try {
    const stats = fileFacts(path.join(workspace.root, file));
    if (entry && stats && stats.size === entry.size && stats.mtimeMs === entry.mtimeMs) {
      const text = workspace.readText(file);
      return {
        file: text,
        view: fileView(text.relPath, text.text, outlineOfEntry(entry)),
        language: entry.language,
      };
    }
  } catch {
    // fall through: the ordinary load reports what is wrong with the file
  }
  return loadFile(workspace, syntax, file);
}

/** `Path[K]` counts same-path symbols across the workspace in (file path, document order). */
function pickIndexed(symbols: IndexedSymbol[], form: WorkspaceLocate, label: string): IndexedSymbol[] {
  const k = form.scope?.symbol_index;
  if (k === undefined) return symbols;
  const ordered = [...symbols].sort((a, b) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : a.nameStart - b.nameStart,
  );
  const picked = ordered[k];
  if (!picked) {
    throw new LocusError(
      'SYMBOL_NOT_FOUND',
      `${label}[${k}] does not exist: the workspace has ${ordered.length} symbol(s) ${label}.`,
      {
        hint:
          ordered.length > 0
            ? `Use an index from 0 to ${ordered.length - 1}.`
            : 'Check the name with `locus symbols`.',
      },
    );
  }
  return [picked];
}

/** Keeps the candidates in whose declaration the find matches (when that narrows anything). */
async function narrowByFind(
  workspace: Workspace,
  syntax: SyntaxService,
  symbols: IndexedSymbol[],
  find: string,
): Promise<IndexedSymbol[]> {
  if (symbols.length > MAX_FIND_TRIES) return symbols;
  const kept: IndexedSymbol[] = [];
  for (const symbol of symbols) {
    try {
      const loaded = await loadFile(workspace, syntax, symbol.file);
      const scope =
        symbol.sameCount > 1
          ? { symbol_path: symbol.path, symbol_index: symbol.sameIndex }
          : { symbol_path: symbol.path };
      if (resolveLocate(loaded.view, { file_path: symbol.file, scope, find }, 'position').ok)
        kept.push(symbol);
    } catch {
      // a file that vanished or cannot be read is no candidate
    }
  }
  return kept.length > 0 ? kept : symbols;
}

/** `glob@find`: the find in every matching file; exactly one file with matches → that file. */
async function resolveFind(
  workspace: Workspace,
  syntax: SyntaxService,
  index: WorkspaceIndex,
  form: WorkspaceLocate,
  accept: ((path: string) => boolean) | undefined,
  notes: string[],
): Promise<WorkspaceResolution> {
  const find = form.find as string;
  const compiled = compileFind(find, 'position');
  const hits: { file: string; count: number }[] = [];
  for (const file of index.store.paths().sort()) {
    if (accept && !accept(file)) continue;
    try {
      const { text } = workspace.readText(file);
      const count = findAll(compiled, text, { start: 0, end: text.length }).length;
      if (count > 0) hits.push({ file, count });
    } catch {
      // unreadable now: not a hit
    }
  }
  if (hits.length === 0) {
    throw new LocusError('NO_MATCH', `No match for \`${find}\` in the files \`${form.where}\` matches.`, {
      hint: 'Check the glob (relative to the root, `**` for any folders) and the find text.',
    });
  }
  if (hits.length > 1) {
    const listed = hits
      .slice(0, MAX_CANDIDATES)
      .map((h) => `${h.file} (${h.count})  → \`${h.file}@${find}\``);
    throw new LocusError(
      'SYMBOL_AMBIGUOUS',
      `\`${find}\` matches in ${hits.length} files of \`${form.where}\`.`,
      {
        hint: `Name one file:\n${listed.join('\n')}\n\`locus search "${form.where}@${find}"\` lists every hit.`,
        details: {
          total: hits.length,
          candidates: hits
            .slice(0, MAX_CANDIDATES)
            .map((h) => ({ file_path: h.file, matches: h.count, locate: `${h.file}@${find}` })),
        },
      },
    );
  }
  const file = (hits[0] as { file: string }).file;
  const canonical = `${file}@${find}`;
  notes.push(`found in the workspace index: ${canonical}`);
  return {
    locate: { file_path: file, find },
    loaded: await loadFile(workspace, syntax, file),
    canonical,
    notes,
  };
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

function ambiguous(
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

function notFound(
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
  parts.push('`locus symbols <name>` searches the index by name.');
  if (notes.length > 0) parts.push(`(${notes.join('; ')})`);
  return new LocusError('SYMBOL_NOT_FOUND', tried, {
    hint: parts.join(' '),
    details: { suggestions, ...(files.length > 0 ? { files } : {}) },
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
  // Not `accept` itself: a picomatch matcher's second argument asks for an object, always truthy.
  const filter = accept && ((file: string) => accept(file));
  for (const name of names) {
    for (const { symbol } of index.store.query(name, filter, MAX_NEAR_PER_NAME, true).hits) {
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
