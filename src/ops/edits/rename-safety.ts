/**
 * Rename safety (docs/verified-edits.md): compares a rename's edits with what else carries the name —
 * references at the same position, implementations and overrides (the server's `implementation`, plus the
 * class hierarchy read from tree-sitter outlines: rename-hierarchy.ts), other occurrences of the word in the
 * touched files — and reports what the edits leave behind, names the new name collides with, and edits
 * that land in strings or comments. Never blocks the preview; applying with warnings needs `force`.
 */
import type { Location, Range, WorkspaceEdit } from 'vscode-languageserver-protocol';
import type { OutlineSymbol } from '../../locate/outline.js';
import { flattenOutline } from '../../locate/outline.js';
import { pathToUri, uriToPath } from '../../lsp/uri.js';
import type { OpsContext } from '../context/context.js';
import { ViewCache, describeLocation } from '../context/locations.js';
import { locationsOrNone, relatedMembers } from './rename-hierarchy.js';
import { judgeOccurrence, renamedDeclaration } from './rename-occurrences.js';
import type { OpTarget } from '../context/target.js';
import { formatSymbolPath } from '../../locate/symbol-path.js';
import type { RenameWarningKind, RenameWarning } from '../results/rename-safety.js';
export type { RenameWarningKind, RenameWarning } from '../results/rename-safety.js';

/** Edited ranges per absolute path. */
export type EditedRanges = Map<string, Range[]>;

const MAX_PER_KIND = 25;
/** Leftover occurrences asked about per file (one `definition` each). */
const MAX_JUDGED = 40;

/** The ranges a WorkspaceEdit replaces, per file. */
export function editedRanges(edit: WorkspaceEdit): EditedRanges {
  const out: EditedRanges = new Map();
  const add = (uri: string, ranges: Range[]): void => {
    const key = uriToPath(uri) ?? uri;
    out.set(key, [...(out.get(key) ?? []), ...ranges]);
  };
  for (const [uri, edits] of Object.entries(edit.changes ?? {}))
    add(
      uri,
      edits.map((e) => e.range),
    );
  for (const change of edit.documentChanges ?? [])
    if ('textDocument' in change)
      add(
        change.textDocument.uri,
        change.edits.map((e) => e.range),
      );
  return out;
}

/** True when an edit covers the position (an edit of the name starts at it). */
export function covered(edits: EditedRanges, absPath: string, at: Range['start']): boolean {
  return (edits.get(absPath) ?? []).some((r) => !before(at, r.start) && before(at, r.end));
}

function before(a: Range['start'], b: Range['start']): boolean {
  return a.line < b.line || (a.line === b.line && a.character < b.character);
}

/** Collects the warnings of a previewed rename. */
export async function renameWarnings(
  context: OpsContext,
  target: OpTarget,
  edit: WorkspaceEdit,
  oldName: string,
  newName: string,
): Promise<{ warnings: RenameWarning[]; referencing: string[] }> {
  const edits = editedRanges(edit);
  const cache = new ViewCache(context);
  const warnings = new Warnings(cache, edits);
  const { absPath, text } = target.loaded.file;
  const refs = await locationsOrNone(() => target.session.references(absPath, text, target.position, true));
  for (const ref of refs ?? [])
    await warnings.place('unrenamed-reference', ref, `a reference to \`${oldName}\` the edits do not rename`);
  const impls = await locationsOrNone(() =>
    target.session.definition(absPath, text, target.position, 'implementation'),
  );
  for (const impl of impls ?? [])
    await warnings.place(
      'unrenamed-override',
      impl,
      `an implementation of \`${oldName}\` left with the old name`,
    );
  const related = await relatedMembers(context, cache, target, oldName, newName);
  for (const member of related.overrides)
    await warnings.place('unrenamed-override', member.location, member.why);
  for (const clash of [...related.collisions, ...(await sameScopeCollisions(target, newName))])
    await warnings.place('name-collision', clash.location, clash.why, true);
  await editsInText(context, cache, edits, warnings, refs ?? []);
  const renamed = await renamedDeclaration(target);
  for (const file of edits.keys()) await warnings.occurrences(file, oldName, renamed);
  const referencing = [...new Set((refs ?? []).map((r) => uriToPath(r.uri) ?? r.uri))];
  return { warnings: warnings.list, referencing };
}

