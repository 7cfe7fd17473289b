/**
 * Loads a workspace file as a FileView for the resolver: text through the workspace checks, the
 * language from the grammar registry, and the outline from the syntax layer's cache.
 */
import type { Outline } from '../locate/outline.js';
import { fileView, type FileView } from '../locate/resolve-core.js';
import { languageForPath } from '../syntax/registry.js';
import type { TextFile, Workspace } from '../workspace/workspace.js';
import type { SyntaxService } from './syntax-service.js';

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
  const language = languageForPath(file.relPath, file.text);
  let outline: Outline | undefined;
  if (language) outline = await syntax.outline(file.absPath, language, file.text);
  return { file, view: fileView(file.relPath, file.text, outline), language };
}
