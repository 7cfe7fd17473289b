/**
 * Bash definitions by name (docs/languages.md, "Bash: the server's files"): bash-language-server resolves a function only in the
 * file itself and the files it `source`s, so a script whose library is loaded by its caller (bash-completion's
 * `completions/*` calling `_init_completion`) gets no definition at all. Then the workspace index's Bash functions
 * of that exact name are the answer, with a note that says they were found by name.
 */
import path from 'node:path';
import type { Location } from 'vscode-languageserver-protocol';
import { pathToUri } from '../../lsp/uri.js';
import type { ViewCache } from '../context/locations.js';
import type { OpTarget } from '../context/target.js';

/** More same-named functions than this are not a definition but a naming convention: the first ones are shown. */
const MAX_BY_NAME = 20;

/** Bash functions of the workspace named as the identifier at the cursor (none for other languages). */
export async function bashFunctionsByName(
  target: OpTarget,
  cache: ViewCache,
): Promise<{ name: string; locations: Location[] } | undefined> {
  const name = target.cursor.symbol?.name;
  if (target.loaded.language !== 'bash' || name === undefined || target.cursor.symbol?.role === 'declaration')
    return undefined;
  const { locator } = cache.context;
  const { index } = await locator.index.readyFor([name]);
  const isBash = (file: string) => index.store.entry(file)?.language === 'bash';
  const functions = index.store
    .lookup([name], isBash)
    .symbols.filter((symbol) => symbol.kind === 'function' && symbol.name === name);
  const locations: Location[] = [];
  for (const symbol of functions.slice(0, MAX_BY_NAME)) {
    const absPath = path.join(locator.root, symbol.file);
    const view = await cache.get(absPath);
    if (!view) continue;
    const range = {
      start: view.lines.toPosition(symbol.nameStart),
      end: view.lines.toPosition(symbol.nameEnd),
    };
    locations.push({ uri: pathToUri(absPath), range });
  }
  return locations.length > 0 ? { name, locations } : undefined;
}
