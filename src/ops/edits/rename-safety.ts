/**
 * Rename safety (docs/verified-edits.md): compares a rename's edits with what else carries the name —
 * references at the same position, implementations and overrides (the server's `implementation`, plus the
 * class hierarchy read from tree-sitter outlines: rename-hierarchy.ts), other occurrences of the word in code and
 * strings (rename-occurrences.ts) — and reports what the edits leave behind, names the new name collides with,
 * and edits that land in strings or comments. Each warning has a confidence; the list is ranked by it. Never blocks
 * the preview; applying with warnings that are not advisories needs `force`.
 */
import type { Location, Range, WorkspaceEdit } from 'vscode-languageserver-protocol';
import type { OutlineSymbol } from '../../locate/outline.js';
import { flattenOutline } from '../../locate/outline.js';
import { pathToUri, uriKey } from '../../lsp/uri.js';
import type { OpsContext } from '../context/context.js';
import { ViewCache, describeLocation } from '../context/locations.js';
import { locationsOrNone, relatedMembers, type RelatedMember } from './rename-hierarchy.js';
import { NameMatches, placeKey } from './rename-matches.js';
import { occurrencesIn, renamedDeclaration, type OccurrenceScan } from './rename-occurrences.js';
import type { OpTarget } from '../context/target.js';
import { formatSymbolPath } from '../../locate/symbol-path.js';
import type {
  OmittedWarnings,
  RenameWarningKind,
  RenameWarning,
  WarningConfidence,
} from '../results/rename-safety.js';
export type {
  OmittedWarnings,
  RenameWarningKind,
  RenameWarning,
  WarningConfidence,
} from '../results/rename-safety.js';

/** Edited ranges per absolute path. */
export type EditedRanges = Map<string, Range[]>;

const MAX_PER_KIND = 25;
/** Files that reference the symbol whose strings are searched for the old name too. */
const MAX_STRING_FILES = 100;
const RANK: Record<WarningConfidence, number> = { high: 0, medium: 1, low: 2 };

