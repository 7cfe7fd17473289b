/**
 * Judges a leftover occurrence of the old name (a whole word in code that no edit covers): the server's
 * `definition` there tells a different symbol of the same name (no warning) from one the rename missed —
 * same declaration, or nothing resolvable (clangd in a macro body) — and from an interface member of the
 * same name, which a renamed class member may have satisfied structurally (TypeScript). See
 * docs/verified-edits.md.
 */
import type { Location } from 'vscode-languageserver-protocol';
import { isLocusError } from '../../core/errors.js';
import { flattenOutline } from '../../locate/outline.js';
import { pathToUri, uriToPath } from '../../lsp/uri.js';
import type { OpsContext } from '../context/context.js';
import type { ViewCache } from '../context/locations.js';
import type { OpTarget } from '../context/target.js';
import { formatSymbolPath } from '../../locate/symbol-path.js';

/** The renamed symbol's declaration, to compare other occurrences' definitions with. */
export async function renamedDeclaration(target: OpTarget): Promise<Location | undefined> {
  const { absPath, text } = target.loaded.file;
  if (target.cursor.symbol?.role === 'declaration')
    return { uri: pathToUri(absPath), range: { start: target.position, end: target.position } };
  const defs = await definitions(target.session, absPath, text, target.position);
  return defs?.[0];
}

/** Why an occurrence matters, or undefined when it is another symbol of the same name. */
export async function judgeOccurrence(
  context: OpsContext,
  cache: ViewCache,
  absPath: string,
  position: Location['range']['start'],
  renamed: Location | undefined,
  oldName: string,
): Promise<string | undefined> {
  const session = context.lsp.forFile(absPath);
  const view = await cache.get(absPath);
  if (!session || !view) return undefined;
  const defs = await definitions(session, absPath, view.text, position);
  if (defs === undefined || defs.length === 0)
    return `\`${oldName}\` is still used here and the server cannot say what it is (a macro body?): the rename may have missed it`;
  if (renamed && defs.some((d) => samePlace(d, renamed)))
    return `\`${oldName}\` here refers to the renamed symbol but the edits do not touch it`;
  for (const def of defs) {
    const defPath = uriToPath(def.uri);
    const defView = defPath ? await cache.get(defPath) : null;
    if (!defView) continue;
    const offset = defView.lines.toOffset(def.range.start);
    const all = flattenOutline(defView.outline?.symbols ?? []);
    const member = all.find((s) => s.nameSpan.start === offset);
    const owner = member && all.find((s) => s.children.includes(member));
    if (owner?.kind === 'interface')
      return `\`${formatSymbolPath(owner.path)}.${oldName}\` keeps the old name: a renamed class member may have satisfied this interface structurally`;
  }
  return undefined;
}

function samePlace(a: Location, b: Location): boolean {
  return (
    (uriToPath(a.uri) ?? a.uri) === (uriToPath(b.uri) ?? b.uri) &&
    a.range.start.line === b.range.start.line &&
    a.range.start.character === b.range.start.character
  );
}

async function definitions(
  session: OpTarget['session'],
  absPath: string,
  text: string,
  position: Location['range']['start'],
): Promise<Location[] | undefined> {
  try {
    return (await session.definition(absPath, text, position)).result;
  } catch (error) {
    if (isLocusError(error)) return undefined;
    throw error;
  }
}
