/**
 * Loads a workspace file as a FileView for the resolver: text through the workspace checks, the
 * language from the grammar registry, and the outline from the syntax layer's cache.
 */
import type { Outline } from '../../locate/outline.js';
import { matchesAcrossLines } from '../../locate/find-comments.js';
import { compileFind } from '../../locate/matcher.js';
import { fileView, type FileView } from '../../locate/resolve-core.js';
import { isLocusError } from '../../core/errors.js';
import { findSyntax } from '../../locate/tokens.js';
import { hasGrammar } from '../../syntax/registry.js';
import type { TextFile, Workspace } from '../../workspace/workspace.js';
import type { SyntaxService } from './syntax-service.js';

/**
 * Bigger files are not parsed: a tree costs ~24 bytes of WASM memory per character and that memory is
 * never given back (docs/performance.md, "memory"); they get line scopes and finds.
 */
export const MAX_OUTLINE_CHARS = 4 * 1024 * 1024;

/** A file ready for locating: its view plus what it was read as. */
export interface LoadedFile {
  file: TextFile;
  view: FileView;
  /** The grammar language of the file; undefined without a grammar (also when its outline came from a server). */
  language: string | undefined;
}

/**
 * Reads `filePath` and builds its view: the outline from the grammar when there is one (from `outline` when given:
 * edit passes the syntax worker's); for a language the configuration declares without a grammar, from its server
 * when `serverOutline` is not false (line scopes and finds need none, so a locate without a symbol scope starts no
 * server).
 */
export async function loadFile(
  workspace: Workspace,
  syntax: SyntaxService,
  filePath: string,
  options: { serverOutline?: boolean; outline?: SyntaxService['outline'] } = {},
): Promise<LoadedFile> {
  const file = workspace.readText(filePath);
  const detected = workspace.languages.languageOf(file.absPath, { text: file.text });
  const language = detected !== undefined && hasGrammar(detected) ? detected : undefined;
  let outline: Outline | undefined;
  let noOutline: string | undefined;
  const tooBig = detected !== undefined && file.text.length > MAX_OUTLINE_CHARS;
  if (language && !tooBig)
    outline = options.outline
      ? await options.outline(file.absPath, language, file.text)
      : await syntax.outline(file.absPath, language, file.text);
  else if (!language && detected !== undefined && options.serverOutline !== false && !tooBig)
    ({ outline, noOutline } = await fromServer(syntax, file, detected));
  const cached = syntax.views.get(file.absPath);
  if (cached && cached.text === file.text && cached.outline === outline && cached.filePath === file.relPath) {
    return { file, view: cached, language };
  }
  const view = fileView(file.relPath, file.text, outline, detected);
  if (tooBig && (language !== undefined || syntax.serverOutlines?.serves(detected as string)))
    view.noOutline = `${file.relPath} is over ${MAX_OUTLINE_CHARS / 1024 / 1024} Mi characters, too big to parse`;
  else if (noOutline !== undefined) view.noOutline = noOutline;
  syntax.views.set(file.absPath, view);
  return { file, view, language };
}

/** The server's outline of a file in a declared language, or why there is none (the symbol scope's error says it). */
async function fromServer(
  syntax: SyntaxService,
  file: TextFile,
  language: string,
): Promise<{ outline?: Outline; noOutline?: string }> {
  const source = syntax.serverOutlines;
  if (source === undefined || !source.serves(language)) return {};
  try {
    const outline = await source.outline(file.absPath, language, file.text);
    if (outline.symbols.length > 0 || file.text.trim() === '') return { outline };
    // Said, not taken as the truth: a server that cannot read the file (or has not yet) answers no symbols.
    return { noOutline: `${file.relPath} has no grammar, and ${outline.server} gave no symbols for it` };
  } catch (error) {
    if (!isLocusError(error)) throw error;
    return {
      noOutline: `${file.relPath} has no grammar, and its language server gave no outline (${error.code}: ${error.message})`,
    };
  }
}

/**
 * Gives a loaded file's view its comment spans when `find` matches across a line break somewhere in it (only then
 * can a match run from a line comment into code: docs/locate-strings.md, "Find"), so the resolver can drop such
 * matches. Most finds never span lines, and then no tree is needed.
 */
export async function withComments(
  syntax: SyntaxService,
  loaded: LoadedFile,
  find: string | undefined,
  /** Where the comment spans come from (default: the syntax service; edit passes the syntax worker's). */
  source?: SyntaxService['comments'],
): Promise<void> {
  const { view, language } = loaded;
  if (find === undefined || view.comments !== undefined || language === undefined) return;
  if (view.outline === undefined) return;
  let compiled;
  try {
    compiled = compileFind(find, 'position', findSyntax(view.language));
  } catch {
    return; // the resolver reports a bad find
  }
  if (matchesAcrossLines(compiled, view.text))
    view.comments = source
      ? await source(loaded.file.absPath, language, view.text)
      : await syntax.comments(loaded.file.absPath, language, view.text);
}
