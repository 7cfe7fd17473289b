/**
 * typescript-language-server 5.3.0 over TypeScript 5.9.3's tsserver: the alternative TS/JS adapter
 * (`"server": "typescript-classic"` in locus.config.json).
 * `useSyntaxServer: "never"` makes requests block until the project is loaded (complete first answers, half the
 * memory); automatic type acquisition is off (no npm traffic, no typingsInstaller process); tsserver is pinned to
 * Locus's own TypeScript 5.9.3 so a workspace TypeScript 7 (which has no tsserver) is never picked up.
 * It leaves a child `node` process after a clean shutdown: the process-group kill removes it.
 * It ignores `didChangeWatchedFiles` (unless asked to let the client watch files), leaving changes on disk to
 * tsserver's own file watcher, which may notice a change only after the next request: changed files are opened
 * with their new text instead, so a request sent after the change sees it (docs/architecture.md, "Language servers").
 * tsserver answers from what it was sent, in order: no wait for its diagnostics of those files (a checkout of 332
 * files cost 5 s and a "possibly incomplete" while it did).
 */
import { join } from 'node:path';
import { lspLanguageId } from '../languages.js';
import type { ServerAdapter } from './adapter.js';
import { nodeScript, packageDir } from './resolve.js';

const INSTALL =
  'npm install typescript-language-server@5.3.0 typescript@5.9.3 (dependencies of Locus: run npm ci)';

function tsserverPath(): string | undefined {
  const dir = packageDir('typescript');
  return dir === undefined ? undefined : join(dir, 'lib', 'tsserver.js');
}

/** typescript-language-server + TypeScript 5.9.3. */
export const typescriptClassicAdapter: ServerAdapter = {
  id: 'typescript-classic',
  name: 'typescript-language-server',
  languages: ['typescript', 'javascript'],
  commands: ['typescript-language-server'],
  projectMarkers: ['tsconfig.json', 'jsconfig.json', 'package.json'],
  installHint: INSTALL,
  args: ['--stdio'],
  readiness: [{ kind: 'immediate' }],
  opensChangedFiles: true,
  settlesChangesAtOnce: true,
  offline: { initializationOptions: { disableAutomaticTypingAcquisition: true } },
  initializationOptions: {
    tsserver: { useSyntaxServer: 'never', ...(tsserverPath() === undefined ? {} : { path: tsserverPath() }) },
  },
  orphanBehaviour: 'exits when its stdin closes (its tsserver children follow); also watches processId',
  languageId: lspLanguageId,
  resolve() {
    return nodeScript('typescript-language-server', 'lib/cli.mjs', this.name, INSTALL);
  },
};
