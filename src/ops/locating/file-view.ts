/**
 * Loads a workspace file as a FileView for the resolver: text through the workspace checks, the
 * language from the grammar registry, and the outline from the syntax layer's cache.
 */
import type { Outline } from '../../locate/outline.js';
import { compileFind, matchesAcrossLines } from '../../locate/matcher.js';
import { fileView, type FileView } from '../../locate/resolve-core.js';
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
  language: string | undefined;
}

/** Reads `filePath` and builds its view (outline included when a grammar exists). */
export async function loadFile(
  workspace: Workspace,
  syntax: SyntaxService,
  filePath: string,
): Promise<LoadedFile> {
  const file = workspace.readText(filePath);
  const detected = workspace.languageOf(file.absPath, file.text);
  const language = detected !== undefined && hasGrammar(detected) ? detected : undefined;
  let outline: Outline | undefined;
  const tooBig = language !== undefined && file.text.length > MAX_OUTLINE_CHARS;
  if (language && !tooBig) outline = await syntax.outline(file.absPath, language, file.text);
  const cached = syntax.views.get(file.absPath);
  if (cached && cached.text === file.text && cached.outline === outline && cached.filePath === file.relPath) {
    return { file, view: cached, language };
  }
  const view = fileView(file.relPath, file.text, outline, detected);
  if (tooBig)
    view.noOutline = `${file.relPath} is over ${MAX_OUTLINE_CHARS / 1024 / 1024} Mi characters, too big to parse`;
  syntax.views.set(file.absPath, view);
  return { file, view, language };
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
    view.comments = await syntax.comments(loaded.file.absPath, language, view.text);
}
