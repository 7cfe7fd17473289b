/**
 * Occurrences of the old name that no edit covers (docs/verified-edits.md, "Rename safety"). In code, each whole
 * token equal to the name is judged with the server's `definition`: the renamed symbol (high confidence), nothing
 * resolvable — a C macro body, a Bash command defined elsewhere (medium) —, a member of an interface of that name a
 * renamed class member may satisfy structurally (medium), or another symbol of the same name (no warning). In
 * strings, the word is reported without asking the server: templates (`{{.UseLine}}`), reflection, `getattr`,
 * `__all__` and JSON keys spell names the server does not rename; a string that is the name, or a `.name` in it,
 * is high confidence, other text low (an advisory). Comments and docstrings are documentation, not reported.
 */
import type { Location, Position } from 'vscode-languageserver-protocol';
import { isLocusError } from '../../core/errors.js';
import { flattenOutline } from '../../locate/outline.js';
import type { FileView } from '../../locate/resolve-core.js';
import { pathToUri, uriKey, uriToPath } from '../../lsp/uri.js';
import type { IdentifierInfo } from '../../syntax/identifier.js';
import type { ViewCache } from '../context/locations.js';
import type { OpTarget } from '../context/target.js';
import { formatSymbolPath } from '../../locate/symbol-path.js';
import type { RenameWarningKind, WarningConfidence } from '../results/rename-safety.js';
import type { NameMatches } from './rename-matches.js';

/** A string that is a file path or module specifier: no spaces, at least one `/`. */
const PATH = /^[\w.@~-]*\/[\w./@~-]*$/u;
/** Leftover occurrences in code asked about per file (one `definition` each). */
const MAX_JUDGED = 40;

/** A leftover occurrence worth a warning. */
export interface Occurrence {
  kind: Extract<RenameWarningKind, 'unrenamed-occurrence' | 'unrenamed-in-string'>;
  location: Location;
  why: string;
  confidence: WarningConfidence;
}

/** What a scan needs: the old name's matches, the renamed declaration, and which places the edits cover. */
export interface OccurrenceScan {
  cache: ViewCache;
  names: NameMatches;
  renamed: Location | undefined;
  covered(absPath: string, at: Position): boolean;
}

/** The renamed symbol's declaration, to compare other occurrences' definitions with. */
export async function renamedDeclaration(target: OpTarget): Promise<Location | undefined> {
  const { absPath, text } = target.loaded.file;
  if (target.cursor.symbol?.role === 'declaration')
    return { uri: pathToUri(absPath), range: { start: target.position, end: target.position } };
  const defs = await definitions(target.session, absPath, text, target.position);
  return defs?.[0];
}

/**
 * The occurrences of the old name in one file: in strings always, in code only with `judgeCode` (the files the
 * rename touches; elsewhere the server's references already name the uses in code).
 */
export async function occurrencesIn(
  scan: OccurrenceScan,
  absPath: string,
  judgeCode: boolean,
): Promise<Occurrence[]> {
  const file = await scan.names.of(absPath);
  if (!file || scan.cache.isOutside(absPath)) return [];
  const { view, language } = file;
  const { oldName } = scan.names;
  const open = file.matches.filter((m) => !scan.covered(absPath, m.start));
  await scan.names.classify(file, open);
  const found: Occurrence[] = [];
  let judged = 0;
  for (const { offset, start, token } of open) {
    // Part of another word (`-trim`, `foo?`); an opaque token (a C macro body) is judged as it is.
    if (token !== undefined && token.role !== 'other' && token.text !== oldName) continue;
    const location = {
      uri: pathToUri(absPath),
      range: { start, end: view.lines.toPosition(offset + oldName.length) },
    };
    const text = token?.role === 'string' || token?.role === 'comment' ? token.container : undefined;
    if (text && !text.unsure) {
      const string =
        token?.role === 'string' && !text.docstring
          ? inString(view, token, offset, language, location)
          : undefined;
      if (string) found.push(string);
      continue;
    }
    // Where the tree is broken, the line itself says whether the word is commented out.
    if (text?.unsure && afterLineComment(view, offset, language)) continue;
    if (!judgeCode || ++judged > MAX_JUDGED) continue;
    const verdict = await judgeOccurrence(scan, absPath, view, start, token, language);
    if (verdict) found.push({ kind: 'unrenamed-occurrence', location, ...verdict });
  }
  return found;
}

/**
 * A word in a string: high confidence when the string is the name or reads `.name` (a template, a query); nothing
 * for a path (`'./util/isFunction'`: a module specifier names a file, not the symbol).
 */
