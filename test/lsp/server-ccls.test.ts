/**
 * ccls (Debian) as an alternative C server, given by one configuration line (docs/languages.md, "Any other
 * server"): its recipe generates the compile database and keeps its index in Locus's cache folder, and readiness
 * is the end of its `indexing` progress (its first diagnostics come before the index, with partial references).
 */
import { C_FIXTURE } from './fixture-anchors.js';
import { serverSuite } from './server-suite.js';

serverSuite({
  title: 'C (ccls, configured)',
  adapter: 'configured:c',
  configured: {
    command: 'ccls',
    install: 'apt-get install -y --no-install-recommends ccls libclang-common-14-dev',
  },
  config: { languages: { c: { command: 'ccls' } } },
  ...C_FIXTURE,
  encoding: 'utf-32',
  projectUntouched: true,
});
