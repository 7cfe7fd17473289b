/**
 * gopls (Debian's, from x/tools 0.5.0) for Go. It shells out to `go`, so both must be on PATH. Requests block
 * until packages are loaded, so it is ready at once. Debian's Go is 1.19: a `go.mod` with a three-part `go 1.22.0`
 * line breaks every request, and no module downloads are possible offline.
 */
import type { ServerAdapter } from './adapter.js';
import { pathCommand } from './resolve.js';

const INSTALL = 'apt-get install -y --no-install-recommends gopls golang-go';

export const goplsAdapter: ServerAdapter = {
  id: 'gopls',
  name: 'gopls',
  languages: ['go'],
  commands: ['gopls'],
  projectMarkers: ['go.mod'],
  installHint: INSTALL,
  args: [],
  readiness: [{ kind: 'immediate' }],
  settings: { gopls: { linksInHover: false } },
  // `go list` (run by gopls) must not fetch modules or toolchains: the module cache and the local Go only.
  offline: { env: { GOPROXY: 'off', GOTOOLCHAIN: 'local' } },
  orphanBehaviour: 'exits when its stdin closes',
  languageId: () => 'go',
  resolve() {
    const command = pathCommand(['gopls'], this.name, INSTALL);
    pathCommand(['go'], 'go (needed by gopls)', INSTALL);
    return { command, args: [] };
  },
};
