/**
 * Resolving workspace-wide locate strings (docs/workspace.md) through the index: the symbol path in
 * every (or every glob-matching) indexed file, exact before suffix; one candidate → the ordinary
 * file-qualified locate, several → SYMBOL_AMBIGUOUS with ranked candidates, none → SYMBOL_NOT_FOUND
 * with did-you-mean across the workspace.
 */
import { globMatcher } from './glob-files.js';
import { isLocusError, LocusError } from '../../core/errors.js';
import { clip } from '../../core/limits.js';
import { outlineOfEntry, type IndexedSymbol, type WorkspaceIndex } from '../../index/index.js';
import { compileFind, findAll } from '../../locate/matcher.js';
import { findSyntax } from '../../locate/tokens.js';
import { isSymbolScope, type Locate } from '../../locate/model.js';
import { formatSymbolPath } from '../../locate/symbol-path.js';
import type { WorkspaceLocate } from '../../locate/workspace-locate.js';
import { resolveLocate } from '../../locate/resolver.js';
import { fileView } from '../../locate/resolve-core.js';
import type { TextFile, Workspace } from '../../workspace/workspace.js';
import { contentHash } from '../../index/extract.js';
import { loadFile, withComments, type LoadedFile } from './file-view.js';
import type { IndexAccess, ProgressListener } from './index-access.js';
import type { SyntaxService } from './syntax-service.js';
import { preferOne } from './workspace-choice.js';
import { ambiguous, MAX_CANDIDATES, notFound, symbolLocate } from './workspace-misses.js';

/** How many same-path candidates are tried against a find before giving up on narrowing. */
const MAX_FIND_TRIES = 50;

/** A workspace locate resolved to one file. */
export interface WorkspaceResolution {
  locate: Locate;
  loaded: LoadedFile;
  /** The canonical file-qualified locate string. */
  canonical: string;
  notes: string[];
}

/**
 * Resolves a workspace form to one file, or throws the coded error. The index keys files by their stamps; the file
 * chosen is checked against its bytes, and when they disagree (rewritten within the stamps' resolution) it is read
 * again and the form resolved anew, so nothing is answered — or renamed — from a stale entry.
 */
export async function resolveWorkspace(
  workspace: Workspace,
  syntax: SyntaxService,
  access: IndexAccess,
  form: WorkspaceLocate,
  onProgress?: ProgressListener,
  retried = false,
): Promise<WorkspaceResolution> {
  const accept = form.where === '*' ? undefined : globMatcher(form.where);
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
  if (chosen.length > 1 && form.scope?.symbol_index === undefined) {
    const preferred = preferOne(workspace, chosen, form.find);
    chosen = preferred.symbols;
    if (chosen.length === 1) notes.push(...preferred.notes);
  }
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
  const loaded = await loadIndexed(workspace, syntax, index, symbol.file);
  if (loaded === 'stale' && !retried) {
    await index.reread([symbol.file]);
    return resolveWorkspace(workspace, syntax, access, form, onProgress, true);
  }
  const file = loaded === 'stale' ? await loadFile(workspace, syntax, symbol.file) : loaded;
  return { locate, loaded: file, canonical, notes };
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
 * Loads a file for resolving, with the index's outline when the entry holds the file's bytes as they are on disk (the
 * index was just brought up to date), so a workspace locate does not parse the file again; 'stale' when the bytes
 * disagree with the entry.
 */
async function loadIndexed(
  workspace: Workspace,
  syntax: SyntaxService,
  index: WorkspaceIndex,
  file: string,
): Promise<LoadedFile | 'stale'> {
  const entry = index.store.entry(file);
  let text: TextFile | undefined;
  try {
    text = workspace.readText(file);
  } catch {
    // fall through: the ordinary load reports what is wrong with the file
  }
  if (!entry || !text) return loadFile(workspace, syntax, file);
  if (contentHash(Buffer.from((text.hadBom ? '\uFEFF' : '') + text.text, 'utf8')) !== entry.hash)
    return 'stale';
  return {
    file: text,
    view: fileView(text.relPath, text.text, outlineOfEntry(entry)),
    language: entry.language,
  };
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
      ordered.length > 0
        ? { hint: `Use an index from 0 to ${ordered.length - 1}.` }
        : { hint: 'Check the name.', advice: [{ kind: 'find-symbol' }] },
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
      await withComments(syntax, loaded, find);
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
  const hits: { file: string; count: number }[] = [];
  for (const file of index.store.paths().sort()) {
    if (accept && !accept(file)) continue;
    try {
      const { text } = workspace.readText(file);
      const compiled = compileFind(find, 'position', findSyntax(index.store.entry(file)?.language));
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
        hint: `Name one file:\n${listed.join('\n')}`,
        advice: [{ kind: 'search', pattern: `${form.where}@${find}` }],
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
