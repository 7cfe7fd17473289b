/**
 * Where the npm servers Locus bundles at build time live (`scripts/bundle-servers.js`): `dist/servers/` of the
 * package. This module sits two folders below the package root in the sources (`src/lsp/`), in the compiled
 * modules (`dist/lsp/`) and in the bundle's chunks (`dist/bundle/`), so one relative URL serves all three.
 */
import { fileURLToPath } from 'node:url';

/** The folder of the bundled servers (`json.cjs`, `css.cjs`, `html.cjs`, `yaml.cjs`). */
export const BUNDLED_SERVERS_DIR = fileURLToPath(new URL('../../dist/servers/', import.meta.url));
