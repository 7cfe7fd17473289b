/**
 * What the npm servers Locus bundles at build time share (JSON, CSS, HTML from vscode-langservers-extracted, YAML from
 * yaml-language-server; scripts/bundle-servers.js): how they are installed, and what keeps them off the network. Their
 * HTTP client is replaced by a guard that refuses every download while `LOCUS_SERVER_OFFLINE=1` is in their
 * environment, which the offline overlay sets unless `allowNetwork` is configured (docs/configuration.md, "No
 * network"): a `$schema` URL in a workspace file never reaches the network.
 */
import type { ServerAdapter } from './adapter.js';

/** The install hint of the bundled servers: they come with Locus's build. */
export const BUNDLED_INSTALL = 'npm run build (Locus bundles this server into dist/servers at build time)';

/** The environment that makes a bundled server refuse downloads. */
export const BUNDLED_OFFLINE: ServerAdapter['offline'] = { env: { LOCUS_SERVER_OFFLINE: '1' } };

/** These servers read only the documents open in them: answers cover the file asked about (and nothing else). */
export const SINGLE_FILE_ORPHAN = 'exits when its stdin closes; also watches processId';