/** Symbols named `newName` next to the renamed one (same parent, or top level). */
async function sameScopeCollisions(
  target: OpTarget,
  newName: string,
): Promise<{ location: Location; why: string }[]> {
  const view = target.loaded.view;
  const symbols = view.outline?.symbols ?? [];
  const renamed = flattenOutline(symbols).find((s) => s.nameSpan.start === target.offset);
  if (!renamed) return [];
  const parent = flattenOutline(symbols).find((s) => s.children.includes(renamed));
  const siblings: readonly OutlineSymbol[] = parent ? parent.children : symbols;
  return siblings
    .filter((s) => s !== renamed && s.name === newName)
    .map((s) => ({
      location: {
        uri: pathToUri(target.loaded.file.absPath),
        range: { start: view.lines.toPosition(s.nameSpan.start), end: view.lines.toPosition(s.nameSpan.end) },
      },
      why: `\`${newName}\` already exists here (${s.kind} ${formatSymbolPath(s.path)}): the rename would collide with it`,
    }));
}

async function editsInText(
  context: OpsContext,
  cache: ViewCache,
  edits: EditedRanges,
  warnings: Warnings,
  refs: readonly Location[],
): Promise<void> {
  // A place the server also reports as a reference is code to it (bash parses `"$(f x)"` as a string).
  const referenced = new Set(
    refs.map((r) => `${uriToPath(r.uri) ?? r.uri}:${r.range.start.line}:${r.range.start.character}`),
  );
  for (const [absPath, ranges] of edits) {
    const view = await cache.get(absPath);
    const language = view?.outline?.language;
    if (!view || !language) continue;
    for (const range of ranges) {
      if (referenced.has(`${absPath}:${range.start.line}:${range.start.character}`)) continue;
      const offset = view.lines.toOffset(range.start);
      const token = await context.locator.syntax.identifierAt(absPath, language, view.text, offset);
      if (token?.role === 'string' || token?.role === 'comment')
        await warnings.place(
          token.role === 'string' ? 'edit-in-string' : 'edit-in-comment',
          { uri: pathToUri(absPath), range },
          `the server edits text inside a ${token.role}`,
          true,
        );
    }
  }
}

/** The warning list: deduplicated by place, at most MAX_PER_KIND of each kind (then a count). */
class Warnings {
  readonly list: RenameWarning[] = [];
  private readonly seen = new Set<string>();
  private readonly counts = new Map<RenameWarningKind, number>();

  constructor(
    private readonly cache: ViewCache,
    private readonly edits: EditedRanges,
  ) {}

  /** Adds a warning at a location unless an edit covers it (or `always`). */
  async place(kind: RenameWarningKind, location: Location, why: string, always = false): Promise<void> {
    const absPath = uriToPath(location.uri) ?? location.uri;
    const key = `${absPath}:${location.range.start.line}:${location.range.start.character}`;
    if (this.seen.has(key) || (!always && covered(this.edits, absPath, location.range.start))) return;
    this.seen.add(key);
    const count = (this.counts.get(kind) ?? 0) + 1;
    this.counts.set(kind, count);
    if (count > MAX_PER_KIND) return;
    const ref = await describeLocation(this.cache, location);
    const warning: RenameWarning = {
      kind,
      blocks_apply: kind !== 'edit-in-comment',
      message: `${ref.display}: ${why}`,
      file_path: ref.file_path,
    };
    Object.assign(warning, { display: ref.display, snippet: ref.snippet });
    if (ref.locate) warning.locate = ref.locate;
    this.list.push(warning);
  }

  /** Whole-word occurrences of the old name in code of an edited file that no edit covers. */
  async occurrences(absPath: string, oldName: string, renamed: Location | undefined): Promise<void> {
    const view = await this.cache.get(absPath);
    const language = view?.outline?.language;
    if (!view || !language || !/^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(oldName)) return;
    const word = new RegExp(
      `(?<![\\p{L}\\p{N}_$])${oldName.replace(/\$/g, '\\$')}(?![\\p{L}\\p{N}_$])`,
      'gu',
    );
    let judged = 0;
    for (const match of view.text.matchAll(word)) {
      const start = view.lines.toPosition(match.index);
      if (covered(this.edits, absPath, start)) continue;
      const token = await this.cache.context.locator.syntax.identifierAt(
        absPath,
        language,
        view.text,
        match.index,
      );
      if (token?.role === 'string' || token?.role === 'comment') continue;
      if (++judged > MAX_JUDGED) return;
      const why = await judgeOccurrence(this.cache.context, this.cache, absPath, start, renamed, oldName);
      if (why === undefined) continue;
      const end = view.lines.toPosition(match.index + oldName.length);
      await this.place('unrenamed-occurrence', { uri: pathToUri(absPath), range: { start, end } }, why);
    }
  }
}