/** The ranges a WorkspaceEdit replaces, per file. */
export function editedRanges(edit: WorkspaceEdit): EditedRanges {
  const out: EditedRanges = new Map();
  const add = (uri: string, ranges: Range[]): void => {
    const key = uriKey(uri);
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

/** What a rename's safety check found. */
export interface RenameSafety {
  warnings: RenameWarning[];
  omitted: OmittedWarnings[];
  /** Files that reference the symbol (verification checks them too). */
  referencing: string[];
}

/** The server requests of the safety check, sent before their answers are needed (they never reject). */
export interface SafetyRequests {
  refs: Promise<Location[] | undefined>;
  impls: Promise<Location[] | undefined>;
  /** The class hierarchy's walk (its own chain of requests), on the check's file views. */
  related: Promise<{ overrides: RelatedMember[]; collisions: RelatedMember[] }>;
  cache: ViewCache;
  /** The old name's matches per file, classified while the requests are out (the referencing files). */
  names: NameMatches;
}

/**
 * Sends the safety check's references and implementation requests and starts the hierarchy walk. The rename
 * sends them together with its own requests: the answers do not depend on each other, so the preview waits about
 * one round trip (and the hierarchy's levels), not one after the other.
 */
export function safetyRequests(
  context: OpsContext,
  target: OpTarget,
  oldName: string,
  newName: string,
): SafetyRequests {
  const { absPath, text } = target.loaded.file;
  const settle = (run: () => Promise<{ result: Location[] }>): Promise<Location[] | undefined> => {
    const answer = locationsOrNone(run);
    answer.catch(() => undefined);
    return answer;
  };
  const cache = new ViewCache(context);
  const related = relatedMembers(context, cache, target, oldName, newName);
  related.catch(() => undefined);
  const refs = settle(() => target.session.references(absPath, text, target.position, true));
  const impls = settle(() => target.session.definition(absPath, text, target.position, 'implementation'));
  // The files the scan reads anyway (this one and the referencing ones, as renameWarnings bounds them), read while
  // the rename is out: after the references are in, so that nothing delays the requests.
  const names = new NameMatches(cache, oldName, refs.then(referencedPlaces));
  void refs.then((found) => {
    void names.of(absPath);
    for (const file of referencingFiles(found).slice(0, MAX_STRING_FILES)) void names.of(file);
  });
  return { refs, impls, related, cache, names };
}

/** The references' places as `path:line:character`. */
function referencedPlaces(refs: readonly Location[] | undefined): Set<string> {
  return new Set((refs ?? []).map((r) => placeKey(uriKey(r.uri), r.range.start)));
}

/** The files of the references, each once, in the answer's order. */
function referencingFiles(refs: readonly Location[] | undefined): string[] {
  return [...new Set((refs ?? []).map((r) => uriKey(r.uri)))];
}

/** Collects the warnings of a previewed rename. */
export async function renameWarnings(
  context: OpsContext,
  target: OpTarget,
  edit: WorkspaceEdit,
  oldName: string,
  newName: string,
  early: SafetyRequests = safetyRequests(context, target, oldName, newName),
): Promise<RenameSafety> {
  const edits = editedRanges(edit);
  const { cache, names } = early;
  const warnings = new Warnings(edits);
  const refs = await early.refs;
  for (const ref of refs ?? [])
    warnings.add('unrenamed-reference', ref, `a reference to \`${oldName}\` the edits do not rename`, 'high');
  const impls = await early.impls;
  for (const impl of impls ?? [])
    warnings.add(
      'unrenamed-override',
      impl,
      `an implementation of \`${oldName}\` left with the old name`,
      'high',
    );
  const related = await early.related;
  for (const member of related.overrides)
    warnings.add('unrenamed-override', member.location, member.why, 'high');
  for (const clash of [...related.collisions, ...(await sameScopeCollisions(target, newName))])
    warnings.add('name-collision', clash.location, clash.why, 'high', true);
  await editsInText(context, names, edits, warnings);
  const referencing = referencingFiles(refs);
  const scan: OccurrenceScan = {
    cache,
    names,
    renamed: await renamedDeclaration(target),
    covered: (file, at) => covered(edits, file, at),
  };
  for (const file of edits.keys())
    for (const o of await occurrencesIn(scan, file, true))
      warnings.add(o.kind, o.location, o.why, o.confidence);
  for (const file of referencing.filter((f) => !edits.has(f)).slice(0, MAX_STRING_FILES))
    for (const o of await occurrencesIn(scan, file, false))
      warnings.add(o.kind, o.location, o.why, o.confidence);
  return { ...(await warnings.ranked(cache)), referencing };
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
  names: NameMatches,
  edits: EditedRanges,
  warnings: Warnings,
): Promise<void> {
  // A place the server also reports as a reference is code to it (bash parses `"$(f x)"` as a string).
  const referenced = await names.referenced;
  for (const [absPath, ranges] of edits) {
    const file = await names.of(absPath);
    if (!file) continue;
    const { view, language } = file;
    const unreferenced = ranges.filter((range) => !referenced.has(placeKey(absPath, range.start)));
    // An edit of the name starts at one of its matches, whose token is known; any other is classified here.
    const known = new Map(file.matches.filter((m) => m.classified).map((m) => [m.offset, m.token]));
    const offsets = unreferenced.map((range) => view.lines.toOffset(range.start));
    const others = offsets.filter((offset) => !known.has(offset));
    const tokens = await context.locator.syntax.identifiersAt(absPath, language, view.text, others);
    for (const [i, offset] of others.entries()) known.set(offset, tokens[i]);
    for (const [i, range] of unreferenced.entries()) {
      const token = known.get(offsets[i] as number);
      if (token?.role === 'string')
        warnings.add(
          'edit-in-string',
          { uri: pathToUri(absPath), range },
          'the server edits text inside a string',
          'medium',
          true,
        );
      else if (token?.role === 'comment')
        warnings.add(
          'edit-in-comment',
          { uri: pathToUri(absPath), range },
          'the server edits text inside a comment',
          'low',
          true,
        );
    }
  }
}

interface Pending {
  kind: RenameWarningKind;
  location: Location;
  why: string;
  confidence: WarningConfidence;
}

/** The warning list: deduplicated by place, ranked by confidence, at most MAX_PER_KIND of each kind. */
class Warnings {
  private readonly pending: Pending[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly edits: EditedRanges) {}

  /** Adds a warning at a location unless an edit covers it (or `always`) or the place has one already. */
  add(
    kind: RenameWarningKind,
    location: Location,
    why: string,
    confidence: WarningConfidence,
    always = false,
  ): void {
    const absPath = uriKey(location.uri);
    const key = placeKey(absPath, location.range.start);
    if (this.seen.has(key) || (!always && covered(this.edits, absPath, location.range.start))) return;
    this.seen.add(key);
    this.pending.push({ kind, location, why, confidence });
  }

  /** The warnings most confident first (a stable sort: the order found within a rank), capped per kind. */
  async ranked(cache: ViewCache): Promise<{ warnings: RenameWarning[]; omitted: OmittedWarnings[] }> {
    const sorted = [...this.pending].sort((a, b) => RANK[a.confidence] - RANK[b.confidence]);
    const counts = new Map<RenameWarningKind, number>();
    const warnings: RenameWarning[] = [];
    for (const p of sorted) {
      const count = (counts.get(p.kind) ?? 0) + 1;
      counts.set(p.kind, count);
      if (count <= MAX_PER_KIND) warnings.push(await describe(cache, p));
    }
    const omitted = [...counts]
      .filter(([, count]) => count > MAX_PER_KIND)
      .map(([kind, count]) => ({ kind, count: count - MAX_PER_KIND }));
    return { warnings, omitted };
  }
}

async function describe(cache: ViewCache, p: Pending): Promise<RenameWarning> {
  const ref = await describeLocation(cache, p.location);
  const warning: RenameWarning = {
    kind: p.kind,
    confidence: p.confidence,
    blocks_apply: p.confidence !== 'low',
    message: `${ref.display}: ${p.why}`,
    file_path: ref.file_path,
  };
  Object.assign(warning, { display: ref.display, snippet: ref.snippet });
  if (ref.locate) warning.locate = ref.locate;
  return warning;
}
