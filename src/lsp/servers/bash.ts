/**
 * bash-language-server (`bash-language-server start`). References are empty until its background analysis has
 * run, so readiness is the `BackgroundAnalysis: Completed` log line. It ignores stdin EOF: after a SIGKILL of Locus
 * only the `processId` watchdog (a 3 s poll in vscode-languageserver) ends it. Analysis stops at 500 files
 * (`backgroundAnalysisMaxFiles`), which can be raised through settings `bashIde.backgroundAnalysisMaxFiles`. Its
 * background analysis reads only files its `globPattern` matches: Locus adds the extension-less scripts it
 * recognises by content (`bash-glob.ts`).
 */
import { lspLanguageId } from '../languages.js';
import type { ServerAdapter } from './adapter.js';
import { bashScriptSettings } from './bash-glob.js';
import { nodeScript } from './resolve.js';

const INSTALL = 'npm install bash-language-server@5.8.1 (a dependency of Locus: run npm ci)';

export const bashAdapter: ServerAdapter = {
  id: 'bash',
  name: 'bash-language-server',
  languages: ['bash'],
  commands: ['bash-language-server'],
  opensChangedFiles: true,
  projectMarkers: [],
  installHint: INSTALL,
  args: ['start'],
  readiness: [{ kind: 'log', pattern: /BackgroundAnalysis: Completed/ }],
  orphanBehaviour: 'ignores stdin EOF; exits through the processId watchdog within about 3 s',
  languageId: lspLanguageId,
  scriptSettings: bashScriptSettings,
  resolve() {
    return nodeScript('bash-language-server', 'out/cli.js', this.name, INSTALL);
  },
};