function inString(
  view: FileView,
  token: IdentifierInfo,
  offset: number,
  language: string,
  location: Location,
): Occurrence | undefined {
  const name = token.text;
  const body = view.text.slice(token.container?.span.start, token.container?.span.end);
  const content = body.replace(/^[A-Za-z]{0,3}("""|'''|["'`])/u, '').replace(/("""|'''|["'`])$/u, '');
  if (PATH.test(content)) return undefined;
  const before = view.text.slice(Math.max(0, offset - 3), offset);
  const occurrence = (why: string, confidence: WarningConfidence): Occurrence => ({
    kind: 'unrenamed-in-string',
    location,
    why,
    confidence,
  });
  if (content.trim() === name)
    return occurrence(
      `the string \`${name}\` names the old name (a lookup by name: getattr, \`__all__\`, a key, reflection?) and the edits leave it`,
      'high',
    );
  const lead = /\.$/u.test(before) ? '.' : /\{\{\s*$/u.test(before) ? '{{' : undefined;
  if (language !== 'bash' && lead !== undefined)
    return occurrence(
      `\`${lead}${name}\` in a string reads as a use of the old name (a template or query field) the edits leave`,
      'high',
    );
  return occurrence(`\`${name}\` appears in the text of a string; the edits leave it`, 'low');
}

/** Why a code occurrence matters, and how sure that is; undefined when it is another symbol of the same name. */
async function judgeOccurrence(
  scan: OccurrenceScan,
  absPath: string,
  view: FileView,
  position: Position,
  token: IdentifierInfo | undefined,
  language: string,
): Promise<Pick<Occurrence, 'why' | 'confidence'> | undefined> {
  const { cache, renamed } = scan;
  const { oldName } = scan.names;
  const session = cache.context.lsp.forFile(absPath);
  if (!session) return undefined;
  const defs = await definitions(session, absPath, view.text, position);
  if (defs === undefined || defs.length === 0)
    return unresolved(oldName, token, language, view, view.lines.toOffset(position));
  if (renamed && defs.some((d) => samePlace(d, renamed)))
    return {
      why: `\`${oldName}\` here refers to the renamed symbol but the edits do not touch it`,
      confidence: 'high',
    };
  for (const def of defs) {
    const defPath = uriToPath(def.uri);
    const defView = defPath ? await cache.get(defPath) : null;
    if (!defView) continue;
    const offset = defView.lines.toOffset(def.range.start);
    const all = flattenOutline(defView.outline?.symbols ?? []);
    const member = all.find((s) => s.nameSpan.start === offset);
    const owner = member && all.find((s) => s.children.includes(member));
    if (owner?.kind === 'interface')
      return {
        why: `\`${formatSymbolPath(owner.path)}.${oldName}\` keeps the old name: a renamed class member may have satisfied this interface structurally`,
        confidence: 'medium',
      };
  }
  return undefined;
}

/**
 * A use the server cannot resolve: a C macro body, a Bash command; a word a Bash builtin takes as a function name
 * (`unset -f`, `complete -F`, `trap`) is likely the function; any other Bash argument word is likely just a word.
 */
function unresolved(
  oldName: string,
  token: IdentifierInfo | undefined,
  language: string,
  view: FileView,
  offset: number,
): Pick<Occurrence, 'why' | 'confidence'> {
  if (language !== 'bash')
    return {
      why: `\`${oldName}\` is still used here and the server cannot say what it is (a macro body?): the rename may have missed it`,
      confidence: 'medium',
    };
  const before = view.text.slice(view.lines.lineStart(view.lines.lineOf(offset)), offset);
  if (token?.role === 'call' || COMMAND_POSITION.test(before))
    return {
      why: `\`${oldName}\` is run here as a command and the server cannot say which; the rename may have missed it`,
      confidence: 'medium',
    };
  if (NAMES_FUNCTIONS.test(before))
    return {
      why: `\`${oldName}\` is given to a builtin that takes function names here; the rename may have missed it`,
      confidence: 'medium',
    };
  return {
    why: `\`${oldName}\` is a word in a command's arguments here; probably not the renamed function`,
    confidence: 'low',
  };
}

/** Bash: a word that starts a command — first on its line, or after `;`, `&&`, `|`, `(`, `{`, `then`, `do` … */
const COMMAND_POSITION = /(^|[;&|({]|\b(then|do|else|elif|if|while|until|!))\s*$/u;
/** Bash builtins whose arguments name functions (`unset -f f`, `declare -F f`, `complete -F f cmd`, `trap f EXIT`). */
const NAMES_FUNCTIONS =
  /(^|[;&|({])\s*(unset|declare|typeset|complete|compgen|export|readonly|trap)\b[^;&|]*$/u;

const LINE_COMMENT: Record<string, RegExp> = { bash: /(^|\s)#/u, python: /#/u, ruby: /#/u };

/** True when a line comment starts before `offset` on its line (a lexical check, for broken trees). */
function afterLineComment(view: FileView, offset: number, language: string): boolean {
  const line = view.lines.lineOf(offset);
  const before = view.text.slice(view.lines.lineStart(line), offset);
  return (LINE_COMMENT[language] ?? /\/\//u).test(before);
}

function samePlace(a: Location, b: Location): boolean {
  return (
    uriKey(a.uri) === uriKey(b.uri) &&
    a.range.start.line === b.range.start.line &&
    a.range.start.character === b.range.start.character
  );
}

async function definitions(
  session: OpTarget['session'],
  absPath: string,
  text: string,
  position: Position,
): Promise<Location[] | undefined> {
  try {
    return (await session.definition(absPath, text, position)).result;
  } catch (error) {
    if (isLocusError(error)) return undefined;
    throw error;
  }
}
