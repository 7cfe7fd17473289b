/**
 * clangd for C and C++ (`clangd-19` preferred, else `clangd`). It gets a compile database in a per-project cache folder
 * (cache-dir.ts; the session's scratch dir when that cannot be created; see compile-commands.ts), `--rename-file-limit=0` (else renames touching more than 50 files are refused) and
 * `--log=error` (it logs every request at INFO otherwise). Readiness is the end of its `indexing` progress, which it
 * only reports to clients that support `window/workDoneProgress`. clangd 14/19 negotiate encodings only through
 * their `offsetEncoding` extension, so the offered encodings are sent both ways.
 */
import { join } from 'node:path';
import type { ServerAdapter } from './adapter.js';
import { projectCacheDir } from './cache-dir.js';
import { prepareCompileCommands } from './compile-commands.js';
import { pathCommand } from './resolve.js';
import { lspLanguageId } from '../languages.js';

const INSTALL = 'apt-get install -y --no-install-recommends clangd-19';

export const clangdAdapter: ServerAdapter = {
  id: 'clangd',
  name: 'clangd',
  languages: ['c', 'cpp'],
  commands: ['clangd'],
  opensChangedFiles: true,
  rechecksOnlyChangedFiles: true,
  answersBeforeReady: false,
  projectMarkers: ['compile_commands.json', 'CMakeLists.txt', 'Makefile'],
  installHint: INSTALL,
  args: ['--log=error', '--rename-file-limit=0', '--background-index', '--use-dirty-headers'],
  readiness: [{ kind: 'progress', title: /index/i }],
  // File status tells when a file's build is done: diagnostics published before are provisional (diagnostics.ts).
  initializationOptions: { clangdFileStatus: true },
  orphanBehaviour: 'exits when its stdin closes',
  languageId: lspLanguageId,
  resolve() {
    const command = pathCommand(['clangd-19', 'clangd'], this.name, INSTALL);
    return { command, args: [] };
  },
  async prepare({ root, tmpDir }) {
    // A kept folder lets one-shot calls reuse clangd's background index (it lives next to the database).
    const dir = projectCacheDir('clangd', root) ?? join(tmpDir, 'cdb');
    await prepareCompileCommands(root, dir);
    return [`--compile-commands-dir=${dir}`];
  },
  extraCapabilities(positionEncodings) {
    return { offsetEncoding: positionEncodings };
  },
};
