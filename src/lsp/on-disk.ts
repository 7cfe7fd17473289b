/**
 * What a server says about files that are gone. Servers that keep what they analysed of a deleted file report
 * places and edits in it; Locus leaves them out of definitions, references, rename edits and code actions' edits.
 */
import type { CodeAction, Command, Location, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { fileFacts } from '../workspace/files.js';
import { uriToPath } from './uri.js';

/**
 * The locations whose file is still there. A server that keeps what it analysed of a file deleted since
 * (bash-language-server ignores `didChangeWatchedFiles`, and closing the file does not make it forget) reports
 * places in it: references that no longer exist, which no answer may hold (docs/architecture.md, "Language
 * servers").
 */
export function onDisk(locations: Location[]): Location[] {
  const goneByUri = new Map<string, boolean>();
  return locations.filter(({ uri }) => {
    let isGone = goneByUri.get(uri);
    if (isGone === undefined) goneByUri.set(uri, (isGone = gone(uri)));
    return !isGone;
  });
}

/**
 * The edit without its text edits of files no longer on disk (the same servers rename in a deleted file), unless
 * the edit itself creates a file of that name or renames one to it.
 */
export function editsOnDisk(edit: WorkspaceEdit): WorkspaceEdit {
  const made = new Set<string>();
  for (const change of edit.documentChanges ?? [])
    if ('kind' in change && change.kind !== 'delete')
      made.add(change.kind === 'create' ? change.uri : change.newUri);
  const kept = (uri: string): boolean => made.has(uri) || !gone(uri);
  return {
    ...edit,
    ...(edit.changes && {
      changes: Object.fromEntries(Object.entries(edit.changes).filter(([uri]) => kept(uri))),
    }),
    ...(edit.documentChanges && {
      documentChanges: edit.documentChanges.filter(
        (change) => 'kind' in change || kept(change.textDocument.uri),
      ),
    }),
  };
}

/** A code action whose edit leaves out files no longer on disk (`editsOnDisk`); a command is kept as it is. */
export function actionOnDisk<T extends Command | CodeAction>(action: T): T {
  return 'edit' in action && action.edit !== undefined
    ? { ...action, edit: editsOnDisk(action.edit) }
    : action;
}

/** True for a `file:` URI whose file is not on disk (other schemes are a server's own documents). */
function gone(uri: string): boolean {
  const path = uriToPath(uri);
  return path !== undefined && fileFacts(path) === undefined;
}
