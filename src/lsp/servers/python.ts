/**
 * pyright (`pyright-langserver --stdio`) for Python. Requests sent before its workspace scan see only open files
 * and their imports, so readiness is the `Found N source files` log line (or its "no files" variant).
 * Files changed or created on disk are opened with their text rather than only reported, for the created ones:
 * pyright adds a reported new file to its program on a timer, and a references request sent before it fires is
 * answered without that file's references, unflagged (8 of 10 such requests on a busy machine, 2026-11-28); an
 * opened file counts at once. A changed file pyright would re-read in order, but opened it is checked too, as open
 * files are (at most 64 stay open, the least recently used closed).
 */
import { lspLanguageId } from '../languages.js';
import type { ServerAdapter } from './adapter.js';
import { nodeScript } from './resolve.js';

const INSTALL = 'npm install pyright@1.1.414 (a dependency of Locus: run npm ci)';

export const pyrightAdapter: ServerAdapter = {
  id: 'pyright',
  name: 'pyright',
  languages: ['python'],
  commands: ['pyright-langserver', 'basedpyright-langserver'],
  projectMarkers: ['pyproject.toml', 'setup.py', 'setup.cfg', 'requirements.txt', 'pyrightconfig.json'],
  installHint: INSTALL,
  args: ['--stdio'],
  opensChangedFiles: true,
  settlesChangesAtOnce: true,
  readiness: [{ kind: 'log', pattern: /^(Found \d+ source files?|No source files found)/m }],
  settings: {
    python: {
      analysis: { autoSearchPaths: true, useLibraryCodeForTypes: true, diagnosticMode: 'openFilesOnly' },
    },
  },
  orphanBehaviour: 'exits when its stdin closes; also watches processId',
  languageId: lspLanguageId,
  resolve() {
    return nodeScript('pyright', 'langserver.index.js', this.name, INSTALL);
  },
};
