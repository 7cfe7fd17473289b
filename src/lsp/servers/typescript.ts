/**
 * TypeScript 7 native language server (`tsc --lsp --stdio`), the default for TypeScript and JavaScript.
 * The platform binary is spawned directly (not through the npm `tsc` wrapper, which on Node 20 stays resident
 * as an extra 43 MB process). Requests block until the project is loaded, so it is ready at once.
 * Automatic type acquisition is off by default: left on, the server runs `npm install types-registry` and
 * `npm install @types/…` for JavaScript projects (network traffic nobody asked for; see docs/configuration.md,
 * "No network"). Both the unified and the deprecated setting are sent, under every section the server reads.
 */
import { join } from 'node:path';
import { lspLanguageId } from '../languages.js';
import type { ServerAdapter } from './adapter.js';
import { notInstalled, packageDir } from './resolve.js';
import { existsSync } from 'node:fs';

const ATA_OFF = {
  disableAutomaticTypeAcquisition: true,
  tsserver: { automaticTypeAcquisition: { enabled: false } },
};

const INSTALL =
  'npm install @typescript/typescript-<platform>-<arch>@7.0.2 (an optional dependency of Locus: reinstall Locus without --omit=optional)';

/** TypeScript 7 native LSP. */
export const typescriptAdapter: ServerAdapter = {
  id: 'typescript',
  name: 'TypeScript 7 native language server',
  languages: ['typescript', 'javascript'],
  commands: ['tsc'],
  projectMarkers: ['tsconfig.json', 'jsconfig.json', 'package.json'],
  installHint: INSTALL,
  readiness: [{ kind: 'immediate' }],
  args: ['--lsp', '--stdio'],
  offline: { settings: { 'js/ts': ATA_OFF, typescript: ATA_OFF, javascript: ATA_OFF } },
  orphanBehaviour: 'exits when its stdin closes',
  languageId: lspLanguageId,
  resolve() {
    // The platform package is an optional dependency of Locus itself: not the `typescript@7` wrapper, whose `tsc`
    // bin would land in the consumer's node_modules/.bin (docs/operations.md, "Install").
    const platformPackage = `@typescript/typescript-${process.platform}-${process.arch}`;
    const dir = packageDir(platformPackage);
    const binary =
      dir === undefined ? undefined : join(dir, 'lib', process.platform === 'win32' ? 'tsc.exe' : 'tsc');
    if (binary === undefined || !existsSync(binary)) {
      throw notInstalled(this.name, `the npm package ${platformPackage}`, INSTALL);
    }
    return { command: binary, args: [] };
  },
};
